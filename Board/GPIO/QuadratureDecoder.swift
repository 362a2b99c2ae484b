/// Turns the two contact levels of a rotary encoder into detents.
///
/// The encoder's contacts A and B form a 2-bit Gray code. Clockwise means A leads B: from
/// the rest state `11` the sequence is `11 → 01 → 00 → 10 → 11` (levels written as `AB`);
/// counter-clockwise runs the other way. `reversed` swaps the two, for encoders wired the
/// other way round.
///
/// The decoder is a pure state machine: it does no I/O and reads no clock. Each call to
/// ``update(a:b:at:)`` gives the levels after one change and the kernel time of that change.
///
/// - Transitions are looked up in a 16-entry table indexed by (old state, new state). A
///   change of one bit is one step in one direction; no change is nothing; a change of both
///   bits at once (contact bounce faster than the sampling, or a missed edge) is *invalid*:
///   the direction is unknown, so it counts nothing and the detent it happened in is dropped.
/// - Steps are summed signed, so bounce on one contact (`01 → 11 → 01 …`) cancels out and
///   turning half a detent and back counts nothing.
/// - A detent is counted when the state arrives at a rest position having moved a whole
///   detent's worth of steps in one direction. With 4 transitions per detent (KY-040, EC11)
///   the only rest state is both contacts at `restLevel`; with 2, both contacts equal (`11`
///   or `00`); with 1, every state.
/// - A direction change mid-detent is just steps of the other sign: the detent counts only
///   if the knob then completes it in the new direction.
/// - With 1 transition per detent every state is a rest state, so bounce on the last edge
///   would count back and forth. There a step against the last counted direction within
///   `reversalHoldoff` (5 ms) of it is held: if the contact bounces back it cancels out; if
///   the knob really turned back, the step counts with the next change.
///
/// Acceleration, when enabled, multiplies detents that follow the previous one quickly; see
/// ``Acceleration``.
public struct QuadratureDecoder: Sendable {
  /// How the decoder speeds up on fast spins.
  ///
  /// The curve: for a detent completed `interval` after the previous detent in the same
  /// direction, the multiplier is `clamp(⌊threshold / interval⌋, 1, maximum)`. With the
  /// defaults (40 ms, ×5): a detent every 40 ms or slower counts 1; every 20 ms counts 2;
  /// every 13 ms counts 3; every 10 ms counts 4; every 8 ms or faster counts 5. The first
  /// detent after a pause or a change of direction always counts 1, so a single click is
  /// never amplified.
  public struct Acceleration: Sendable, Equatable {
    /// Detents closer together than this are multiplied.
    public var threshold: Duration
    /// The largest multiplier.
    public var maximum: Int

    public init(threshold: Duration = .milliseconds(40), maximum: Int = 5) {
      precondition(threshold > .zero, "acceleration threshold must be positive")
      precondition(maximum >= 1, "acceleration maximum must be at least 1")
      self.threshold = threshold
      self.maximum = maximum
    }

    /// The defaults: 40 ms, up to ×5.
    public static let standard = Acceleration()

    /// The multiplier for a detent `interval` after the previous one in the same direction.
    public func multiplier(interval: Duration) -> Int {
      guard interval < threshold else { return 1 }
      guard interval > .zero else { return maximum }
      let ratio = threshold / interval
      return ratio >= Double(maximum) ? maximum : max(1, Int(ratio))
    }
  }

  /// One row of the transition table.
  enum Step: Sendable, Equatable {
    case none
    case clockwise
    case counterClockwise
    /// Both bits changed at once: the direction is unknown.
    case invalid
  }

  /// Steps indexed by `old << 2 | new`, where a state is `a << 1 | b`.
  ///
  /// Clockwise successors: `00 → 10`, `10 → 11`, `11 → 01`, `01 → 00`.
  static let table: [Step] = [
    // old 00 → new 00, 01, 10, 11
    .none, .counterClockwise, .clockwise, .invalid,
    // old 01
    .clockwise, .none, .invalid, .counterClockwise,
    // old 10
    .counterClockwise, .invalid, .none, .clockwise,
    // old 11
    .invalid, .clockwise, .counterClockwise, .none,
  ]

  /// Valid transitions that make one detent: 1, 2 or 4.
  public let transitionsPerDetent: Int
  /// Whether counter-clockwise (B leads A) counts positive.
  public let reversed: Bool
  /// The fast-spin multiplier, or `nil` for one count per detent always.
  public let acceleration: Acceleration?
  /// The level both contacts rest at in a detent (4 transitions per detent).
  public let restLevel: Bool
  /// With 1 transition per detent: how soon after a count a step back is treated as bounce.
  public let reversalHoldoff = Duration.milliseconds(5)

  private var state: UInt8
  /// Signed valid steps since the last rest state.
  private var pending = 0
  /// Whether an invalid transition happened since the last rest state.
  private var tainted = false
  /// The time and direction of the last counted detent, for acceleration.
  private var lastDetent: (at: Duration, sign: Int)?

  /// Creates a decoder resting in a detent.
  ///
  /// - Parameters:
  ///   - transitionsPerDetent: 1, 2 or 4 (anything else is a programming error; the
  ///     configuration loader validates user input).
  ///   - reversed: count counter-clockwise (B leads A) as positive.
  ///   - acceleration: the fast-spin curve, or `nil` for none.
  ///   - restLevel: the logical level of both contacts in a detent: `true` for the usual
  ///     pull-ups with contacts open at rest read active-high; `false` if the lines are
  ///     requested active-low.
  public init(
    transitionsPerDetent: Int = 4, reversed: Bool = false, acceleration: Acceleration? = nil,
    restLevel: Bool = true
  ) {
    precondition(
      [1, 2, 4].contains(transitionsPerDetent), "transitionsPerDetent must be 1, 2 or 4")
    self.transitionsPerDetent = transitionsPerDetent
    self.reversed = reversed
    self.acceleration = acceleration
    self.restLevel = restLevel
    self.state = restLevel ? 0b11 : 0b00
  }

  /// The contact levels the decoder last saw.
  public var levels: (a: Bool, b: Bool) { (state & 0b10 != 0, state & 0b01 != 0) }

  /// Sets the levels outright (as read at start-up) without counting anything.
  public mutating func reset(a: Bool, b: Bool) {
    state = (a ? 0b10 : 0) | (b ? 0b01 : 0)
    pending = 0
    tainted = false
    lastDetent = nil
  }

  /// Feeds the levels after one change; returns the detents it completed.
  ///
  /// - Parameters:
  ///   - a: contact A's logical level now.
  ///   - b: contact B's logical level now.
  ///   - at: when the change happened (kernel time); used for acceleration and the
  ///     1-transition reversal hold-off, and must not go backwards.
  /// - Returns: signed detents, clockwise positive (after `reversed`), multiplied by the
  ///   acceleration curve; 0 for most calls.
  public mutating func update(a: Bool, b: Bool, at time: Duration) -> Int {
    let new: UInt8 = (a ? 0b10 : 0) | (b ? 0b01 : 0)
    let step = Self.table[Int(state << 2 | new)]
    state = new
    switch step {
    case .none: return 0
    case .clockwise: pending += 1
    case .counterClockwise: pending -= 1
    case .invalid: tainted = true
    }
    guard isRest(new) else { return 0 }
    guard !tainted else {
      pending = 0
      tainted = false
      return 0
    }
    let detents = pending / transitionsPerDetent
    if transitionsPerDetent == 1, detents != 0, let lastDetent,
      lastDetent.sign != detents.signum(), time - lastDetent.at < reversalHoldoff
    {
      // Possibly bounce undoing the last count: hold it until the next change decides.
      return 0
    }
    pending = 0
    guard detents != 0 else { return 0 }
    return count(detents, at: time)
  }

  private func isRest(_ state: UInt8) -> Bool {
    switch transitionsPerDetent {
    case 1: return true
    case 2: return state == 0b00 || state == 0b11
    default: return state == (restLevel ? 0b11 : 0b00)
    }
  }

  private mutating func count(_ detents: Int, at time: Duration) -> Int {
    let sign = detents > 0 ? 1 : -1
    var multiplier = 1
    if let acceleration, let lastDetent, lastDetent.sign == sign, time >= lastDetent.at {
      multiplier = acceleration.multiplier(interval: time - lastDetent.at)
    }
    lastDetent = (time, sign)
    return detents * multiplier * (reversed ? -1 : 1)
  }
}
