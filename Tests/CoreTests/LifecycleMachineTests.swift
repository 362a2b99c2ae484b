import Foundation
import Testing

@testable import Core

@Suite("Lifecycle: disconnect timing and safe shutdown")
struct LifecycleMachineTests {
  typealias Machine = LifecycleMachine
  static let teardown: [Machine.Effect] = [
    .persistSession, .stopPrompts, .showParked, .blankScreen, .releaseDevices,
  ]

  @Test("power back at 9.9 s of a 10 s grace leaves the session untouched")
  func powerBackJustInTime() {
    var clock = LifecycleClock()
    clock.send(.powerLost, at: 0)
    clock.send(.powerRestored, at: 9.9)
    clock.advance(to: 120)
    #expect(clock.machine.state == .active)
    #expect(clock.visible == [.acquireDevices, .showMap])
    #expect(clock.machine.pendingTimers.isEmpty)
    #expect(clock.timers.isEmpty)
  }

  @Test("at 10.0 s the teardown happens exactly once")
  func teardownOnce() {
    var clock = LifecycleClock()
    clock.send(.powerLost, at: 0)
    clock.send(.powerRestored, at: 10.0)
    clock.advance(to: 120)
    let teardownAt = clock.log.filter { $0.effect == .persistSession }.map(\.t)
    #expect(teardownAt == [10.0])
    for effect in Self.teardown { #expect(clock.count(effect) == 1) }
    #expect(
      clock.visible == [.acquireDevices, .showMap] + Self.teardown + [.acquireDevices])
    #expect(clock.machine.state == .starting)
    #expect(clock.machine.pendingTimers.isEmpty)
  }

  @Test("flapping power for a minute: no teardown, no leaked timer")
  func flapping() {
    var clock = LifecycleClock()
    var t = 0.0
    var on = true
    while t < 60 {
      clock.send(on ? .powerLost : .powerRestored, at: t)
      on.toggle()
      t += 0.5
    }
    clock.send(.powerRestored, at: 60)
    clock.advance(to: 600)
    #expect(clock.visible == [.acquireDevices, .showMap])
    #expect(clock.machine.state == .active)
    #expect(clock.machine.pendingTimers.isEmpty)
    #expect(clock.timers.isEmpty)
  }

  @Test("bridge silence drains the unit though no disconnect message arrives")
  func bridgeSilence() {
    var clock = LifecycleClock(configuration: .init(heartbeatTimeout: .seconds(5)))
    for t in stride(from: 0.0, through: 20, by: 1) { clock.send(.heartbeat, at: t) }
    #expect(clock.machine.state == .active)
    clock.advance(to: 24.9)
    #expect(clock.machine.state == .active)
    clock.advance(to: 25)
    #expect(clock.machine.state == .draining)
    #expect(clock.machine.causes == [.bridgeGone])
    clock.advance(to: 35)
    #expect(clock.machine.state == .suspended)
    #expect(clock.log.filter { $0.effect == .persistSession }.map(\.t) == [35])
    clock.send(.heartbeat, at: 40)
    #expect(clock.machine.state == .starting)
    clock.send(.devicesReady, at: 41)
    #expect(clock.machine.state == .active)
  }

  @Test("a heartbeat resuming within the grace keeps the session")
  func heartbeatResumes() {
    var clock = LifecycleClock(configuration: .init(heartbeatTimeout: .seconds(5)))
    clock.send(.heartbeat, at: 0)
    clock.advance(to: 8)
    #expect(clock.machine.state == .draining)
    clock.send(.heartbeat, at: 8)
    #expect(clock.machine.state == .active)
    #expect(clock.machine.pendingTimers.keys.sorted { "\($0)" < "\($1)" } == [.heartbeat])
    clock.send(.bridgeDisconnected, at: 9)
    #expect(clock.machine.pendingTimers.keys.sorted { "\($0)" < "\($1)" } == [.grace])
    #expect(clock.visible == [.acquireDevices, .showMap])
  }

  @Test("shutdown command only after the further delay")
  func shutdownAfterDelay() {
    var clock = LifecycleClock(
      configuration: .init(shutdownDelay: .seconds(60), shutdownCommand: ["systemctl", "poweroff"]))
    clock.send(.ignitionOff, at: 0)
    clock.advance(to: 69.9)
    #expect(clock.machine.state == .suspended)
    #expect(clock.count(.runShutdownCommand(["systemctl", "poweroff"])) == 0)
    clock.advance(to: 70)
    #expect(clock.machine.state == .shuttingDown)
    #expect(clock.log.last?.effect == .runShutdownCommand(["systemctl", "poweroff"]))
    #expect(clock.log.last?.t == 70)
    clock.send(.ignitionOn, at: 71)
    #expect(clock.machine.state == .shuttingDown)
    #expect(clock.machine.pendingTimers.isEmpty)
  }

  @Test(
    "a zero delay or no command never shuts down",
    arguments: [
      Machine.Configuration(shutdownDelay: .seconds(0), shutdownCommand: ["poweroff"]),
      Machine.Configuration(shutdownDelay: .seconds(60), shutdownCommand: nil),
    ])
  func neverShutDown(configuration: Machine.Configuration) {
    var clock = LifecycleClock(configuration: configuration)
    clock.send(.ignitionOff, at: 0)
    clock.advance(to: 86_400)
    #expect(clock.machine.state == .suspended)
    #expect(!clock.log.contains { if case .runShutdownCommand = $0.effect { true } else { false } })
    #expect(clock.machine.pendingTimers.isEmpty)
  }

  @Test("ignition back during the delay resumes and cancels the shutdown")
  func resumeCancelsShutdown() {
    var clock = LifecycleClock(
      configuration: .init(shutdownDelay: .seconds(60), shutdownCommand: ["poweroff"]))
    clock.send(.ignitionOff, at: 0)
    clock.send(.ignitionOn, at: 30)
    #expect(clock.machine.state == .starting)
    #expect(clock.log.suffix(2).map(\.effect) == [.timer(.cancel(.shutdown)), .acquireDevices])
    clock.send(.devicesReady, at: 31)
    clock.advance(to: 600)
    #expect(clock.machine.state == .active)
    #expect(clock.machine.pendingTimers.isEmpty)
    #expect(clock.count(.showMap) == 2)
  }
}
