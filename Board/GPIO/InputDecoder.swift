import Core

/// Turns raw GPIO edges into input events: knob turns, button actions, ignition and
/// headlight changes.
///
/// A pure state machine over a ``ResolvedInputConfig``: one ``QuadratureDecoder`` for the
/// encoder lines, one ``ButtonDebouncer`` per button, an ``IgnitionDebouncer`` each for the
/// ignition and the headlights (the latter settles after ``headlightsDelay`` either way). It tracks the
/// logical level of every configured line (edges report one line each; the encoder needs
/// both). It reads no clock: the owner (one `for await` loop over the edge source) calls
/// ``handle(_:)`` for each edge, and ``tick(at:)`` when ``nextDeadline`` passes.
///
/// Contract:
/// - Events come out in time order. Outcomes decided by a deadline carry the deadline's
///   time, not the time the owner got round to ticking; deadlines due before an edge are
///   settled before the edge is applied.
/// - Before any edge or ``seed(levels:at:)``, the encoder is assumed at rest, buttons
///   released, and the ignition state unknown.
/// - Edges for lines not in the configuration are ignored.
public struct InputDecoder: Sendable {
  private let kinds: [UInt32: ResolvedInputConfig.Kind]
  private var levels: [UInt32: Bool] = [:]
  private var encoder: QuadratureDecoder?
  private var encoderLines: (a: UInt32, b: UInt32)?
  /// Button debouncers by line offset; `buttonOrder` fixes the order ties are reported in.
  private var buttons: [UInt32: ButtonDebouncer] = [:]
  private let buttonOrder: [UInt32]
  private var ignition: IgnitionDebouncer?
  private var headlights: IgnitionDebouncer?
  private let config: ResolvedInputConfig

  /// How long the headlights line must hold a level before it counts: a switch flicked
  /// through its positions does not flash the screen.
  public static let headlightsDelay = Duration.milliseconds(500)

  public init(_ config: ResolvedInputConfig) {
    self.config = config
    var kinds: [UInt32: ResolvedInputConfig.Kind] = [:]
    var a: ResolvedInputConfig.Line?
    var b: ResolvedInputConfig.Line?
    var order: [UInt32] = []
    for line in config.lines {
      precondition(kinds[line.offset] == nil, "line \(line.offset) configured twice")
      kinds[line.offset] = line.kind
      switch line.kind {
      case .encoderA: a = line
      case .encoderB: b = line
      case .button:
        buttons[line.offset] = ButtonDebouncer(
          debounce: config.debounce, longPress: config.longPress)
        order.append(line.offset)
      case .ignition:
        ignition = IgnitionDebouncer(
          onDelay: config.ignitionOnDelay, offDelay: config.ignitionOffDelay)
      case .headlights:
        headlights = IgnitionDebouncer(
          onDelay: Self.headlightsDelay, offDelay: Self.headlightsDelay)
      }
    }
    if let a, let b {
      let settings = config.encoder ?? ResolvedInputConfig.Encoder()
      // Contacts rest open, so at the pull-up level: logical 1 unless requested active-low.
      let rest = !a.activeLow
      encoder = QuadratureDecoder(
        transitionsPerDetent: settings.transitionsPerDetent, reversed: settings.reversed,
        acceleration: settings.acceleration, restLevel: rest)
      encoderLines = (a.offset, b.offset)
      levels[a.offset] = rest
      levels[b.offset] = rest
    }
    self.kinds = kinds
    self.buttonOrder = order
  }

  /// When the owner must call ``tick(at:)`` next, or `nil` if nothing is pending.
  public var nextDeadline: Duration? {
    var deadlines = buttons.values.compactMap(\.nextDeadline)
    if let due = ignition?.nextDeadline { deadlines.append(due) }
    if let due = headlights?.nextDeadline { deadlines.append(due) }
    return deadlines.min()
  }

  /// Sets line levels read at start-up, without reporting knob turns or button actions.
  ///
  /// - Returns: the ignition and headlights states, if among `levels` and not known.
  public mutating func seed(levels seeded: [UInt32: Bool], at time: Duration) -> [InputEvent] {
    var events: [InputEvent] = []
    for (offset, level) in seeded.sorted(by: { $0.key < $1.key }) {
      guard let kind = kinds[offset] else { continue }
      levels[offset] = level
      switch kind {
      case .encoderA, .encoderB:
        if let lines = encoderLines, let a = levels[lines.a], let b = levels[lines.b] {
          encoder?.reset(a: a, b: b)
        }
      case .button:
        buttons[offset] = ButtonDebouncer(
          debounce: config.debounce, longPress: config.longPress, pressed: level)
      case .ignition:
        if let on = ignition?.seed(on: level) {
          events.append(.ignition(on: on, at: time))
        }
      case .headlights:
        if let on = headlights?.seed(on: level) {
          events.append(.headlights(on: on, at: time))
        }
      }
    }
    return events
  }

  /// Applies one edge; returns what it (and any deadline due before it) decided.
  public mutating func handle(_ edge: Edge) -> [InputEvent] {
    var events = tick(at: edge.timestamp)
    guard let kind = kinds[edge.line] else { return events }
    levels[edge.line] = edge.rising
    let time = edge.timestamp
    switch kind {
    case .encoderA, .encoderB:
      guard let lines = encoderLines, let a = levels[lines.a], let b = levels[lines.b],
        let detents = encoder?.update(a: a, b: b, at: time), detents != 0
      else { break }
      events.append(.rotated(detents: detents, at: time))
    case .button(let role):
      for action in buttons[edge.line]?.update(pressed: edge.rising, at: time) ?? [] {
        events.append(.button(role: role, action: action, at: time))
      }
    case .ignition:
      if let on = ignition?.update(on: edge.rising, at: time) {
        events.append(.ignition(on: on, at: time))
      }
    case .headlights:
      if let on = headlights?.update(on: edge.rising, at: time) {
        events.append(.headlights(on: on, at: time))
      }
    }
    return events
  }

  /// Settles every deadline due by `time`, earliest first, each stamped with its deadline.
  public mutating func tick(at time: Duration) -> [InputEvent] {
    var events: [InputEvent] = []
    while let deadline = nextDeadline, deadline <= time {
      if let due = ignition?.nextDeadline, due == deadline,
        let on = ignition?.tick(at: deadline)
      {
        events.append(.ignition(on: on, at: deadline))
      }
      if let due = headlights?.nextDeadline, due == deadline,
        let on = headlights?.tick(at: deadline)
      {
        events.append(.headlights(on: on, at: deadline))
      }
      for offset in buttonOrder where buttons[offset]?.nextDeadline == deadline {
        guard case .button(let role) = kinds[offset] else { continue }
        for action in buttons[offset]?.tick(at: deadline) ?? [] {
          events.append(.button(role: role, action: action, at: deadline))
        }
      }
    }
    return events
  }
}
