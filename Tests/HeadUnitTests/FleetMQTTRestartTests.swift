import Foundation
import Rigs
import TestSupport
import Testing

@testable import HeadUnit

/// The fleet queue over MQTT across a power cut of `headunit run`: reports made while the
/// broker is down are saved in `fleet-queue.json`, survive a SIGKILL, and reach a
/// subscriber in order once the broker and the unit are back.
@Suite("fleet queue over MQTT across a kill of headunit run (process)", .serialized)
struct FleetMQTTRestartTests {
  /// The `sequence` of each JSON report among `messages`, in the order they arrived.
  static func sequences(_ messages: [MQTTSubscriber.Message]) -> [Int] {
    messages.compactMap { message in
      let object = try? JSONSerialization.jsonObject(with: Data(message.payload.utf8))
      return (object as? [String: Any])?["sequence"] as? Int
    }
  }

  @Test func reportsQueuedWhileTheBrokerIsDownSurviveAKillAndArriveInOrder() async throws {
    // The broker's port is known, and nothing listens there until it starts again.
    let broker = try MosquittoBroker.start()
    broker.stop()
    let fleet = """
      ,
        "fleet": {
          "enabled": true, "transport": "mqtt", "broker": "\(broker.url)",
          "vehicleId": "van-7", "intervalSeconds": 5, "keepaliveSeconds": 5
        }
      """
    let rig = try DaemonProcessTests.Rig(sections: fleet)
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(rig.daemon.err.joined(separator: "\n"))")
    let driving = Task { try await rig.drive(120) }
    // Offline: every report made is on disk before the next tick.
    try #require(
      try await FleetQueueDaemonTests.wait(20) {
        (FleetQueueDaemonTests.saved(rig.state)?.reports.count ?? 0) >= 2
      }, "\(rig.daemon.err.joined(separator: "\n"))")
    let beforeKill = try #require(FleetQueueDaemonTests.saved(rig.state))
    rig.daemon.signal(SIGKILL)
    _ = await rig.daemon.exitStatus()
    driving.cancel()

    // The file holds what was queued at the kill, oldest first.
    let saved = try #require(FleetQueueDaemonTests.saved(rig.state))
    #expect(saved.reports.count >= 2)
    #expect(Set(beforeKill.reports).isSubset(of: Set(saved.reports)), "\(beforeKill) \(saved)")
    #expect(saved.reports == saved.reports.sorted())

    // The broker is back, a subscriber listening before the unit starts again.
    try broker.restart()
    let subscriber = try MQTTSubscriber(broker: broker, filter: "fleet/van-7/state")
    try rig.restart()
    let messages = await subscriber.wait(timeout: .seconds(20)) {
      Set(Self.sequences($0)).isSuperset(of: saved.reports)
    }
    let sequences = Self.sequences(messages)
    #expect(
      Set(sequences).isSuperset(of: saved.reports),
      "got \(sequences), saved \(saved.reports); \(rig.daemon.err.suffix(20))")
    // In order, the saved ones first and none missing; a report sent twice (the one under
    // way at a kill) comes again right after itself.
    let unique = sequences.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
    #expect(Array(unique.prefix(saved.reports.count)) == saved.reports, "\(sequences)")
    #expect(unique == unique.sorted(), "\(sequences)")
    rig.daemon.signal(SIGKILL)
    _ = await rig.daemon.exitStatus()
  }
}
