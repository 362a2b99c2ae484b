import Foundation
import Rigs
import Testing

@testable import HeadUnit

/// Commands down in `headunit run`: a dispatcher's destination reaches the driver, who
/// answers with the knob; malformed commands are answered with an error and change nothing.
@Suite("fleet commands in headunit run (process)")
struct FleetCommandsDaemonTests {
  @Test func aDestinationIsAskedAboutAndDeclinedWithTheKnob() async throws {
    let broker = try MosquittoBroker.start()
    let replies = try MQTTSubscriber(broker: broker, filter: "fleet/van-7/reply")
    let status = try MQTTSubscriber(
      broker: broker, filter: "fleet/van-7/status", clientId: "status-watch")
    // The rig resumes a trip along helsinki-1: the unit is guiding.
    let rig = try DaemonProcessTests.Rig(
      sections: FleetMQTTDaemonTests.fleet(broker, #", "commands": true"#))
    try #require(
      await rig.daemon.waitForLine { $0.contains("first frame") } != nil,
      "\(rig.daemon.err.joined(separator: "\n"))")
    try await rig.drive(10)
    // Listening from the start, not from the first report.
    try #require(!(await status.wait { $0.contains { $0.payload == "online" } }).isEmpty)
    try await Task.sleep(for: .milliseconds(300))

    let topic = "fleet/van-7/destination"
    try broker.publish(Data(#"{"id": "m1", "lon": 24.94}"#.utf8), to: topic)
    try broker.publish(Data(#"{"id": "m2", "lat": 200, "lon": 24.94}"#.utf8), to: topic)
    try broker.publish(Data(repeating: 0x7B, count: 1 << 20), to: topic)
    let errors = await replies.wait { $0.count >= 3 }
    #expect(errors.count == 3)
    #expect(errors.allSatisfy { $0.payload.contains(#""status":"error""#) }, "\(errors)")
    #expect(!rig.log("destination from dispatch"), "a malformed command reached the driver")

    // Yesterday's job, held by the broker while the unit was off: answered, never shown.
    try broker.publish(
      Data(
        #"{"id": "job-6", "lat": 60.17, "lon": 24.94, "name": "Old", "expires": "2020-01-01T00:00:00Z"}"#
          .utf8), to: topic)
    let expired = await replies.wait { $0.count >= 4 }
    #expect(
      expired.last?.payload
        == #"{"id":"job-6","message":"expired at 2020-01-01T00:00:00Z; not shown","status":"expired"}"#,
      "\(expired)")

    try broker.publish(
      Data(#"{"id": "job-7", "lat": 60.1745, "lon": 24.9384, "name": "Depot"}"#.utf8), to: topic)
    let shown = await replies.wait { $0.count >= 5 }
    #expect(shown.last?.payload == #"{"id":"job-7","status":"shown"}"#, "\(shown)")
    #expect(
      await rig.daemon.waitForLine { $0.contains("destination from dispatch: Depot") } != nil)
    // The question's first button is "Not now": a press declines, the trip goes on.
    try rig.setLine(22, 0)
    try await Task.sleep(for: .milliseconds(150))
    try rig.setLine(22, 1)
    let answered = await replies.wait { $0.count >= 6 }
    #expect(
      answered.last?.payload
        == #"{"id":"job-7","message":"the driver declined it","status":"declined"}"#,
      "\(answered)")
    #expect(rig.log("guidance: navigating"))
    #expect(!rig.log("guidance: idle"), "the trip under way ended")
  }
}
