import Board
import Foundation
import Testing

@testable import Core

/// A fake `/sys/class/power_supply` in a temporary directory.
private final class FakePowerSupplyTree {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("power_supply-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Writes `attributes` (file → contents, a newline added as sysfs does) for `supply`.
  func set(_ supply: String, _ attributes: [String: String]) throws {
    let directory = root.appendingPathComponent(supply)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (file, value) in attributes {
      try Data((value + "\n").utf8).write(
        to: directory.appendingPathComponent(file), options: .atomic)
    }
  }
}

@Suite("Power supply reader")
struct PowerSupplyReaderTests {
  @Test func readsTheTree() throws {
    let tree = try FakePowerSupplyTree()
    try tree.set("AC", ["type": "Mains", "online": "1"])
    try tree.set("BAT0", ["type": "Battery", "status": "Charging", "capacity": "80"])
    try tree.set("usb", ["type": "USB", "online": "0", "uevent": "POWER_SUPPLY_NAME=usb"])
    try tree.set("broken", ["type": "Battery", "capacity": "n/a"])
    try Data().write(to: tree.root.appendingPathComponent("not-a-supply"))
    let supplies = try PowerSupplyReader(root: tree.root.path).read()
    #expect(
      supplies == [
        PowerSupplyState(name: "AC", online: true, type: "Mains"),
        PowerSupplyState(name: "BAT0", status: "Charging", capacity: 80, type: "Battery"),
        PowerSupplyState(name: "broken", type: "Battery"),
        PowerSupplyState(name: "usb", online: false, type: "USB"),
      ])
  }

  @Test func missingRootIsUnavailable() {
    let reader = PowerSupplyReader(root: "/nonexistent/power_supply")
    #expect(throws: BoardError.self) { try reader.read() }
    do {
      _ = try reader.read()
    } catch {
      #expect(error.code == .unavailable)
      #expect(error.message.hasPrefix("no power supply information at /nonexistent/power_supply"))
    }
  }
}

@Suite("Power monitor")
struct PowerMonitorTests {
  static let mainsOn = PowerSupplyState(name: "AC", online: true, type: "Mains")
  static let mainsOff = PowerSupplyState(name: "AC", online: false, type: "Mains")

  static func battery(_ status: String, _ capacity: Int) -> PowerSupplyState {
    PowerSupplyState(name: "BAT0", status: status, capacity: capacity, type: "Battery")
  }

  @Test func ignitionIsDeduplicated() {
    var monitor = PowerMonitor()
    #expect(monitor.handle(.ignition(on: true, at: .seconds(1))) == [.ignition(on: true)])
    #expect(monitor.handle(.ignition(on: true, at: .seconds(2))) == [])
    #expect(monitor.handle(.rotated(detents: 1, at: .seconds(3))) == [])
    #expect(monitor.handle(.ignition(on: false, at: .seconds(4))) == [.ignition(on: false)])
  }

  @Test func externalPowerFromMainsOnline() {
    var monitor = PowerMonitor()
    #expect(monitor.handle(supplies: [Self.mainsOn]) == [.externalPower(present: true)])
    #expect(monitor.handle(supplies: [Self.mainsOn]) == [])
    #expect(monitor.handle(supplies: [Self.mainsOff]) == [.externalPower(present: false)])
  }

  @Test func batteryDischargingMeansExternalPowerLost() {
    var monitor = PowerMonitor()
    #expect(
      monitor.handle(supplies: [Self.battery("Charging", 80)])
        == [.externalPower(present: true), .battery(capacity: 80, charging: true)])
    #expect(
      monitor.handle(supplies: [Self.battery("Discharging", 80)])
        == [.externalPower(present: false), .battery(capacity: 80, charging: false)])
    #expect(
      monitor.handle(supplies: [Self.battery("Full", 100)])
        == [.externalPower(present: true), .battery(capacity: 100, charging: false)])
  }

  @Test func anyEvidenceOfExternalPowerWins() {
    #expect(
      PowerMonitor.externalPower(in: [Self.mainsOn, Self.battery("Discharging", 50)]) == true)
    #expect(
      PowerMonitor.externalPower(in: [Self.mainsOff, Self.battery("Discharging", 50)]) == false)
    #expect(PowerMonitor.externalPower(in: [Self.battery("Unknown", 50)]) == nil)
    #expect(PowerMonitor.externalPower(in: []) == nil)
  }

  @Test func capacityChangesOfAtLeastTheStep() {
    var monitor = PowerMonitor()
    _ = monitor.handle(supplies: [Self.battery("Discharging", 80)])
    #expect(monitor.handle(supplies: [Self.battery("Discharging", 80)]) == [])
    #expect(
      monitor.handle(supplies: [Self.battery("Discharging", 79)])
        == [.battery(capacity: 79, charging: false)])

    var coarse = PowerMonitor(capacityStep: 5)
    _ = coarse.handle(supplies: [Self.battery("Discharging", 80)])
    #expect(coarse.handle(supplies: [Self.battery("Discharging", 77)]) == [])
    #expect(
      coarse.handle(supplies: [Self.battery("Discharging", 75)])
        == [.battery(capacity: 75, charging: false)])
    // Starting to charge is reported whatever the capacity did.
    #expect(
      coarse.handle(supplies: [Self.battery("Charging", 75)])
        == [.externalPower(present: true), .battery(capacity: 75, charging: true)])
  }

  /// No supplies at all (the degraded case) reports nothing and forgets nothing.
  @Test func noSuppliesReportNothing() {
    var monitor = PowerMonitor()
    #expect(monitor.handle(supplies: []) == [])
    _ = monitor.handle(supplies: [Self.mainsOn])
    #expect(monitor.handle(supplies: []) == [])
    #expect(monitor.externalPower == true)
  }

  /// The whole path: a fake sysfs tree read, changed, read again.
  @Test func fromAFakeTree() throws {
    let tree = try FakePowerSupplyTree()
    let reader = PowerSupplyReader(root: tree.root.path)
    var monitor = PowerMonitor()
    try tree.set("ups", ["type": "Battery", "status": "Charging", "capacity": "97"])
    #expect(
      monitor.handle(supplies: try reader.read())
        == [.externalPower(present: true), .battery(capacity: 97, charging: true)])
    try tree.set("ups", ["status": "Discharging", "capacity": "97"])
    #expect(
      monitor.handle(supplies: try reader.read())
        == [.externalPower(present: false), .battery(capacity: 97, charging: false)])
    try tree.set("ups", ["capacity": "96"])
    #expect(
      monitor.handle(supplies: try reader.read()) == [.battery(capacity: 96, charging: false)])
    try tree.set("ups", ["capacity": "96"])
    #expect(monitor.handle(supplies: try reader.read()) == [])
  }
}

@Suite("Power sources")
struct PowerSourceTests {
  @Test func replayThroughTheMonitor() async {
    let source = ReplayPowerSource([
      .init([PowerMonitorTests.mainsOn, PowerMonitorTests.battery("Charging", 60)]),
      .init(
        after: .milliseconds(1),
        [PowerMonitorTests.mainsOn, PowerMonitorTests.battery("Full", 100)]),
      .init([PowerMonitorTests.mainsOff, PowerMonitorTests.battery("Discharging", 100)]),
      .init([PowerMonitorTests.mainsOff, PowerMonitorTests.battery("Discharging", 99)]),
    ])
    var events: [PowerEvent] = []
    for await event in source.powerEvents() {
      events.append(event)
    }
    #expect(
      events == [
        .externalPower(present: true), .battery(capacity: 60, charging: true),
        .battery(capacity: 100, charging: false),
        .externalPower(present: false),
        .battery(capacity: 99, charging: false),
      ])
  }

  @Test func sysfsSourceYieldsChanges() async throws {
    let tree = try FakePowerSupplyTree()
    try tree.set("BAT0", ["type": "Battery", "status": "Charging", "capacity": "50"])
    let source = SysfsPowerSource(root: tree.root.path, interval: .milliseconds(5))
    var snapshots = source.supplies().makeAsyncIterator()
    #expect(await snapshots.next() == [PowerMonitorTests.battery("Charging", 50)])
    // One attribute, written atomically, so no poll sees half a change.
    try tree.set("BAT0", ["status": "Discharging"])
    #expect(await snapshots.next() == [PowerMonitorTests.battery("Discharging", 50)])
  }

  /// A missing tree is no supplies, reported once however often it is polled.
  @Test func sysfsSourceWithoutTreeDegradesOnce() async throws {
    let (reports, reported) = AsyncStream.makeStream(of: BoardError.self)
    let source = SysfsPowerSource(
      root: "/nonexistent/power_supply", interval: .milliseconds(2),
      report: { reported.yield($0) })
    var snapshots = source.supplies().makeAsyncIterator()
    #expect(await snapshots.next() == [])
    try await Task.sleep(for: .milliseconds(50))
    reported.finish()
    var count = 0
    for await report in reports {
      #expect(report.code == .unavailable)
      count += 1
    }
    #expect(count == 1)
  }
}
