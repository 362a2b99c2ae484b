import Foundation
import MachineTestSupport

@testable import Core

/// A `LifecycleMachine` on the program's virtual clock, recording every effect with its
/// time (seconds since `origin`).
typealias LifecycleClock = RecordingClock<LifecycleMachine>

extension RecordingClock where Machine == LifecycleMachine {
  /// Starts a machine and brings it to `active` at t = 0.
  init(configuration: LifecycleMachine.Configuration = .init()) {
    self.init(
      LifecycleMachine(configuration: configuration),
      origin: Date(timeIntervalSince1970: 1_800_000_000))
    note(LifecycleMachine.startEffects, at: 0)
    send(.devicesReady, at: 0)
  }

  /// Effects other than timer bookkeeping.
  var visible: [LifecycleMachine.Effect] { withoutTimers }

  func count(_ effect: LifecycleMachine.Effect) -> Int {
    log.filter { $0.effect == effect }.count
  }
}
