/// Debounces the ignition (ACC) line so that a cranking dip does not shut the unit down.
///
/// A pure state machine on event timestamps, like ``ButtonDebouncer``: the owner feeds level
/// changes and calls ``tick(at:)`` at ``nextDeadline``.
///
/// Contract:
/// - The level is logical: `true` means ignition on. Whether the wire is active-high or
///   active-low is the line request's business (the configuration's `activeHigh` becomes the
///   line's active-low flag), so edges arrive already inverted.
/// - On counts once the line has stayed on for `onDelay` (default 50 ms): prompt, but a
///   spike does not count.
/// - Off counts only once the line has stayed off for `offDelay` (default 2 s): the supply
///   sags while the starter motor cranks, and that dip must not count.
/// - While the state is unknown (no edge yet, nothing seeded) either level counts after
///   `onDelay`: there is no running state to protect.
public struct IgnitionDebouncer: Sendable, Equatable {
  struct Candidate: Sendable, Equatable {
    var on: Bool
    var since: Duration
  }

  /// How long the line must stay on before on counts.
  public let onDelay: Duration
  /// How long the line must stay off before off counts.
  public let offDelay: Duration
  /// The debounced state, or `nil` while unknown.
  public private(set) var isOn: Bool?
  private var candidate: Candidate?

  public init(
    onDelay: Duration = .milliseconds(50), offDelay: Duration = .seconds(2), initial: Bool? = nil
  ) {
    precondition(onDelay >= .zero && offDelay >= .zero, "delays must not be negative")
    self.onDelay = onDelay
    self.offDelay = offDelay
    self.isOn = initial
  }

  /// When the owner must call ``tick(at:)`` next, or `nil` if nothing is pending.
  public var nextDeadline: Duration? {
    guard let candidate else { return nil }
    let delay = candidate.on || isOn == nil ? onDelay : offDelay
    return candidate.since + delay
  }

  /// Feeds the line's new logical level and when it changed.
  ///
  /// - Returns: the new debounced state if one became certain by `time` (including by a
  ///   deadline the owner has not ticked yet), else `nil`.
  public mutating func update(on: Bool, at time: Duration) -> Bool? {
    var reported = tick(at: time)
    if on == isOn {
      candidate = nil
    } else {
      candidate = Candidate(on: on, since: time)
    }
    if let now = tick(at: time) { reported = now }
    return reported
  }

  /// Sets the state outright, as read from the line at start-up.
  ///
  /// - Returns: the state if it differs from what was known.
  public mutating func seed(on: Bool) -> Bool? {
    candidate = nil
    guard isOn != on else { return nil }
    isOn = on
    return on
  }

  /// Reports the new debounced state if one became certain by `time`.
  public mutating func tick(at time: Duration) -> Bool? {
    guard let deadline = nextDeadline, deadline <= time, let confirmed = candidate else {
      return nil
    }
    candidate = nil
    isOn = confirmed.on
    return confirmed.on
  }
}
