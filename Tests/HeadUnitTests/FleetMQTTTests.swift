import Core
import Foundation
import Geo
import JSON
import Rigs
import Synchronization
import TestSupport
import Testing

@testable import HeadUnit

/// A report of sequence `sequence`, `metres` north of the Rautatientori, every field set.
private func report(_ sequence: Int, metres: Double = 0) -> FleetReport {
  FleetReport(
    vehicleId: "van-7", sequence: sequence,
    time: Date(timeIntervalSince1970: 1_800_000_000 + Double(sequence) * 5),
    values: FleetSnapshot(
      location: Coordinate(latitude: 60.1699 + metres / 111_195, longitude: 24.9384),
      altitude: 12.34, accuracy: 4.56, heading: 92.5, speed: 8.3),
    fields: [.location, .heading, .speed])
}

/// An MQTT transport to `broker` for van-7.
private func transport(
  _ broker: MosquittoBroker, format: MQTTTransport.Format = .json, caFile: String? = nil,
  certFile: String? = nil, keyFile: String? = nil, username: String? = nil,
  password: String? = nil, timeout: Duration = .seconds(5)
) throws -> MQTTTransport {
  try MQTTTransport(
    MQTTTransport.Settings(
      broker: URL(string: broker.url)!, topic: "fleet/van-7/state",
      statusTopic: "fleet/van-7/status", clientId: "headunit-van-7", username: username,
      password: password, caFile: caFile,
      certFile: certFile, keyFile: keyFile, keepalive: .seconds(10), timeout: timeout),
    format: format)
}

private func object(_ message: MQTTSubscriber.Message) throws -> [String: Any] {
  try #require(
    JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
}

/// Reports at OwnTracks' edges: below sea level, a heading that rounds to 360, standing
/// still, no accuracy, the far south-west, and a vehicle id of one character.
private func edgeReports() -> [FleetReport] {
  var low = report(3)
  low.values = FleetSnapshot(
    location: Coordinate(latitude: 31.5, longitude: 35.5), altitude: -430.4, accuracy: nil,
    heading: 359.6, speed: 0)
  var far = report(4)
  far.values = FleetSnapshot(
    location: Coordinate(latitude: -89.999_999_9, longitude: -179.999_999_9), altitude: nil,
    accuracy: 0.2, heading: nil, speed: 61.5)
  var short = report(5)
  short.vehicleId = "7"
  return [low, far, short]
}

/// `Tests/Support/fleet/owntracks_check.py` (Debian's python3-jsonschema) on `messages`, one
/// a line: status 0 and "ok N" when all conform, else 1 and a line per breach.
private func ownTracksCheck(_ messages: [String]) throws -> (status: Int32, output: String) {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("owntracks-\(UUID().uuidString).jsonl")
  try Data(messages.joined(separator: "\n").utf8).write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }
  let script = Paths.root.appendingPathComponent("Tests/Support/fleet/owntracks_check.py").path
  return try ChildProcess.output(of: "/usr/bin/python3", [script, file.path])
}

private final class Clock: Sendable {
  private let value = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { value.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
}

@Suite("Fleet reporting over MQTT (a real Mosquitto on loopback)", .serialized)
struct FleetMQTTTests {
  @Test func reportsArriveInOrderWithTheirFieldsAfterARetainedOnline() async throws {
    let broker = try MosquittoBroker.start()
    let subscriber = try MQTTSubscriber(broker: broker, filter: "fleet/#")
    let mqtt = try transport(broker)
    for sequence in 1...20 {
      try mqtt.send(report(sequence, metres: Double(sequence) * 50), token: nil)
    }
    let messages = await subscriber.wait { $0.filter { $0.topic.hasSuffix("/state") }.count >= 20 }
    let status = messages.filter { $0.topic == "fleet/van-7/status" }.map(\.payload)
    #expect(status == ["online"])
    let reports = try messages.filter { $0.topic == "fleet/van-7/state" }.map(object)
    #expect(reports.compactMap { $0["sequence"] as? Int } == Array(1...20))
    let first = try #require(reports.first)
    #expect(first["vehicleId"] as? String == "van-7")
    #expect(first["speed"] as? Double == 8.3)
    #expect(first["heading"] as? Double == 92.5)
    #expect(first["time"] as? String == "2027-01-15T08:00:05Z")
    let location = try #require(first["location"] as? [String: Any])
    #expect(location["longitude"] as? Double == 24.9384)
    // A late subscriber sees the retained `online`.
    let late = try MQTTSubscriber(broker: broker, filter: "fleet/+/status", clientId: "late")
    #expect(await late.wait { !$0.isEmpty }.map(\.payload) == ["online"])
  }

  @Test func aStoppedBrokerQueuesReportsThatArriveInOrderAfterItsRestart() async throws {
    let broker = try MosquittoBroker.start()
    let subscriber = try MQTTSubscriber(broker: broker, filter: "fleet/van-7/state")
    let clock = Clock()
    let mqtt = try transport(broker, timeout: .seconds(2))
    let service = FleetService(
      reporter: FleetReporter(
        configuration: .init(
          vehicleId: "van-7", interval: .seconds(5), queueLimit: 360, authenticated: false)),
      transport: mqtt, logger: Logger(label: "fleet", level: .error) { _ in },
      automatic: false
    ) { clock.now }
    service.start()
    var metres = 0.0
    func drive() {
      metres += 100
      service.observe(
        FleetVehicleState(
          location: Coordinate(latitude: 60.1699 + metres / 111_195, longitude: 24.9384),
          heading: 0, speed: 20))
      service.tick()
      clock.advance(5)
    }
    for _ in 0..<5 { drive() }
    #expect(service.reporter.deliveredCount == 5)
    // The subscriber has acknowledged them and the broker saved that (a broker killed
    // before it saved would hand the subscriber a message twice, QoS 1's right).
    _ = await subscriber.wait { $0.count >= 5 }
    try await Task.sleep(for: .seconds(1.5))
    broker.stop()
    for _ in 0..<6 { drive() }
    #expect(service.reporter.queue.count == 6, "\(service.reporter.failures)")
    try broker.restart()
    // The transport reconnects on its own backoff (1 s doubling); ticks keep coming.
    let deadline = ContinuousClock.now + .seconds(40)
    while service.reporter.queue.count > 1, ContinuousClock.now < deadline {
      try await Task.sleep(for: .seconds(1))
      drive()
    }
    let delivered = service.reporter.deliveredCount
    #expect(service.reporter.queue.isEmpty || service.reporter.queue.count == 1)
    let messages = await subscriber.wait(timeout: .seconds(10)) { $0.count >= delivered }
    let sequences = try messages.map(object).compactMap { $0["sequence"] as? Int }
    // Every report, once, in order: the ones made while the broker was away included.
    #expect(sequences == Array(1...sequences.count), "\(sequences)")
    #expect(sequences.count >= 11)
    service.stop()
  }

  @Test func ownTracksShapeIsWhatARecorderAccepts() async throws {
    let broker = try MosquittoBroker.start()
    let subscriber = try MQTTSubscriber(broker: broker, filter: "fleet/van-7/state")
    let mqtt = try transport(broker, format: .owntracks)
    var moving = report(1)
    moving.fields = [.speed]  // Only speed changed: OwnTracks still gets the whole fix.
    try mqtt.send(moving, token: nil)
    // Without a fix there is nothing to publish; the report still counts as delivered.
    var nowhere = report(2)
    nowhere.values = .empty
    try mqtt.send(nowhere, token: nil)
    for edge in edgeReports() { try mqtt.send(edge, token: nil) }
    let messages = await subscriber.wait { $0.count >= 1 + edgeReports().count }
    try #require(messages.count == 1 + edgeReports().count)
    let location = try object(messages[0])
    #expect(location["_type"] as? String == "location")
    #expect(location["lat"] as? Double == 60.1699)
    #expect(location["lon"] as? Double == 24.9384)
    #expect(location["tst"] as? Int == 1_800_000_005)
    #expect(location["tid"] as? String == "n7")
    #expect(location["vel"] as? Int == 30)  // 8.3 m/s is 29.88 km/h.
    #expect(location["cog"] as? Int == 93)
    #expect(location["alt"] as? Int == 12)
    #expect(location["acc"] as? Int == 5)
    #expect(location["batt"] == nil)
    // Every message as the broker delivered it, against the schema of the booklet's
    // `_type=location` (owntracks.org/booklet/tech/json): types, units' ranges, the
    // required lat/lon/tst, nothing undocumented.
    let check = try ownTracksCheck(messages.map(\.payload))
    #expect(check.status == 0 && check.output.hasPrefix("ok \(messages.count)"), "\(check.output)")
  }

  @Test func theOwnTracksSchemaCheckCatchesABrokenMessage() throws {
    // The check above can fail: a velocity with a fraction, a latitude as text, no time and
    // an undocumented element are each named with their JSON path.
    let broken = #"{"_type":"location","lat":"60.1699","lon":24.9384,"vel":29.88,"speed":8.3}"#
    let check = try ownTracksCheck([broken])
    #expect(check.status == 1)
    for breach in ["$.lat:", "$.vel:", "'tst' is a required property", "'speed' was unexpected"] {
      #expect(check.output.contains(breach), "\(check.output)")
    }
  }

  @Test func tlsWithATestAuthorityAndAClientCertificate() async throws {
    let files = try TestAuthority.make()
    let broker = try MosquittoBroker.start(
      tls: .init(
        caFile: files.ca, certFile: files.serverCert, keyFile: files.serverKey,
        requireCertificate: true))
    let subscriber = try MQTTSubscriber(
      broker: broker, filter: "fleet/#", caFile: files.ca, certFile: files.clientCert,
      keyFile: files.clientKey)
    let mqtt = try transport(
      broker, caFile: files.ca, certFile: files.clientCert, keyFile: files.clientKey)
    try mqtt.send(report(1), token: nil)
    let messages = await subscriber.wait { $0.contains { $0.topic.hasSuffix("/state") } }
    #expect(messages.contains { $0.topic == "fleet/van-7/state" })
    // Without the client certificate the broker refuses the unit.
    let stranger = try transport(broker, caFile: files.ca, timeout: .seconds(2))
    #expect(throws: FleetError.self) { try stranger.send(report(1), token: nil) }
    // A unit trusting another authority refuses the broker: nothing is published to an
    // impostor.
    let other = try TestAuthority.make()
    let wary = try transport(
      broker, caFile: other.ca, certFile: other.clientCert, keyFile: other.clientKey,
      timeout: .seconds(5))
    let refused = try #require(throws: FleetError.self) { try wary.send(report(2), token: nil) }
    #expect(refused.code == .unreachable, "\(refused)")
    #expect("\(refused)".contains("fleet.caFile"), "\(refused)")
    let after = await subscriber.wait(timeout: .seconds(1)) { $0.count > messages.count }
    #expect(after.filter { $0.topic.hasSuffix("/state") }.count == 1, "\(after)")
  }

  @Test func aTransportLetGoOfSaysOfflineAndLeavesTheBroker() async throws {
    // Its network thread holds no reference: the owner's last release closes it, within a
    // second or two — a unit replaced by a reloaded configuration leaves no ghost that
    // would take the client id back from its successor.
    let broker = try MosquittoBroker.start()
    let status = try MQTTSubscriber(broker: broker, filter: "fleet/van-7/status")
    let started = ContinuousClock.now
    do {
      let mqtt = try transport(broker)
      try mqtt.send(report(1), token: nil)
    }
    let seen = await status.wait { $0.first?.payload == "online" && $0.last?.payload == "offline" }
    // `offline` published, and at most the same last will after it: never `online` again.
    #expect(seen.first?.payload == "online")
    #expect(seen.dropFirst().map(\.payload).allSatisfy { $0 == "offline" } && seen.count >= 2)
    #expect(ContinuousClock.now - started < .seconds(8))
    // The successor with the same client id stays connected: nothing takes it over.
    let successor = try transport(broker)
    for sequence in 2...4 {
      try successor.send(report(sequence), token: nil)
      try await Task.sleep(for: .milliseconds(700))
    }
  }

  @Test func aTLSFailureIsNotTheEnd() async throws {
    // A captive portal or a wrong certificate on the way, then the real broker on the same
    // port: the unit keeps trying and reports once the broker it trusts answers.
    let trusted = try TestAuthority.make()
    let other = try TestAuthority.make()
    let impostor = try MosquittoBroker.start(
      tls: .init(
        caFile: other.ca, certFile: other.serverCert, keyFile: other.serverKey,
        requireCertificate: false))
    let port = impostor.port
    let mqtt = try transport(impostor, caFile: trusted.ca, timeout: .seconds(3))
    #expect(throws: FleetError.self) { try mqtt.send(report(1), token: nil) }
    impostor.stop()
    let broker = try MosquittoBroker.start(
      tls: .init(
        caFile: trusted.ca, certFile: trusted.serverCert, keyFile: trusted.serverKey,
        requireCertificate: false), port: port)
    let subscriber = try MQTTSubscriber(
      broker: broker, filter: "fleet/van-7/state", caFile: trusted.ca)
    let deadline = ContinuousClock.now + .seconds(45)
    var delivered = false
    while !delivered, ContinuousClock.now < deadline {
      delivered = (try? mqtt.send(report(2), token: nil)) != nil
      if !delivered { try await Task.sleep(for: .milliseconds(500)) }
    }
    #expect(delivered, "the unit gave up after the TLS failure")
    #expect(!(await subscriber.wait { !$0.isEmpty }).isEmpty)
  }

  @Test func aBrokerWithPasswordsTakesTheUnitsAndRefusesAWrongOne() async throws {
    let broker = try MosquittoBroker.start(users: ["van7": "s3cret", "dispatch": "d1sp"])
    let subscriber = try MQTTSubscriber(
      broker: broker, filter: "fleet/#", username: "dispatch", password: "d1sp")
    let mqtt = try transport(broker, username: "van7", password: "s3cret")
    try mqtt.send(report(1), token: nil)
    let messages = await subscriber.wait { $0.contains { $0.topic.hasSuffix("/state") } }
    // A report published while connecting may overtake `online`: topics have no order.
    #expect(Set(messages.map(\.topic)) == ["fleet/van-7/status", "fleet/van-7/state"])
    // A wrong password, and none at all, are refused with the broker's reason, at once.
    for password in ["wrong", nil] {
      let stranger = try transport(
        broker, username: password == nil ? nil : "van7", password: password,
        timeout: .seconds(10))
      let error = try #require(throws: FleetError.self) { try stranger.send(report(2), token: nil) }
      #expect(error.code == .unreachable)
      #expect("\(error)".contains("not authorised"), "\(error)")
      #expect("\(error)".contains("fleet.password"), "\(error)")
    }
  }

  @Test func aTransportStartedWithTheBrokerDownConnectsOnceItIsUp() async throws {
    // A car that starts without a signal: the first connect is refused.
    let broker = try MosquittoBroker.start()
    broker.stop()
    let mqtt = try transport(broker, timeout: .seconds(1))
    #expect(throws: FleetError.self) { try mqtt.send(report(1), token: nil) }
    // Known to be away now: the next send fails at once instead of waiting its timeout.
    let clock = ContinuousClock()
    let retry = clock.measure { _ = try? mqtt.send(report(1), token: nil) }
    #expect(retry < .milliseconds(500))
    try broker.restart()
    // The network thread reconnects on its own backoff; ticks keep coming meanwhile.
    let deadline = clock.now + .seconds(20)
    var delivered = false
    while !delivered, clock.now < deadline {
      do {
        try mqtt.send(report(1), token: nil)
        delivered = true
      } catch {
        try await Task.sleep(for: .milliseconds(200))
      }
    }
    #expect(delivered, "the broker did not acknowledge the report 20 s after it was back")
  }

  @Test func withoutABrokerASendFailsAsUnreachable() throws {
    let port = try GPSDDaemon.freePort(udp: false)
    let mqtt = try MQTTTransport(
      .init(
        broker: URL(string: "mqtt://127.0.0.1:\(port)")!, topic: "fleet/van-7/state",
        statusTopic: "fleet/van-7/status", clientId: "headunit-van-7", timeout: .seconds(2)))
    #expect {
      try mqtt.send(report(1), token: nil)
    } throws: { error in
      (error as? FleetError)?.code == .unreachable
    }
  }
}
