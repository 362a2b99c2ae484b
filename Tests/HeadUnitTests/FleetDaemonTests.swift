import Foundation
import Geo
import Navigation
import Readers
import Testing

@testable import HeadUnit

/// Fleet reporting in `headunit run`: the daemon on the stand-ins, navigating a resumed
/// trip from a real gpsd, reporting to `fleet_server.py` on loopback; SIGHUP turns it off.
@Suite("fleet reporting in headunit run (process)")
struct FleetDaemonTests {
  @Test func reportsWhileDrivingAndStopsWhenTurnedOff() async throws {
    let server = try await FleetServer.start()
    defer { Task { await server.stop() } }
    let fleet = """
      ,
        "fleet": {
          "enabled": true, "endpoint": "\(server.url("/reports"))",
          "tokenURL": "\(server.url("/token"))", "clientId": "headunit",
          "clientSecret": "s3cret", "vehicleId": "van-7", "intervalSeconds": 5
        }
      """
    let rig = try DaemonProcessTests.Rig(sections: fleet)
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(rig.daemon.err.joined(separator: "\n"))")
    // 80 epochs 150 ms apart: 12 s of driving, so at least two ticks 5 s apart.
    try await rig.drive(80)
    var delivered: [[String: Any]] = []
    let deadline = ContinuousClock.now + .seconds(15)
    while delivered.count < 2, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(200))
      delivered = try server.delivered()
    }
    let seen = try server.log()
    try #require(delivered.count >= 2, "\(seen)")

    let first = delivered[0]
    #expect(first["vehicleId"] as? String == "van-7")
    let location = try #require(first["location"] as? [String: Any])
    let here = Coordinate(
      latitude: try #require(location["latitude"] as? Double),
      longitude: try #require(location["longitude"] as? Double))
    let drive = try EmbeddedData.epochs(forDrive: "helsinki-1-clean").prefix(80)
      .compactMap { try? NMEAReader.read($0.joined(separator: "\n")).fixes.last?.coordinate }
    #expect(
      drive.contains { Earth.distance($0, here) < 30 }, "reported \(here) is on the drive")
    #expect((first["remainingDistance"] as? Double ?? 0) > 1000, "\(first)")
    #expect(first["remainingPolyline"] is String)
    #expect(first["eta"] is String)
    let sequences = delivered.compactMap { $0["sequence"] as? Int }
    #expect(sequences == sequences.sorted() && Set(sequences).count == sequences.count)
    // The token was fetched once and used for every report.
    let log = try server.log()
    #expect(log.filter { $0["path"] as? String == "/token" }.count == 1)
    #expect(
      log.filter { $0["path"] as? String == "/reports" }
        .allSatisfy { ($0["authorization"] as? String)?.hasPrefix("Bearer ") == true })

    // Turned off by SIGHUP: nothing more is sent, though the car keeps moving.
    let text = try String(contentsOfFile: rig.configPath, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: "\"enabled\": true", with: "\"enabled\": false").utf8
    ).write(to: URL(fileURLWithPath: rig.configPath))
    rig.daemon.signal(SIGHUP)
    #expect(
      await rig.daemon.waitForLine(timeout: .seconds(5)) { $0.contains("SIGHUP: reloaded") } != nil)
    let before = try server.log().count
    try await rig.drive(60)
    try await Task.sleep(for: .seconds(6))
    let after = try server.log()
    #expect(after.count == before, "\(after.dropFirst(before))")
  }
}
