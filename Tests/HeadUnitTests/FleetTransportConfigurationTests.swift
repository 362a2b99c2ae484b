import Foundation
import Testing

@testable import HeadUnit

@Suite("fleet transports in the configuration")
struct FleetTransportConfigurationTests {
  @Test func mqttIsReadAndSummarisedWithoutItsPassword() throws {
    let config = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "mqtt", "broker": "mqtts://mqtt.example:8883", "#
        + #""vehicleId": "van-7", "username": "van7", "password": "pa55word", "#
        + #""format": "owntracks", "keepaliveSeconds": 30}}"#)
    let mqtt = try #require(try config.fleet.client() as? MQTTTransport)
    #expect(mqtt.settings.topic == "fleet/van-7/state")
    #expect(mqtt.settings.statusTopic == "fleet/van-7/status")
    #expect(mqtt.settings.clientId == "headunit-van-7")
    #expect(mqtt.settings.keepalive == .seconds(30) && mqtt.format == .owntracks)
    #expect(
      config.summary.contains(
        "fleet: transport mqtt, vehicleId van-7, interval 10 s, queueLimit 360, timeout 5 s, "
          + "broker mqtts://mqtt.example:8883, topic fleet/{vehicleId}/state, "
          + "statusTopic fleet/{vehicleId}/status, format owntracks, username van7, "
          + "password (set, not shown), caFile none (the system's), certFile none, "
          + "keyFile none, keepalive 30 s, commands false"), "\(config.summary)")
    #expect(!config.summary.joined().contains("pa55word"))
    #expect(try DaemonConfiguration(json: Data(config.document.prettyPrinted.utf8)) == config)
  }

  @Test func commandsAreOffByDefaultAndTheirTopicsFilledIn() throws {
    let off = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "mqtt", "broker": "mqtt://127.0.0.1", "#
        + #""vehicleId": "van-7"}}"#)
    let quiet = try #require(try off.fleet.client() as? MQTTTransport)
    #expect(quiet.settings.commandTopic == nil && quiet.settings.replyTopic == nil)
    let on = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "mqtt", "broker": "mqtt://127.0.0.1", "#
        + #""vehicleId": "van-7", "commands": true, "replyTopic": "ops/{vehicleId}/answers"}}"#)
    let mqtt = try #require(try on.fleet.client() as? MQTTTransport)
    #expect(mqtt.settings.commandTopic == "fleet/van-7/destination")
    #expect(mqtt.settings.replyTopic == "ops/van-7/answers")
    #expect(
      on.summary.contains {
        $0.hasPrefix("fleet:")
          && $0.hasSuffix(
            "commands true, commandTopic fleet/{vehicleId}/destination, "
              + "replyTopic ops/{vehicleId}/answers")
      }, "\(on.summary)")
  }

  @Test func osmandIsReadAndSummarised() throws {
    let config = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "osmand", "#
        + #""endpoint": "https://traccar.example:5055/", "vehicleId": "van-7"}}"#)
    let osmand = try #require(try config.fleet.client() as? OsmAndTransport)
    #expect(osmand.endpoint.absoluteString == "https://traccar.example:5055/")
    #expect(
      config.summary.contains(
        "fleet: transport osmand, endpoint https://traccar.example:5055/, vehicleId van-7, "
          + "interval 10 s, queueLimit 360, timeout 5 s"), "\(config.summary)")
  }

  @Test func aTLSFileThatIsNotThereFailsTheMachineCheck() throws {
    let config = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "mqtt", "broker": "mqtts://m.example", "#
        + #""vehicleId": "v", "caFile": "/nonexistent/ca.pem"}}"#)
    #expect(
      config.machineProblems == ["$.fleet.caFile: /nonexistent/ca.pem: No such file or directory"])
  }

  @Test(arguments: [
    (
      #"{"fleet": {"transport": "mqtt", "broker": "http://m.example"}}"#,
      #"$.fleet.broker: expected an mqtts URL (mqtt only on a loopback host), got "http://m.example""#
    ),
    (
      #"{"fleet": {"transport": "mqtt", "broker": "mqtt://m.example"}}"#,
      #"$.fleet.broker: expected an mqtts URL (mqtt only on a loopback host)"#
    ),
    (
      #"{"fleet": {"transport": "mqtt", "broker": "mqtts://u:p@m.example"}}"#,
      #"$.fleet.broker: expected mqtts://host:port with nothing after the port"#
    ),
    (
      #"{"fleet": {"enabled": true, "transport": "mqtt", "vehicleId": "v"}}"#,
      #"$.fleet: broker is required when enabled with mqtt"#
    ),
    (
      #"{"fleet": {"enabled": true, "transport": "osmand", "vehicleId": "v"}}"#,
      #"$.fleet: endpoint is required when enabled with osmand"#
    ),
    (
      #"{"fleet": {"topic": "fleet/state"}}"#,
      "$.fleet.topic: expected an MQTT topic with {vehicleId}"
    ),
    (#"{"fleet": {"topic": "fleet/{vehicleId}/#"}}"#, "$.fleet.topic: expected an MQTT topic"),
    (#"{"fleet": {"caFile": "ca.pem"}}"#, "$.fleet.caFile: "),
    (
      #"{"fleet": {"broker": "mqtts://m.example"}}"#,
      "$.fleet.broker: broker is for the mqtt transport, not http"
    ),
    (
      #"{"fleet": {"transport": "osmand", "format": "owntracks"}}"#,
      "$.fleet.format: format is for the mqtt transport, not osmand"
    ),
    (
      #"{"fleet": {"transport": "mqtt", "endpoint": "https://f.example/r"}}"#,
      "$.fleet.endpoint: endpoint is for the http and osmand transports, not mqtt"
    ),
    (
      #"{"fleet": {"transport": "mqtt", "password": "x"}}"#,
      "$.fleet.password: a password needs a username"
    ),
    (
      #"{"fleet": {"transport": "mqtt", "certFile": "/c.pem"}}"#,
      "$.fleet.certFile: certFile and keyFile go together"
    ),
    (
      #"{"fleet": {"transport": "mqtt", "broker": "mqtt://127.0.0.1", "caFile": "/ca.pem"}}"#,
      "$.fleet.caFile: caFile needs an mqtts broker"
    ),
    (#"{"fleet": {"transport": "carrier pigeon"}}"#, "$.fleet.transport: "),
    (#"{"fleet": {"commands": true}}"#, "$.fleet.commands: commands is for the mqtt transport"),
    (
      #"{"fleet": {"transport": "mqtt", "commandTopic": "fleet/{vehicleId}/state"}}"#,
      "$.fleet.commandTopic: commandTopic must differ from the other topics"
    ),
    (
      #"{"fleet": {"transport": "mqtt", "replyTopic": "fleet/+/reply"}}"#,
      "$.fleet.replyTopic: expected an MQTT topic with {vehicleId} and no + or #"
    ),
  ])
  func badTransportSettings(json: String, message: String) throws {
    let found = try #require(configurationFailure(json))
    #expect(found.hasPrefix(message), "\(found)")
  }
}
