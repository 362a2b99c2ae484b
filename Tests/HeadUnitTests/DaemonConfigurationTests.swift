import Board
import Foundation
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

func loadConfiguration(_ json: String) throws(ConfigurationError) -> DaemonConfiguration {
  try DaemonConfiguration(json: Data(json.utf8))
}

/// The message of the error `json` fails with, or `nil` if it loads.
func configurationFailure(_ json: String) -> String? {
  do {
    _ = try loadConfiguration(json)
    return nil
  } catch {
    #expect(error.code == .invalid)
    return error.message
  }
}

/// A new file holding `text` in a fresh temporary directory.
func temporaryFile(_ text: String, name: String = "config.json") throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("daemon-config-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

let example = Paths.root.appendingPathComponent("Deploy/config.example.json").path

@Suite("Daemon configuration")
struct DaemonConfigurationTests {
  @Test func emptyObjectGivesTheDefaults() throws {
    let config = try loadConfiguration("{}")
    #expect(config == DaemonConfiguration())
    #expect(config.logLevel == .info)
    #expect(config.stateDirectory == "/var/lib/headunit")
    #expect(config.language == "en")
    #expect(config.units == .metric)
    #expect(config.board == nil)
    #expect(config.gpsd.enabled)
    #expect(config.gpsd.host == "127.0.0.1")
    #expect(config.gpsd.port == 2947)
    #expect(config.display.framebuffer == "/dev/fb0")
    #expect(config.display.theme == "auto")
    #expect(config.display.frameRate == 5)
    #expect(config.audio.enabled)
    #expect(config.audio.device == "default")
    #expect(config.audio.volume == 1)
    #expect(!config.audio.muted)
    #expect(config.audio.earcon)
    #expect(
      config.audio.speechRates.byLanguage == [
        "de": 195, "en": 205, "es": 195, "it": 180, "ru": 195, "zh": 260,
      ])
    #expect(config.audio.speechRates.everyLanguage == nil)
    #expect(
      config.lifecycle.machine
        == LifecycleMachine.Configuration(
          gracePeriod: .seconds(10), shutdownDelay: .seconds(60), shutdownCommand: nil,
          heartbeatTimeout: .seconds(5)))
    #expect(config.lifecycle.parkedScreen.seconds == 5)
    #expect(config.trip.resumeWithin.seconds == 30 * 60)
    #expect(config.trip.saveInterval.seconds == 10)
    #expect(DaemonConfiguration.defaultPath == "/etc/headunit/config.json")
  }

  @Test func everyFieldIsRead() throws {
    let config = try loadConfiguration(
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
    expected.gpsd.enabled = false
    expected.gpsd.host = "gps.local"
    expected.gpsd.port = 2948
    expected.display.framebuffer = "/dev/fb1"
    expected.display.theme = "night"
    expected.display.frameRate = 30
    expected.audio.enabled = false
    expected.audio.device = "hw:1"
    expected.audio.volume = 0.25
    expected.audio.muted = true
    expected.audio.earcon = false
    expected.audio.speechRates = SpeechRates(everyLanguage: 160)
    expected.lifecycle.gracePeriod = .seconds(2.5)
    expected.lifecycle.shutdownDelay = .seconds(0)
    expected.lifecycle.shutdownCommand = ["systemctl", "poweroff"]
    expected.lifecycle.heartbeatTimeout = .seconds(0.5)
    expected.lifecycle.parkedScreen = .seconds(0)
    expected.trip.resumeWithin = .seconds(90)
    expected.trip.saveInterval = .seconds(300)
    #expect(config == expected)
    #expect(
      config.lifecycle.machine
        == LifecycleMachine.Configuration(
          gracePeriod: .seconds(2.5), shutdownDelay: .seconds(0),
          shutdownCommand: ["systemctl", "poweroff"],
          heartbeatTimeout: .seconds(0.5)))
  }

  @Test func languagesAreStoredAsTheirCode() throws {
    #expect(try loadConfiguration(#"{"language": "de_DE"}"#).language == "de")
    #expect(try loadConfiguration(#"{"language": "cmn"}"#).language == "zh")
    #expect(try loadConfiguration(#"{"language": "RU"}"#).language == "ru")
  }

  @Test func speechRatesByLanguageOrOneForAll() throws {
    let some = try loadConfiguration(#"{"audio": {"rate": {"en": 210, "zh": null}}}"#)
    #expect(some.audio.speechRates.byLanguage["en"] == 210)
    #expect(some.audio.speechRates.byLanguage["zh"] == 260)
    #expect(some.audio.speechRates.everyLanguage == nil)
    #expect(some.speechRateNote == nil)
    let old = try loadConfiguration(#"{"language": "de", "audio": {"rate": 170}}"#)
    #expect(old.audio.speechRates.byLanguage.values.allSatisfy { $0 == 170 })
    #expect(old.audio.speechRates.slowerThanTuned == ["de", "en", "es", "it", "ru", "zh"])
    #expect(
      old.speechRateNote
        == "$.audio.rate: de at 170 wpm, slower than its own 195: final prompts may last over "
        + "3.5 s (`headunit config check` synthesizes them)")
    let slowZh = try loadConfiguration(#"{"language": "zh", "audio": {"rate": {"zh": 200}}}"#)
    #expect(slowZh.speechRateNote?.hasPrefix("$.audio.rate.zh: zh at 200 wpm") == true)
    // Each form reads back as it was written.
    for config in [some, old, slowZh] {
      #expect(try DaemonConfiguration(json: Data(config.document.serialized.utf8)) == config)
    }
  }

  @Test func nullMeansNoneWhereTheDefaultIsNone() throws {
    let config = try loadConfiguration(
      #"{"board": null, "audio": {"rate": null}, "lifecycle": {"shutdownCommand": null}}"#)
    #expect(config == DaemonConfiguration())
  }

  @Test(arguments: [
    (
      #"{"loglevel": "info"}"#,
      "$.loglevel: unknown key (expected logLevel, stateDirectory, language, units, timeZone, map, board, "
        + "gpsd, display, audio, lifecycle, routing, trip, fleet, bridge, music)"
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
    (#"{"audio": {"rate": {"en": 60}}}"#, "$.audio.rate.en: expected 80–450, got 60"),
    (
      #"{"audio": {"rate": {"fr": 200}}}"#,
      "$.audio.rate.fr: unknown key (expected de, en, es, it, ru, zh)"
    ),
    (
      #"{"audio": {"rate": "fast"}}"#,
      #"$.audio.rate: expected an object of words per minute by language ({"en": 205}) or "#
        + #"a number, got the string "fast""#
    ),
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
      #"{"timeZone": "Mars/Olympus"}"#,
      #"$.timeZone: unknown time zone "Mars/Olympus" (expected an IANA name such as "#
        + "Europe/Helsinki; `timedatectl list-timezones` lists them)"
    ),
    (#"{"timeZone": 2}"#, "$.timeZone: expected a string, got the number 2"),
    (
      #"{"units": "furlongs"}"#,
      #"$.units: expected "metric" or "imperial", got the string "furlongs""#
    ),
    (
      #"{"display": {"theme": "dusk"}}"#,
      #"$.display.theme: expected "auto", "day" or "night", got the string "dusk""#
    ),
    (#"{"display": {"frameRate": 60}}"#, "$.display.frameRate: expected 1–30, got 60"),
    (
      #"{"display": {"touch": "event0"}}"#,
      #"$.display.touch: expected "auto", "off" or the absolute path of an input device, got "event0""#
    ),
    (#"{"display": {"touch": ""}}"#, "$.display.touch: must not be empty"),
    (
      #"{"display": {"touchRotation": 45}}"#,
      "$.display.touchRotation: expected 0, 90, 180 or 270, got 45"
    ),
    (
      #"{"display": {"touchFlipX": "yes"}}"#,
      #"$.display.touchFlipX: expected true or false, got the string "yes""#
    ),
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
        + "headlights, debounceMs, longPressMs, powerSupplyPath)"
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
      "$.routing.timeout: unknown key (expected server, url, timeoutSeconds, avoid)"
    ),
    (#"{"board": "pi4"}"#, #"$.board: expected an object, got the string "pi4""#),
    (#"[]"#, "$: expected an object, got an array"),
    ("", "$: the document is empty (expected a JSON object)"),
    (" \n\t\n", "$: the document is empty (expected a JSON object)"),
  ])
  func badDocuments(json: String, message: String) {
    #expect(configurationFailure(json) == message)
  }

  /// The parser's own words vary between Foundation versions; the place is ours.
  @Test func notJSONNamesTheLineAndColumn() throws {
    let message = try #require(
      configurationFailure("{\n  \"language\": \"en\",\n  \"units\": metric\n}"))
    #expect(message.hasPrefix("$: not valid JSON ("))
    #expect(message.hasSuffix(" at line 3, column 12)"))
    let truncated = try #require(configurationFailure(#"{"audio": {"volume": 1"#))
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
    #expect(config.lifecycle.shutdownCommand == ["systemctl", "poweroff"])

    let data = try Data(contentsOf: URL(fileURLWithPath: example))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(root.keys) == Set(DaemonConfiguration.schema.map(\.key)))
    for (key, members) in DaemonConfiguration.schema where !members.isEmpty {
      let section = try #require(root[key] as? [String: Any], "\(key)")
      #expect(Set(section.keys) == Set(members), "\(key)")
    }
  }
}
