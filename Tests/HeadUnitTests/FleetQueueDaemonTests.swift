import Core
import Foundation
import TestSupport
import Testing

@testable import HeadUnit

/// The fleet queue across restarts of `headunit run`: reports queued while the endpoint
/// is down survive a SIGKILL (a power cut) and a SIGTERM (ignition off), and are delivered
/// in order once it is back; a damaged queue file is set aside at start.
@Suite("fleet queue across restarts (process)", .serialized)
struct FleetQueueDaemonTests {
  /// The sequence numbers in the saved queue, nil while there is no readable file.
  static func saved(_ state: URL) -> (reports: [Int], next: Int)? {
    let file = FleetQueueFile(directory: state)
    guard let data = FileManager.default.contents(atPath: file.url.path),
      let backlog = try? FleetQueueFile.decode(data, limit: 100_000)
    else { return nil }
    return (backlog.reports.map(\.sequence), backlog.nextSequence)
  }

  /// Polls `condition` every 200 ms for up to `seconds`.
  static func wait(_ seconds: Int, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(200))
    }
    return try condition()
  }

  @Test func queuedReportsSurviveAKillAndAStopAndGoOutInOrder() async throws {
    let server = try await FleetServer.start()
    defer { Task { await server.stop() } }
    try server.control(["status": 503, "requireToken": false])
    let fleet = """
      ,
        "fleet": {
          "enabled": true, "endpoint": "\(server.url("/reports"))",
          "vehicleId": "van-7", "intervalSeconds": 5
        }
      """
    let rig = try DaemonProcessTests.Rig(sections: fleet)
    // A damaged queue file from before: set aside, and the unit starts all the same.
    let queueFile = FleetQueueFile(directory: rig.state).url
    try Data("{\"version\": 1, \"reports\": [{\"seq".utf8).write(to: queueFile)
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(rig.daemon.err.joined(separator: "\n"))")
    #expect(
      await rig.daemon.waitForLine(timeout: .seconds(5)) {
        $0.contains("fleet: saved queue: \(queueFile.path) failed validation")
      } != nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: rig.state.path)
    #expect(names.contains { $0.hasPrefix("fleet-queue.json.corrupt-") }, "\(names)")

    // Offline: every report made is on disk before the next one.
    try await rig.drive(60)
    try #require(try await Self.wait(20) { (Self.saved(rig.state)?.reports.count ?? 0) >= 2 })
    let beforeKill = try #require(Self.saved(rig.state))
    rig.daemon.signal(SIGKILL)
    _ = await rig.daemon.exitStatus()

    // Restarted, still offline, then stopped cleanly (ignition off, systemd's SIGTERM).
    try rig.restart()
    try #require(await rig.daemon.waitForLine { $0.contains("first frame") } != nil)
    #expect(
      await rig.daemon.waitForLine(timeout: .seconds(5)) {
        $0.contains("reports saved before the restart to send")
      } != nil)
    try await rig.drive(60, from: 60)
    try #require(
      try await Self.wait(20) {
        (Self.saved(rig.state)?.reports.count ?? 0) > beforeKill.reports.count
      })
    rig.daemon.signal(SIGTERM)
    _ = await rig.daemon.exitStatus()
    let beforeStop = try #require(Self.saved(rig.state))
    // Nothing saved before the kill was lost; numbering went on past the reservation.
    #expect(Set(beforeKill.reports).isSubset(of: Set(beforeStop.reports)), "\(beforeStop)")
    #expect(beforeStop.reports == beforeStop.reports.sorted())
    let afterKill = beforeStop.reports.filter { !beforeKill.reports.contains($0) }
    #expect(afterKill.allSatisfy { $0 >= beforeKill.next }, "\(beforeKill) then \(afterKill)")

    // The endpoint is back: everything goes out, oldest first.
    try server.control(["status": NSNull()])
    try rig.restart()
    try #require(await rig.daemon.waitForLine { $0.contains("first frame") } != nil)
    try #require(
      try await Self.wait(30) {
        let delivered = Set(try server.delivered().compactMap { $0["sequence"] as? Int })
        return Set(beforeStop.reports).isSubset(of: delivered)
      }, "not every saved report was delivered")
    let delivered = try server.delivered().compactMap { $0["sequence"] as? Int }
    // In order; a report sent twice (the one under way at a kill) is the same report.
    #expect(delivered == delivered.sorted(), "\(delivered)")
    #expect(Array(delivered.prefix(beforeStop.reports.count)) == beforeStop.reports)
    #expect(
      try await Self.wait(10) { Self.saved(rig.state)?.reports == [] },
      "the emptied queue is saved")
    rig.daemon.signal(SIGTERM)
    _ = await rig.daemon.exitStatus()
  }
}
