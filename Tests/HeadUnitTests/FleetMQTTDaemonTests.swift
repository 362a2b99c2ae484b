import Foundation
import Rigs
import Testing

@testable import HeadUnit

/// MQTT fleet reporting in `headunit run`: the daemon reports to a real Mosquitto, and
/// killed, its last will says `offline`.
@Suite("fleet reporting over MQTT in headunit run (process)")
struct FleetMQTTDaemonTests {
  /// The daemon's `fleet` section reporting as van-7 every 5 s to `broker`, with `more`
  /// members (each starting with a comma), as the rig's `sections` takes it.
  static func fleet(_ broker: MosquittoBroker, _ more: String = "") -> String {
    """
    ,
      "fleet": {
        "enabled": true, "transport": "mqtt", "broker": "\(broker.url)",
        "vehicleId": "van-7", "intervalSeconds": 5\(more)
      }
    """
  }

  @Test func reportsAndItsLastWillWhenKilled() async throws {
    let broker = try MosquittoBroker.start()
    let subscriber = try MQTTSubscriber(broker: broker, filter: "fleet/#")
    let rig = try DaemonProcessTests.Rig(
      sections: Self.fleet(broker, #", "keepaliveSeconds": 5"#))
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(rig.daemon.err.joined(separator: "\n"))")
    try await rig.drive(40)
    let seen = await subscriber.wait(timeout: .seconds(15)) {
      $0.contains { $0.topic == "fleet/van-7/state" }
    }
    // MQTT orders messages per topic: the first report, queued while connecting, may come
    // before `online`.
    _ = await subscriber.wait { $0.contains { $0.topic.hasSuffix("/status") } }
    #expect(
      subscriber.messages.filter { $0.topic == "fleet/van-7/status" }.map(\.payload) == ["online"])
    let report = try #require(seen.first { $0.topic == "fleet/van-7/state" })
    #expect(report.payload.contains("\"vehicleId\":\"van-7\""), "\(report.payload)")

    rig.daemon.signal(SIGKILL)
    let after = await subscriber.wait(timeout: .seconds(15)) {
      $0.last == .init(topic: "fleet/van-7/status", payload: "offline")
    }
    #expect(after.last == .init(topic: "fleet/van-7/status", payload: "offline"), "\(after)")
  }
}
