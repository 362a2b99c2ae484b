import Core
import Foundation
import Rigs
import Synchronization
import Testing

@testable import HeadUnit

/// Commands down a real Mosquitto on loopback: a destination reaches the handler; malformed
/// ones are answered on the reply topic with the error and go no further.
@Suite("Fleet commands over MQTT (a real Mosquitto on loopback)", .serialized)
struct FleetCommandsMQTTTests {
  @Test func destinationsReachTheUnitAndMalformedOnesAreAnswered() async throws {
    let broker = try MosquittoBroker.start()
    let replies = try MQTTSubscriber(broker: broker, filter: "fleet/van-7/reply")
    let mqtt = try MQTTTransport(
      MQTTTransport.Settings(
        broker: URL(string: broker.url)!, topic: "fleet/van-7/state",
        statusTopic: "fleet/van-7/status", clientId: "headunit-van-7",
        keepalive: .seconds(10), commandTopic: "fleet/van-7/destination",
        replyTopic: "fleet/van-7/reply"))
    let received = Mutex<[Result<FleetDispatch, FleetCommandReply>]>([])
    try mqtt.listen { result in received.withLock { $0.append(result) } }
    // Subscribed once connected: wait for the retained online that comes with it.
    let status = try MQTTSubscriber(
      broker: broker, filter: "fleet/van-7/status", clientId: "status-watch")
    _ = await status.wait { $0.contains { $0.payload == "online" } }
    try await Task.sleep(for: .milliseconds(200))

    let topic = "fleet/van-7/destination"
    try broker.publish(Data(#"{"id": "m1", "lon": 24.94}"#.utf8), to: topic)
    try broker.publish(Data(#"{"id": "m2", "lat": 200, "lon": 24.94}"#.utf8), to: topic)
    try broker.publish(Data(repeating: 0x20, count: 1 << 20), to: topic)
    try broker.publish(
      Data(#"{"id": "ok", "lat": 60.1745, "lon": 24.9384, "name": "Depot"}"#.utf8), to: topic)
    let answered = await replies.wait { $0.count >= 3 }
    let objects = try answered.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.payload.utf8)) as? [String: Any])
    }
    #expect(objects.count == 3, "\(answered)")
    #expect(objects.map { $0["status"] as? String } == ["error", "error", "error"])
    #expect(objects.map { $0["id"] as? String } == ["m1", "m2", nil])
    let messages = objects.compactMap { $0["message"] as? String }
    #expect(messages.count == 3)
    #expect(messages.first?.contains("lat") == true)
    #expect(messages.dropFirst().first?.hasPrefix("$.lat") == true)
    #expect(messages.last == "the command is 1048576 bytes; at most 4096 are read")

    // The destination, published last, reaches the handler after the three refusals.
    let deadline = ContinuousClock.now + .seconds(10)
    while received.withLock({ $0.count }) < 4, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(received.withLock { $0.count } == 4)
    let taken = received.withLock { $0 }.compactMap { try? $0.get() }
    #expect(taken.map(\.id) == ["ok"])
    #expect(taken.first?.place.name == "Depot")
    // A reply the core makes goes to the same topic.
    mqtt.reply(FleetCommandReply(id: "ok", status: .shown))
    let shown = await replies.wait { $0.count >= 4 }
    #expect(shown.last?.payload == #"{"id":"ok","status":"shown"}"#)
  }
}
