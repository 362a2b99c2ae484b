import Foundation
import Navigation

/// The one shape of the program's state machines: an event goes in with the instant it
/// happened, effects come out, in order. A machine never reads a clock: a timer is an
/// effect that schedules or cancels it, and its firing comes back as an event.
///
/// Conformers: `HeadUnitCore`, `LifecycleMachine` and `NavigationSession`. Whoever owns
/// one carries out its effects: the car's daemon on the real clock, `VirtualClock` on a
/// virtual one.
public protocol StateMachine {
  associatedtype Event
  associatedtype Effect
  associatedtype Timer: Hashable

  /// Handles one event at `now` and returns what to do, in order.
  mutating func handle(_ event: Event, at now: Date) -> [Effect]

  /// The timer `effect` schedules or cancels; nil for any other effect.
  static func timerChange(in effect: Effect) -> TimerChange<Timer>?

  /// The event that tells the machine `timer` fired.
  static func fired(_ timer: Timer) -> Event
}

/// What a timer effect asks of the clock.
public enum TimerChange<Timer: Hashable>: Equatable {
  /// Fire `Timer` at the instant (again: a timer scheduled twice fires at the later time).
  case schedule(Timer, at: Date)
  /// Do not fire it; nothing happens when it is not pending.
  case cancel(Timer)
}

extension HeadUnitCore: StateMachine {
  public static func timerChange(in effect: Effect) -> TimerChange<Timer>? {
    switch effect {
    case .schedule(let timer, let instant): .schedule(timer, at: instant)
    case .cancel(let timer): .cancel(timer)
    default: nil
    }
  }

  public static func fired(_ timer: Timer) -> Event { .timer(timer) }
}

extension LifecycleMachine: StateMachine {
  public static func timerChange(in effect: Effect) -> TimerChange<Timer>? {
    switch effect {
    case .schedule(let timer, let instant): .schedule(timer, at: instant)
    case .cancel(let timer): .cancel(timer)
    default: nil
    }
  }

  public static func fired(_ timer: Timer) -> Event { .timer(timer) }
}

extension NavigationSession: StateMachine {
  public static func timerChange(in effect: Effect) -> TimerChange<SessionTimer>? {
    switch effect {
    case .schedule(let timer, let instant): .schedule(timer, at: instant)
    case .cancel(let timer): .cancel(timer)
    default: nil
    }
  }

  public static func fired(_ timer: SessionTimer) -> Event { .timer(timer) }
}
