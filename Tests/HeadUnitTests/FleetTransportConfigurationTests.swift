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

  @Test func osmandGoesToTraccarsPortWhenTheEndpointNamesNone() throws {
    let config = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "osmand", "#
        + #""endpoint": "https://traccar.example", "vehicleId": "van-7"}}"#)
    let osmand = try #require(try config.fleet.client() as? OsmAndTransport)
    #expect(osmand.endpoint.absoluteString == "https://traccar.example:5055")
    #expect(
      config.summary.contains {
        $0.hasPrefix("fleet: transport osmand, endpoint https://traccar.example (port 5055),")
      }, "\(config.summary)")
    // A port written is kept, 443 for a TLS proxy included; http has no default of its own.
    #expect(
      OsmAndTransport.withDefaultPort(URL(string: "https://t.example:443/x")!).absoluteString
        == "https://t.example:443/x")
    let http = try loadConfiguration(
      #"{"fleet": {"enabled": true, "endpoint": "https://f.example/r", "vehicleId": "v"}}"#)
    #expect(http.summary.contains { $0.contains("endpoint https://f.example/r,") })
  }

  @Test func urlSecretsAreNeverShown() throws {
    // A password in a URL's user part and a key in its query are shown as ***, in the
    // summary, in errors and in the routing server's name in logs alike.
    let config = try loadConfiguration(
      #"{"fleet": {"enabled": true, "transport": "osmand", "#
        + #""endpoint": "https://van7:pa55word@traccar.example:5055/?key=k3y", "#
        + #""vehicleId": "van-7"}}"#)
    #expect(
      config.summary.contains(
        "fleet: transport osmand, endpoint https://van7:***@traccar.example:5055/?key=***, "
          + "vehicleId van-7, interval 10 s, queueLimit 360, timeout 5 s"), "\(config.summary)")
    let routing = try loadConfiguration(
      #"{"routing": {"server": "valhalla", "url": "https://u:pa55word@r.example/?key=k3y"}}"#)
    #expect(
      routing.summary.contains(
        "routing: server valhalla, url https://u:***@r.example/?key=***, timeout 3 s, avoid none"),
      "\(routing.summary)")
    #expect(
      try #require(routing.routing.router(language: "en", imperial: false)).name
        == "Valhalla at https://u:***@r.example/?key=***")
    for json in [
      #"{"fleet": {"transport": "mqtt", "broker": "mqtts://u:pa55word@m.example"}}"#,
      #"{"fleet": {"transport": "mqtt", "broker": "mqtt://u:pa55word@m.example"}}"#,
      #"{"fleet": {"endpoint": "http://u:pa55word@f.example/r?key=k3y"}}"#,
      #"{"fleet": {"tokenURL": "ftp://u:pa55word@f.example/t"}}"#,
      #"{"routing": {"server": "osrm", "url": "ftp://u:pa55word@r.example/?key=k3y"}}"#,
    ] {
      let found = try #require(configurationFailure(json))
      #expect(!found.contains("pa55word") && !found.contains("k3y"), "\(found)")
      #expect(found.contains("u:***@"), "\(found)")
    }
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
