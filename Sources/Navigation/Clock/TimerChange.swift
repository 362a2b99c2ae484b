import Foundation

/// What a timer effect asks of the clock: the one timer effect every state machine shares,
/// each machine's `Effect` carrying it as `.timer(TimerChange<Timer>)`.
///
/// It lives here, in the lowest module with a state machine (`NavigationSession`), so that
/// machine's effects carry the same value as Core's (`HeadUnitCore`, `LifecycleMachine`);
/// `StateMachine` and `VirtualClock` read it through `TimerEffect`. Frozen and inlinable:
/// every event of every machine passes through it, so callers specialize it.
@frozen public enum TimerChange<Timer: Hashable>: Hashable {
  /// Fire `Timer` at the instant (again: a timer scheduled twice fires at the later time).
  case schedule(Timer, at: Date)
  /// Do not fire it; nothing happens when it is not pending.
  case cancel(Timer)

  /// The same change to the timer `transform` names: how a machine passes on the timers of
  /// a machine inside it, in its own namespace.
  @inlinable public func map<Outer>(_ transform: (Timer) -> Outer) -> TimerChange<Outer> {
    switch self {
    case .schedule(let timer, let instant): .schedule(transform(timer), at: instant)
    case .cancel(let timer): .cancel(transform(timer))
    }
  }
}

extension TimerChange: Sendable where Timer: Sendable {}

/// A machine's effect type: one of its cases is `.timer(TimerChange<Timer>)`.
public protocol TimerEffect {
  associatedtype Timer: Hashable

  /// The timer this effect schedules or cancels; nil for any other effect.
  var timerChange: TimerChange<Timer>? { get }
}

/// A machine's event type: one of its cases, `.timer(Timer)`, says a timer fired (the enum
/// case itself is the witness of `timer(_:)`).
public protocol TimerEvent {
  associatedtype Timer: Hashable

  /// The event that tells the machine `timer` fired.
  static func timer(_ timer: Timer) -> Self
}

/// A machine whose only effects are timers (the daemon's) has `TimerChange` as its effect.
extension TimerChange: TimerEffect {
  @inlinable public var timerChange: TimerChange<Timer>? { self }
}
