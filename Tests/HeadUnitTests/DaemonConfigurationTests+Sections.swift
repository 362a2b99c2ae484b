import Board
import Foundation
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

/// The routing and fleet sections.
extension DaemonConfigurationTests {
  @Test func routingServer() throws {
    let config = try loadConfiguration(
      #"{"language": "de", "routing": {"server": "osrm", "url": "http://10.0.0.2:5000", "#
        + #""timeoutSeconds": 1.5}}"#)
    #expect(config.routing.server == .osrm)
    #expect(config.routing.url == "http://10.0.0.2:5000")
    #expect(config.routing.timeout.seconds == 1.5)
    let router = try #require(config.remoteRouter)
    #expect(router.engine == .osrm)
    #expect(router.timeout == .milliseconds(1500))
    #expect(router.language == "de")
    #expect(
      config.summary.contains(
        "routing: server osrm, url http://10.0.0.2:5000, timeout 1.5 s, avoid none"))
    #expect(DaemonConfiguration().remoteRouter == nil)
    #expect(
      try loadConfiguration(#"{"routing": {"server": null, "url": null}}"#) == DaemonConfiguration()
    )
    #expect(try DaemonConfiguration(json: Data(config.document.prettyPrinted.utf8)) == config)
  }

  @Test func fleetReporting() throws {
    #expect(DaemonConfiguration().fleet == FleetConfiguration())
    #expect(DaemonConfiguration().fleet.reporter == nil)
    let config = try loadConfiguration(
      #"{"fleet": {"enabled": true, "endpoint": "https://fleet.example/v1/reports", "#
        + #""tokenURL": "https://auth.example/token", "clientId": "hu", "#
        + #""clientSecret": "s3cret", "vehicleId": "van-7", "intervalSeconds": 3, "#
        + #""queueLimit": 100, "timeoutSeconds": 2}}"#)
    let reporter = try #require(config.fleet.reporter)
    #expect(reporter.vehicleId == "van-7")
    #expect(reporter.interval == .seconds(5) && reporter.requestedInterval == .seconds(3))
    #expect(reporter.queueLimit == 100 && reporter.authenticated)
    let client = try #require(try config.fleet.client() as? FleetClient)
    #expect(client.endpoint.absoluteString == "https://fleet.example/v1/reports")
    #expect(client.tokenURL?.absoluteString == "https://auth.example/token")
    #expect(client.clientId == "hu" && client.clientSecret == "s3cret")
    #expect(client.timeout == .seconds(2))
    #expect(
      config.summary.contains(
        "fleet: transport http, endpoint https://fleet.example/v1/reports, tokenURL https://auth.example/token, "
          + "clientId hu, clientSecret (set, not shown), vehicleId van-7, interval 3 s, "
          + "queueLimit 100, timeout 2 s; interval clamped to 5 s"))
    // The secret is not in the summary.
    #expect(!config.summary.joined().contains("s3cret"))
    #expect(try DaemonConfiguration(json: Data(config.document.prettyPrinted.utf8)) == config)
    let long = try loadConfiguration(
      #"{"fleet": {"enabled": true, "endpoint": "http://127.0.0.1:9/r", "vehicleId": "v", "#
        + #""intervalSeconds": 100}}"#)
    #expect(long.fleet.interval == .seconds(60))
    #expect(long.fleet.reporter?.authenticated == false)
    #expect(
      long.summary.contains(
        "fleet: transport http, endpoint http://127.0.0.1:9/r, tokenURL none (no Authorization header), "
          + "clientId none, clientSecret none, vehicleId v, interval 100 s, queueLimit 360, "
          + "timeout 5 s; interval clamped to 60 s"))
    // Configured but off: no reporter.
    let off = try loadConfiguration(
      #"{"fleet": {"endpoint": "https://f.example/r", "vehicleId": "v"}}"#)
    #expect(off.fleet.reporter == nil)
    #expect(try off.fleet.client() == nil)
    #expect(off.summary.contains("fleet off"))
  }

  @Test(arguments: [
    (
      #"{"fleet": {"enabled": true, "vehicleId": "v"}}"#,
      #"$.fleet: endpoint is required when enabled "#
        + #"(e.g. "endpoint": "https://fleet.example/v1/reports")"#
    ),
    (
      #"{"fleet": {"enabled": true, "endpoint": "https://f.example/r"}}"#,
      #"$.fleet: vehicleId is required when enabled (e.g. "vehicleId": "van-7")"#
    ),
    (
      #"{"fleet": {"endpoint": "http://fleet.example/r"}}"#,
      #"$.fleet.endpoint: expected an https URL (http only on a loopback host), "#
        + #"got "http://fleet.example/r""#
    ),
    (
      #"{"fleet": {"tokenURL": "not a url"}}"#,
      #"$.fleet.tokenURL: expected an https URL, got "not a url""#
    ),
    (
      #"{"fleet": {"clientSecret": "x"}}"#,
      #"$.fleet: clientId and clientSecret need a tokenURL to be sent to"#
    ),
    (#"{"fleet": {"queueLimit": 0}}"#, #"$.fleet.queueLimit: expected 1–100000, got 0"#),
    (#"{"fleet": {"interval": 10}}"#, "$.fleet.interval: unknown key"),
    (#"{"fleet": {"vehicleId": ""}}"#, "$.fleet.vehicleId: "),
  ])
  func badFleetSections(json: String, message: String) throws {
    let found = try #require(configurationFailure(json))
    #expect(found.hasPrefix(message), "\(found)")
  }
}
