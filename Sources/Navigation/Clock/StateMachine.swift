import Foundation

/// The one shape of the program's state machines: an event goes in with the instant it
/// happened, effects come out, in order. A machine never reads a clock: a timer is an
/// effect, `.timer(TimerChange)`, that schedules or cancels it, and its firing comes back
/// as the event `.timer(timer)`.
///
/// Conformers: `HeadUnitDaemon` (whose effects are its timers), `HeadUnitCore`,
/// `LifecycleMachine`, `NavigationSession`, `InterfaceController` and `FleetReporter`.
/// Whoever owns one carries out its effects: the car's daemon and `FleetService` on the
/// real clock, `VirtualClock` on a virtual one. A conformance has no
/// body: the effect type says which of its effects is a timer (`TimerEffect`), and the
/// event type's `.timer` case is how one fires (`TimerEvent`). Those two and `TimerChange`
/// live here in `Navigation` with this protocol and `VirtualClock`, the lowest module with a
/// machine, so `NavigationSession`'s effects carry the same timer effect as Core's and its
/// tests run on the same driver.
public protocol StateMachine {
  associatedtype Timer: Hashable
  associatedtype Event: TimerEvent where Event.Timer == Timer
  associatedtype Effect: TimerEffect where Effect.Timer == Timer

  /// Handles one event at `now` and returns what to do, in order.
  mutating func handle(_ event: Event, at now: Date) -> [Effect]
}

extension NavigationSession: StateMachine {}
