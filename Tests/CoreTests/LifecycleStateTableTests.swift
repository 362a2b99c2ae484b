import Foundation
import Testing

@testable import Core

/// One row of the table: from the state a setup reaches, an event leads to a state and effects.
struct LifecycleRow: Sendable, CustomTestStringConvertible {
  typealias Machine = LifecycleMachine
  var name: String
  var setup: [Machine.Event]
  var from: Machine.State
  var event: Machine.Event
  var to: Machine.State
  var effects: [Machine.Effect]

  var testDescription: String { "\(name): \(from) + \(event) → \(to)" }
}

@Suite("Lifecycle state table")
struct LifecycleStateTableTests {
  typealias Machine = LifecycleMachine
  static let base = Date(timeIntervalSince1970: 1_800_000_000)
  static let configuration = Machine.Configuration(
    gracePeriod: .seconds(10), shutdownDelay: .seconds(60), shutdownCommand: ["poweroff"],
    heartbeatTimeout: .seconds(5))
  static func at(_ t: TimeInterval) -> Date { base.addingTimeInterval(t) }

  static let active: [Machine.Event] = [.devicesReady]
  static let draining: [Machine.Event] = active + [.powerLost]
  static let suspended: [Machine.Event] = draining + [.timer(.grace)]
  static let shuttingDown: [Machine.Event] = suspended + [.timer(.shutdown)]
  static let teardown: [Machine.Effect] = [
    .persistSession, .stopPrompts, .showParked, .blankScreen, .releaseDevices,
  ]

  static let rows: [LifecycleRow] = [
    .init(
      name: "ready", setup: [], from: .starting, event: .devicesReady, to: .active,
      effects: [.showMap]),
    .init(
      name: "ready with a cause", setup: [.powerLost], from: .starting, event: .devicesReady,
      to: .draining, effects: [.showMap, .timer(.schedule(.grace, at: at(11)))]),
    .init(
      name: "power lost early", setup: [], from: .starting, event: .powerLost,
      to: .starting, effects: []),
    .init(
      name: "ignition off early", setup: [], from: .starting, event: .ignitionOff,
      to: .starting, effects: []),
    .init(
      name: "heartbeat early", setup: [], from: .starting, event: .heartbeat,
      to: .starting, effects: [.timer(.schedule(.heartbeat, at: at(6)))]),
    .init(
      name: "disconnect early", setup: [], from: .starting, event: .bridgeDisconnected,
      to: .starting, effects: []),
    .init(
      name: "stale timer", setup: [], from: .starting, event: .timer(.grace),
      to: .starting, effects: []),

    .init(
      name: "power lost", setup: active, from: .active, event: .powerLost, to: .draining,
      effects: [.timer(.schedule(.grace, at: at(11)))]),
    .init(
      name: "ignition off", setup: active, from: .active, event: .ignitionOff,
      to: .draining, effects: [.timer(.schedule(.grace, at: at(11)))]),
    .init(
      name: "bridge said goodbye", setup: active + [.heartbeat], from: .active,
      event: .bridgeDisconnected, to: .draining,
      effects: [.timer(.cancel(.heartbeat)), .timer(.schedule(.grace, at: at(11)))]),
    .init(
      name: "bridge silent", setup: active + [.heartbeat], from: .active,
      event: .timer(.heartbeat), to: .draining, effects: [.timer(.schedule(.grace, at: at(11)))]),
    .init(
      name: "heartbeat", setup: active, from: .active, event: .heartbeat, to: .active,
      effects: [.timer(.schedule(.heartbeat, at: at(6)))]),
    .init(
      name: "power already on", setup: active, from: .active, event: .powerRestored,
      to: .active, effects: []),
    .init(
      name: "ready twice", setup: active, from: .active, event: .devicesReady,
      to: .active, effects: []),
    .init(
      name: "stale grace", setup: active, from: .active, event: .timer(.grace),
      to: .active, effects: []),

    .init(
      name: "power back", setup: draining, from: .draining, event: .powerRestored,
      to: .active, effects: [.timer(.cancel(.grace))]),
    .init(
      name: "second cause", setup: draining, from: .draining, event: .ignitionOff,
      to: .draining, effects: []),
    .init(
      name: "one of two causes clears", setup: draining + [.ignitionOff], from: .draining,
      event: .powerRestored, to: .draining, effects: []),
    .init(
      name: "grace ends", setup: draining, from: .draining, event: .timer(.grace),
      to: .suspended, effects: teardown + [.timer(.schedule(.shutdown, at: at(61)))]),
    .init(
      name: "ready while draining", setup: draining, from: .draining,
      event: .devicesReady, to: .draining, effects: []),

    .init(
      name: "resume", setup: suspended, from: .suspended, event: .powerRestored,
      to: .starting, effects: [.timer(.cancel(.shutdown)), .acquireDevices]),
    .init(
      name: "more causes", setup: suspended, from: .suspended, event: .ignitionOff,
      to: .suspended, effects: []),
    .init(
      name: "delay ends", setup: suspended, from: .suspended, event: .timer(.shutdown),
      to: .shuttingDown, effects: [.runShutdownCommand(["poweroff"])]),
    .init(
      name: "delay ends, bridge still beating", setup: suspended + [.heartbeat],
      from: .suspended, event: .timer(.shutdown), to: .shuttingDown,
      effects: [.timer(.cancel(.heartbeat)), .runShutdownCommand(["poweroff"])]),
    .init(
      name: "stale grace after teardown", setup: suspended, from: .suspended,
      event: .timer(.grace), to: .suspended, effects: []),

    .init(
      name: "power back too late", setup: shuttingDown, from: .shuttingDown,
      event: .powerRestored, to: .shuttingDown, effects: []),
    .init(
      name: "heartbeat too late", setup: shuttingDown, from: .shuttingDown,
      event: .heartbeat, to: .shuttingDown, effects: []),
    .init(
      name: "shutdown again", setup: shuttingDown, from: .shuttingDown,
      event: .timer(.shutdown), to: .shuttingDown, effects: []),
  ]

  @Test("(state, event) → (state, effects)", arguments: rows)
  func row(_ row: LifecycleRow) {
    var machine = Machine(configuration: Self.configuration)
    for event in row.setup { _ = machine.handle(event, at: Self.base) }
    #expect(machine.state == row.from)
    let effects = machine.handle(row.event, at: Self.at(1))
    #expect(machine.state == row.to)
    #expect(effects == row.effects)
  }

  @Test("every state appears in the table")
  func coverage() {
    let states: [Machine.State] = [.starting, .active, .draining, .suspended, .shuttingDown]
    for state in states { #expect(Self.rows.contains { $0.from == state }) }
  }
}
