import Foundation

@testable import Core

/// A `LifecycleMachine` on the program's virtual clock (`VirtualClock`), recording every
/// effect with its time (seconds since `origin`).
struct LifecycleClock {
  private var clock: VirtualClock<LifecycleMachine>
  var log: [(t: TimeInterval, effect: LifecycleMachine.Effect)] = []

  /// Starts a machine and brings it to `active` at t = 0.
  init(configuration: LifecycleMachine.Configuration = .init()) {
    clock = VirtualClock(
      LifecycleMachine(configuration: configuration),
      origin: Date(timeIntervalSince1970: 1_800_000_000))
    log = LifecycleMachine.startEffects.map { (0, $0) }
    send(.devicesReady, at: 0)
  }

  var machine: LifecycleMachine { clock.machine }
  var origin: Date { clock.origin }
  var timers: [LifecycleMachine.Timer: Date] { clock.pendingTimers }

  /// Fires due timers, then delivers `event` at `t` seconds.
  mutating func send(_ event: LifecycleMachine.Event, at t: TimeInterval) {
    var log = self.log
    let origin = self.origin
    clock.send(event, at: t) { effect, instant, _ in
      log.append((instant.timeIntervalSince(origin), effect))
      return []
    }
    self.log = log
  }

  /// Fires, in order, every timer due at or before `t`.
  mutating func advance(to t: TimeInterval) {
    var log = self.log
    let origin = self.origin
    clock.advance(to: t) { effect, instant, _ in
      log.append((instant.timeIntervalSince(origin), effect))
      return []
    }
    self.log = log
  }

  /// Effects other than timer bookkeeping.
  var visible: [LifecycleMachine.Effect] {
    log.map(\.effect).filter {
      switch $0 {
      case .timer: false
      default: true
      }
    }
  }

  func count(_ effect: LifecycleMachine.Effect) -> Int {
    log.filter { $0.effect == effect }.count
  }
}
