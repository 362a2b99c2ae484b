import Foundation

@testable import Core

/// Runs a `LifecycleMachine` on a virtual clock, like `Replay` does for sessions.
///
/// Keeps the timers the machine schedules and, before each event, fires every timer due
/// at or before the event's instant, in time order. Records every effect with its time
/// (seconds since `origin`).
struct LifecycleClock {
  var machine: LifecycleMachine
  var timers: [LifecycleMachine.Timer: Date] = [:]
  var log: [(t: TimeInterval, effect: LifecycleMachine.Effect)] = []
  let origin = Date(timeIntervalSince1970: 1_800_000_000)

  /// Starts a machine and brings it to `active` at t = 0.
  init(configuration: LifecycleMachine.Configuration = .init()) {
    machine = LifecycleMachine(configuration: configuration)
    apply(LifecycleMachine.startEffects, at: 0)
    send(.devicesReady, at: 0)
  }

  /// Fires due timers, then delivers `event` at `t` seconds.
  mutating func send(_ event: LifecycleMachine.Event, at t: TimeInterval) {
    advance(to: t)
    apply(machine.handle(event, at: origin.addingTimeInterval(t)), at: t)
  }

  /// Fires, in order, every timer due at or before `t`.
  mutating func advance(to t: TimeInterval) {
    let limit = origin.addingTimeInterval(t)
    while let (timer, due) = timers.filter({ $0.value <= limit }).min(by: { $0.value < $1.value }) {
      timers[timer] = nil
      apply(machine.handle(.timer(timer), at: due), at: due.timeIntervalSince(origin))
    }
  }

  /// Effects other than timer bookkeeping.
  var visible: [LifecycleMachine.Effect] {
    log.map(\.effect).filter {
      switch $0 {
      case .schedule, .cancelTimer: false
      default: true
      }
    }
  }

  func count(_ effect: LifecycleMachine.Effect) -> Int {
    log.filter { $0.effect == effect }.count
  }

  private mutating func apply(_ effects: [LifecycleMachine.Effect], at t: TimeInterval) {
    for effect in effects {
      log.append((t, effect))
      switch effect {
      case .schedule(let timer, let due): timers[timer] = due
      case .cancelTimer(let timer): timers[timer] = nil
      default: break
      }
    }
  }
}
