import Board
import Foundation
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

private func load(_ json: String) throws(ConfigurationError) -> DaemonConfiguration {
  try DaemonConfiguration(json: Data(json.utf8))
}

/// The message of the error `json` fails with, or `nil` if it loads.
private func failure(_ json: String) -> String? {
  do {
    _ = try load(json)
    return nil
  } catch {
    #expect(error.code == .invalid)
    return error.message
  }
}

/// A new file holding `text` in a fresh temporary directory.
private func temporaryFile(_ text: String, name: String = "config.json") throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("daemon-config-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

private let example = Paths.root.appendingPathComponent("Deploy/config.example.json").path

@Suite("Daemon configuration")
struct DaemonConfigurationTests {
  @Test func emptyObjectGivesTheDefaults() throws {
    let config = try load("{}")
    #expect(config == DaemonConfiguration())
    #expect(config.logLevel == .info)
    #expect(config.stateDirectory == "/var/lib/headunit")
    #expect(config.language == "en")
    #expect(config.units == .metric)
    #expect(config.board == nil)
    #expect(config.gpsdEnabled)
    #expect(config.gpsdHost == "127.0.0.1")
    #expect(config.gpsdPort == 2947)
    #expect(config.framebuffer == "/dev/fb0")
    #expect(config.theme == "day")
    #expect(config.frameRate == 5)
    #expect(config.audioEnabled)
    #expect(config.audioDevice == "default")
    #expect(config.volume == 1)
    #expect(!config.muted)
    #expect(config.earcon)
    #expect(config.speechRate == nil)
    #expect(
      config.lifecycle
        == LifecycleMachine.Configuration(
          gracePeriod: 10, shutdownDelay: 60, shutdownCommand: nil, heartbeatTimeout: 5))
    #expect(config.parkedScreenSeconds == 5)
    #expect(config.resumeWithin == 30 * 60)
    #expect(config.saveInterval == 10)
    #expect(DaemonConfiguration.defaultPath == "/etc/headunit/config.json")
  }

  @Test func everyFieldIsRead() throws {
    let config = try load(
      """
      {"logLevel": "debug", "stateDirectory": "/srv/headunit", "language": "en-GB",
       "units": "imperial",
       "board": {"board": "pi5", "buttons": [{"role": "select", "pin": "GPIO22"}]},
       "gpsd": {"enabled": false, "host": "gps.local", "port": 2948},
       "display": {"framebuffer": "/dev/fb1", "theme": "night", "frameRate": 30},
       "audio": {"enabled": false, "device": "hw:1", "volume": 0.25, "muted": true,
                 "earcon": false, "rate": 160},
       "lifecycle": {"gracePeriodSeconds": 2.5, "shutdownDelaySeconds": 0,
                     "shutdownCommand": ["systemctl", "poweroff"],
                     "heartbeatTimeoutSeconds": 0.5, "parkedScreenSeconds": 0},
       "trip": {"resumeWithinMinutes": 1.5, "saveIntervalSeconds": 300}}
      """)
    var expected = DaemonConfiguration()
    expected.logLevel = .debug
    expected.stateDirectory = "/srv/headunit"
    expected.language = "en"
    expected.units = .imperial
    expected.board = ResolvedInputConfig(
      board: .pi5,
      lines: [.init(offset: 22, kind: .button(role: .select), activeLow: true, pullUp: true)])
    expected.gpsdEnabled = false
    expected.gpsdHost = "gps.local"
    expected.gpsdPort = 2948
    expected.framebuffer = "/dev/fb1"
    expected.theme = "night"
    expected.frameRate = 30
    expected.audioEnabled = false
    expected.audioDevice = "hw:1"
    expected.volume = 0.25
    expected.muted = true
    expected.earcon = false
    expected.speechRate = 160
    expected.gracePeriod = 2.5
    expected.shutdownDelay = 0
    expected.shutdownCommand = ["systemctl", "poweroff"]
    expected.heartbeatTimeout = 0.5
    expected.parkedScreenSeconds = 0
    expected.resumeWithin = 90
    expected.saveInterval = 300
    #expect(config == expected)
    #expect(
      config.lifecycle
        == LifecycleMachine.Configuration(
          gracePeriod: 2.5, shutdownDelay: 0, shutdownCommand: ["systemctl", "poweroff"],
          heartbeatTimeout: 0.5))
  }

  @Test func languagesAreStoredAsTheirCode() throws {
    #expect(try load(#"{"language": "de_DE"}"#).language == "de")
    #expect(try load(#"{"language": "cmn"}"#).language == "zh")
    #expect(try load(#"{"language": "RU"}"#).language == "ru")
  }

  @Test func nullMeansNoneWhereTheDefaultIsNone() throws {
    let config = try load(
      #"{"board": null, "audio": {"rate": null}, "lifecycle": {"shutdownCommand": null}}"#)
    #expect(config == DaemonConfiguration())
  }

  @Test(arguments: [
    (
      #"{"loglevel": "info"}"#,
      "$.loglevel: unknown key (expected logLevel, stateDirectory, language, units, map, board, "
        + "gpsd, display, audio, lifecycle, routing, trip, fleet, bridge)"
    ),
    (
      #"{"audio": {"volum": 1}}"#,
      "$.audio.volum: unknown key (expected enabled, device, volume, muted, earcon, rate)"
    ),
    (
      #"{"lifecycle": {"gracePeriod": 10}}"#,
      "$.lifecycle.gracePeriod: unknown key (expected gracePeriodSeconds, "
        + "shutdownDelaySeconds, shutdownCommand, heartbeatTimeoutSeconds, parkedScreenSeconds)"
    ),
    (#"{"audio": {"volume": 3}}"#, "$.audio.volume: expected 0–2, got 3"),
    (
      #"{"audio": {"volume": "loud"}}"#,
      #"$.audio.volume: expected a number, got the string "loud""#
    ),
    (#"{"audio": {"rate": 500}}"#, "$.audio.rate: expected 80–450, got 500"),
    (
      #"{"audio": {"muted": "no"}}"#, #"$.audio.muted: expected true or false, got the string "no""#
    ),
    (#"{"audio": {"device": ""}}"#, "$.audio.device: must not be empty"),
    (
      #"{"gpsd": {"port": "2947"}}"#,
      #"$.gpsd.port: expected a whole number, got the string "2947""#
    ),
    (#"{"gpsd": {"port": 70000}}"#, "$.gpsd.port: expected 1–65535, got 70000"),
    (#"{"gpsd": {"port": 2947.5}}"#, "$.gpsd.port: expected a whole number, got the number 2947.5"),
    (#"{"gpsd": {"host": ""}}"#, "$.gpsd.host: must not be empty"),
    (#"{"gpsd": true}"#, "$.gpsd: expected an object, got true"),
    (#"{"gpsd": null}"#, "$.gpsd: expected an object, got null"),
    (
      #"{"logLevel": "verbose"}"#,
      #"$.logLevel: expected "error", "warning", "notice", "info" or "debug", "#
        + #"got the string "verbose""#
    ),
    (
      #"{"stateDirectory": "var/lib/headunit"}"#,
      #"$.stateDirectory: expected an absolute path (starting with /), got "var/lib/headunit""#
    ),
    (#"{"stateDirectory": ""}"#, "$.stateDirectory: must not be empty"),
    (
      #"{"language": "fr"}"#,
      #"$.language: unknown language "fr" (expected de, en, es, it, ru or zh)"#
    ),
    (#"{"language": 1}"#, "$.language: expected a string, got the number 1"),
    (
      #"{"language": "de", "units": "imperial"}"#,
      #"$.units: imperial units are not available in language "de" (only in en)"#
    ),
    (
      #"{"units": "furlongs"}"#,
      #"$.units: expected "metric" or "imperial", got the string "furlongs""#
    ),
    (
      #"{"display": {"theme": "dusk"}}"#,
      #"$.display.theme: expected "day" or "night", got the string "dusk""#
    ),
    (#"{"display": {"frameRate": 60}}"#, "$.display.frameRate: expected 1–30, got 60"),
    (
      #"{"lifecycle": {"shutdownCommand": "poweroff"}}"#,
      #"$.lifecycle.shutdownCommand: expected an array, got the string "poweroff""#
    ),
    (
      #"{"lifecycle": {"shutdownCommand": []}}"#,
      "$.lifecycle.shutdownCommand: expected at least one string, got []"
    ),
    (
      #"{"lifecycle": {"shutdownCommand": ["systemctl", ""]}}"#,
      "$.lifecycle.shutdownCommand[1]: must not be empty"
    ),
    (
      #"{"lifecycle": {"shutdownCommand": ["shutdown", 0]}}"#,
      "$.lifecycle.shutdownCommand[1]: expected a string, got the number 0"
    ),
    (
      #"{"lifecycle": {"heartbeatTimeoutSeconds": 0.1}}"#,
      "$.lifecycle.heartbeatTimeoutSeconds: expected 0.5–300, got 0.1"
    ),
    (
      #"{"lifecycle": {"shutdownDelaySeconds": 86401}}"#,
      "$.lifecycle.shutdownDelaySeconds: expected 0–86400, got 86401"
    ),
    (
      #"{"trip": {"resumeWithinMinutes": -1}}"#,
      "$.trip.resumeWithinMinutes: expected 0–1440, got -1"
    ),
    (
      #"{"trip": {"saveIntervalSeconds": true}}"#,
      "$.trip.saveIntervalSeconds: expected a number, got true"
    ),
    (
      #"{"board": {"buttons": [{"role": "select", "pin": 22}, {"role": "back", "pin": 99}]}}"#,
      #"$.board.buttons[1].pin (button "back"): GPIO 99 is not on the Pi 4 header "#
        + "(expected GPIO2–GPIO27 or a header pin number)"
    ),
    (
      #"{"board": {"encoder": {"a": 17, "b": "pin11"}}}"#,
      "$.board.encoder.b (encoder B): GPIO 17 (pin 11) is already used by encoder A "
        + "at $.board.encoder.a"
    ),
    (
      #"{"board": {"boards": "pi4"}}"#,
      "$.board.boards: unknown key (expected board, chip, encoder, buttons, ignition, "
        + "debounceMs, longPressMs, powerSupplyPath)"
    ),
    (
      #"{"routing": {"server": "graphhopper"}}"#,
      #"$.routing.server: expected "valhalla" or "osrm", got the string "graphhopper""#
    ),
    (
      #"{"routing": {"server": "valhalla"}}"#,
      #"$.routing: url is required with server "valhalla" (e.g. "url": "http://127.0.0.1:8002")"#
    ),
    (
      #"{"routing": {"url": "ftp://example.org"}}"#,
      #"$.routing.url: expected an http or https URL, got "ftp://example.org""#
    ),
    (
      #"{"routing": {"url": "127.0.0.1:8002"}}"#,
      #"$.routing.url: expected an http or https URL, got "127.0.0.1:8002""#
    ),
    (
      #"{"routing": {"timeoutSeconds": 0.1}}"#, "$.routing.timeoutSeconds: expected 0.5–30, got 0.1"
    ),
    (
      #"{"routing": {"timeout": 3}}"#,
      "$.routing.timeout: unknown key (expected server, url, timeoutSeconds)"
    ),
    (#"{"board": "pi4"}"#, #"$.board: expected an object, got the string "pi4""#),
    (#"[]"#, "$: expected an object, got an array"),
    ("", "$: the document is empty (expected a JSON object)"),
    (" \n\t\n", "$: the document is empty (expected a JSON object)"),
  ])
  func badDocuments(json: String, message: String) {
    #expect(failure(json) == message)
  }

  /// The parser's own words vary between Foundation versions; the place is ours.
  @Test func routingServer() throws {
    let config = try load(
      #"{"language": "de", "routing": {"server": "osrm", "url": "http://10.0.0.2:5000", "#
        + #""timeoutSeconds": 1.5}}"#)
    #expect(config.routingServer == .osrm)
    #expect(config.routingURL == "http://10.0.0.2:5000")
    #expect(config.routingTimeout == 1.5)
    let router = try #require(config.remoteRouter)
    #expect(router.engine == .osrm)
    #expect(router.timeout == .milliseconds(1500))
    #expect(router.language == "de")
    #expect(
      config.summary.contains("routing OSRM at http://10.0.0.2:5000 (1.5 s), offline fallback"))
    #expect(DaemonConfiguration().remoteRouter == nil)
    #expect(try load(#"{"routing": {"server": null, "url": null}}"#) == DaemonConfiguration())
    #expect(try DaemonConfiguration(json: Data(config.document.prettyPrinted.utf8)) == config)
  }

  @Test func fleetReporting() throws {
    #expect(DaemonConfiguration().fleet == FleetConfiguration())
    #expect(DaemonConfiguration().fleet.reporter == nil)
    let config = try load(
      #"{"fleet": {"enabled": true, "endpoint": "https://fleet.example/v1/reports", "#
        + #""tokenURL": "https://auth.example/token", "clientId": "hu", "#
        + #""clientSecret": "s3cret", "vehicleId": "van-7", "intervalSeconds": 3, "#
        + #""queueLimit": 100, "timeoutSeconds": 2}}"#)
    let reporter = try #require(config.fleet.reporter)
    #expect(reporter.vehicleId == "van-7")
    #expect(reporter.interval == 5 && reporter.requestedInterval == 3)
    #expect(reporter.queueLimit == 100 && reporter.authenticated)
    let client = try #require(config.fleet.client)
    #expect(client.endpoint.absoluteString == "https://fleet.example/v1/reports")
    #expect(client.tokenURL?.absoluteString == "https://auth.example/token")
    #expect(client.clientId == "hu" && client.clientSecret == "s3cret")
    #expect(client.timeout == .seconds(2))
    #expect(
      config.summary.contains(
        "fleet van-7 to https://fleet.example/v1/reports every 5 s (3 s clamped to 5 s), "
          + "token from https://auth.example/token, queue 100"))
    // The secret is not in the summary.
    #expect(!config.summary.joined().contains("s3cret"))
    #expect(try DaemonConfiguration(json: Data(config.document.prettyPrinted.utf8)) == config)
    let long = try load(
      #"{"fleet": {"enabled": true, "endpoint": "http://127.0.0.1:9/r", "vehicleId": "v", "#
        + #""intervalSeconds": 100}}"#)
    #expect(long.fleet.interval == 60)
    #expect(long.fleet.reporter?.authenticated == false)
    #expect(
      long.summary.contains(
        "fleet v to http://127.0.0.1:9/r every 60 s (100 s clamped to 60 s), no token, queue 360"))
    // Configured but off: no reporter.
    let off = try load(#"{"fleet": {"endpoint": "https://f.example/r", "vehicleId": "v"}}"#)
    #expect(off.fleet.reporter == nil && off.fleet.client == nil)
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
    let found = try #require(failure(json))
    #expect(found.hasPrefix(message), "\(found)")
  }

  @Test func notJSONNamesTheLineAndColumn() throws {
    let message = try #require(failure("{\n  \"language\": \"en\",\n  \"units\": metric\n}"))
    #expect(message.hasPrefix("$: not valid JSON ("))
    #expect(message.hasSuffix(" at line 3, column 12)"))
    let truncated = try #require(failure(#"{"audio": {"volume": 1"#))
    #expect(truncated.hasPrefix("$: not valid JSON ("))
  }

  @Test func fileMessagesStartWithThePath() throws {
    let path = try temporaryFile(#"{"audio": {"volume": 3}}"#)
    #expect(throws: ConfigurationError(.invalid, "\(path): $.audio.volume: expected 0–2, got 3")) {
      try DaemonConfiguration(contentsOf: path)
    }
    let empty = try temporaryFile("")
    #expect(
      throws: ConfigurationError(
        .invalid, "\(empty): $: the document is empty (expected a JSON object)")
    ) {
      try DaemonConfiguration(contentsOf: empty)
    }
    #expect(
      throws: ConfigurationError(
        .unreadable, "/nonexistent/config.json: cannot read the file (No such file or directory)")
    ) {
      try DaemonConfiguration(contentsOf: "/nonexistent/config.json")
    }
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    #expect(
      throws: ConfigurationError(.unreadable, "\(directory): cannot read the file (Is a directory)")
    ) {
      try DaemonConfiguration(contentsOf: directory)
    }
  }

  @Test func exampleFileLoadsAndHasEveryKey() throws {
    let config = try DaemonConfiguration(contentsOf: example)
    let board = Paths.root.appendingPathComponent("Deploy/board.example.json").path
    #expect(config.board == (try BoardConfiguration(contentsOf: board).resolved))
    #expect(config.shutdownCommand == ["systemctl", "poweroff"])

    let data = try Data(contentsOf: URL(fileURLWithPath: example))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(root.keys) == Set(DaemonConfiguration.schema.map(\.key)))
    for (key, members) in DaemonConfiguration.schema where !members.isEmpty {
      let section = try #require(root[key] as? [String: Any], "\(key)")
      #expect(Set(section.keys) == Set(members), "\(key)")
    }
  }

  @Test func summaryOfTheDefaults() {
    #expect(
      DaemonConfiguration().summary == [
        "log level info",
        "language en, metric",
        "map embedded (central Helsinki)",
        "routing offline",
        "gpsd 127.0.0.1:2947",
        "framebuffer /dev/fb0 (day, 5 fps)",
        "audio default at 100 %",
        "no GPIO inputs",
        "grace 10 s, shutdown: none",
        "fleet off",
        "bridge /run/headunit/bridge.sock",
        "state in /var/lib/headunit, resume within 30 min",
      ])
  }

  @Test func summaryOfTheExample() throws {
    #expect(
      try DaemonConfiguration(contentsOf: example).summary == [
        "log level info",
        "language en, metric",
        "map embedded (central Helsinki)",
        "routing offline",
        "gpsd 127.0.0.1:2947",
        "framebuffer /dev/fb0 (day, 10 fps)",
        "audio plughw:CARD=Headphones,DEV=0 at 150 %, 170 wpm",
        "GPIO: pi4, encoder, 4 buttons, ignition",
        "grace 10 s, shutdown: systemctl poweroff after 300 s",
        "fleet off",
        "bridge /run/headunit/bridge.sock (group headunit)",
        "state in /var/lib/headunit, resume within 30 min",
      ])
    var quiet = DaemonConfiguration()
    quiet.gpsdEnabled = false
    quiet.audioEnabled = false
    quiet.resumeWithin = 0
    quiet.shutdownCommand = ["poweroff"]
    quiet.shutdownDelay = 0
    #expect(quiet.summary.contains("gpsd off"))
    #expect(quiet.summary.contains("audio off"))
    #expect(quiet.summary.contains("grace 10 s, shutdown: none"))
    #expect(quiet.summary.contains("state in /var/lib/headunit, never resume"))
  }
}

@Suite("config command")
struct ConfigCommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    return (HeadUnitCommand.run(args, console: captured.console), captured)
  }

  @Test func defaultsRoundTrip() throws {
    let (status, captured) = run(["config", "defaults"])
    #expect(status == .success)
    let text = captured.out.joined(separator: "\n")
    #expect(try DaemonConfiguration(json: Data(text.utf8)) == DaemonConfiguration())
    #expect(captured.out.first == "{")
    #expect(captured.out.dropFirst().first == #"  "logLevel": "info","#)
    #expect(captured.out.contains(#"    "shutdownCommand": null,"#))
    // Keys in schema order, board left out.
    let topLevel = captured.out.filter { $0.hasPrefix("  \"") }.map {
      String($0.dropFirst(3).prefix { $0 != "\"" })
    }
    #expect(topLevel == DaemonConfiguration.schema.map(\.key).filter { $0 != "board" })
  }

  @Test func checkAcceptsTheDefaultsAndTheExample() throws {
    let path = try temporaryFile(DaemonConfiguration().document.prettyPrinted)
    let (status, captured) = run(["config", "check", path])
    #expect(status == .success)
    #expect(captured.out.first == "\(path): OK")
    #expect(
      captured.out.dropFirst().map { String($0.dropFirst(2)) } == DaemonConfiguration().summary)
    #expect(captured.err.isEmpty)

    let (exampleStatus, exampleOutput) = run(["config", "check", example])
    #expect(exampleStatus == .success)
    #expect(exampleOutput.out.contains("  GPIO: pi4, encoder, 4 buttons, ignition"))
  }

  @Test func checkRejectsABadFile() throws {
    let path = try temporaryFile(#"{"audio": {"volume": 3}}"#)
    let (status, captured) = run(["config", "check", path])
    #expect(status == .usage)
    #expect(captured.out.isEmpty)
    #expect(captured.err == "headunit: \(path): $.audio.volume: expected 0–2, got 3")
  }

  @Test func checkRejectsAnUnreadableFile() {
    let (status, captured) = run(["config", "check", "/nonexistent/config.json"])
    #expect(status == .usage)
    #expect(
      captured.err
        == "headunit: /nonexistent/config.json: cannot read the file (No such file or directory)")
  }

  @Test(
    "misuse exits 2",
    arguments: [
      (["config"], "config: check FILE or defaults?"),
      (["config", "check"], "config check: which file? (headunit config check FILE)"),
      (["config", "check", "a.json", "b.json"], "config check: unexpected argument 'b.json'"),
      (["config", "defaults", "x"], "config defaults: unexpected argument 'x'"),
      (["config", "fix"], "config: unknown action 'fix' (expected check or defaults)"),
      (["config", "check", "--strict", "a.json"], "unknown option --strict"),
    ])
  func misuse(args: [String], message: String) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.contains(message))
  }

  @Test func helpListsTheCommand() {
    let (status, captured) = run(["help"])
    #expect(status == .success)
    #expect(captured.out.contains { $0.contains("config check FILE") })
    let (configStatus, configHelp) = run(["config", "--help"])
    #expect(configStatus == .success)
    #expect(configHelp.out.first == "usage: headunit config check FILE")
  }
}
