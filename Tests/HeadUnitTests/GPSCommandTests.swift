import Foundation
import Rigs
import Testing

@testable import Commands

/// `headunit gps --once` when no fix comes: the message names the real cause.
@Suite(
  "gps command without a fix",
  .enabled(if: FileManager.default.isExecutableFile(atPath: GPSDDaemon.defaultExecutable)))
struct GPSCommandTests {
  func once(port: Int) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    let status = HeadUnitCommand.run(
      ["gps", "--once", "--timeout", "1", "--port", String(port)], console: captured.console)
    return (status, captured)
  }

  @Test("no gpsd listening: says gpsd is not reachable there, connection refused")
  func noGPSD() throws {
    let port = try GPSDDaemon.freePort(udp: false)
    let (status, captured) = once(port: port)
    #expect(status == .failure)
    #expect(
      captured.err.contains(
        "no 3D fix within 1 s: gpsd not reachable at 127.0.0.1:\(port) (connection refused)"),
      "stderr was: \(captured.err)")
    #expect(!captured.err.contains("sky"))
  }

  @Test("gpsd without a receiver: says it has no devices")
  func noReceiver() throws {
    let daemon = try GPSDDaemon.start(receiver: false)
    let (status, captured) = once(port: daemon.port)
    #expect(status == .failure)
    #expect(
      captured.err.contains("gpsd at 127.0.0.1:\(daemon.port) has no receiver (no devices)"),
      "stderr was: \(captured.err)")
    #expect(!captured.err.contains("sky?"))
  }

  @Test("a receiver without a fix: how long it waited, the device, the satellites")
  func receiverWithoutFix() throws {
    let daemon = try GPSDDaemon.start()
    let (status, captured) = once(port: daemon.port)
    #expect(status == .failure)
    #expect(
      captured.err.contains(
        "no 3D fix within 1 s from udp://127.0.0.1:\(daemon.udpPort) (gpsd at 127.0.0.1:\(daemon.port)): no satellites reported"
      ), "stderr was: \(captured.err)")
  }
}
