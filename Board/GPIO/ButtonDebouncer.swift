import Core

/// Debounces one push button and recognises long presses, on event timestamps alone.
///
/// A pure state machine: it reads no clock. The owner feeds it level changes with their
/// kernel timestamps (``update(pressed:at:)``) and, because some outcomes are decided by time
/// passing with no edge (a press becomes certain 10 ms after its last bounce; a long press
/// happens while the button is still held), it schedules a wake-up at ``nextDeadline`` and
/// calls ``tick(at:)`` then.
///
/// Contract:
/// - A level change counts only once the line has stayed at the new level for `debounce`;
///   a change that reverses within `debounce` is bounce and reports nothing. Every edge of
///   the bounce restarts the wait.
/// - A button that is not held for `longPress` reports `press`, then `release`.
/// - A button held for `longPress` (measured from the edge that started the press) reports
///   `press`, then `longPress` while still held, then `release`.
/// - A release that is still being debounced when the long-press time comes holds the long
///   press back: if the release is confirmed there is no long press; if it was bounce, the
///   long press follows.
/// - Outcomes due at or before the time given to `update` or `tick` are reported, in order.
public struct ButtonDebouncer: Sendable, Equatable {
  /// A level change waiting to be confirmed.
  struct Candidate: Sendable, Equatable {
    var pressed: Bool
    var since: Duration
  }

  /// How long a new level must hold before it counts.
  public let debounce: Duration
  /// How long a press must last to become a long press.
  public let longPress: Duration

  /// The debounced state.
  public private(set) var isPressed: Bool
  private var candidate: Candidate?
  /// When the current press started (its first confirmed edge), while pressed.
  private var pressedSince: Duration?
  private var longPressReported = false

  /// Creates a debouncer for a button that starts released (or held, if `pressed`).
  ///
  /// A button already held at start reports no press and no long press; its release is
  /// reported.
  public init(
    debounce: Duration = .milliseconds(10), longPress: Duration = .milliseconds(700),
    pressed: Bool = false
  ) {
    precondition(debounce >= .zero && longPress > debounce, "longPress must exceed debounce")
    self.debounce = debounce
    self.longPress = longPress
    self.isPressed = pressed
    self.longPressReported = pressed
  }

  /// When the owner must call ``tick(at:)`` next, or `nil` if nothing is pending.
  public var nextDeadline: Duration? {
    if let candidate { return candidate.since + debounce }
    if isPressed, !longPressReported, let pressedSince { return pressedSince + longPress }
    return nil
  }

  /// Feeds the button's new logical level (`true` = pressed) and when it changed.
  ///
  /// Reports whatever became certain up to `time`, including outcomes of deadlines the owner
  /// has not ticked yet.
  public mutating func update(pressed: Bool, at time: Duration) -> [ButtonAction] {
    var actions = tick(at: time)
    if pressed == isPressed {
      candidate = nil
    } else {
      candidate = Candidate(pressed: pressed, since: time)
    }
    actions += tick(at: time)
    return actions
  }

  /// Reports what became certain by `time`: confirmed presses and releases, long presses.
  public mutating func tick(at time: Duration) -> [ButtonAction] {
    var actions: [ButtonAction] = []
    while let deadline = nextDeadline, deadline <= time {
      actions.append(fire())
    }
    return actions
  }

  private mutating func fire() -> ButtonAction {
    if let confirmed = candidate {
      candidate = nil
      isPressed = confirmed.pressed
      if confirmed.pressed {
        pressedSince = confirmed.since
        longPressReported = false
        return .press
      }
      pressedSince = nil
      return .release
    }
    longPressReported = true
    return .longPress
  }
}
