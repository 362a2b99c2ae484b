import Audio
import Board
import Core
import Foundation
import JSON
import Navigation

/// The daemon's configuration: one JSON file, ``defaultPath`` unless `--config` names
/// another (see `Deploy/config.example.json`).
///
/// Every field is optional and has the default below; `{}` is a complete configuration.
/// Unknown keys and bad values are errors naming the JSON path and what was expected
/// (`$.audio.volume: expected 0–2, got 3`): a misspelt key must not silently fall back to
/// its default. Ranges are inclusive. A field whose default is none may also be `null`.
///
/// Top level:
/// - `logLevel` → ``logLevel``: `"info"`; one of `"error"`, `"warning"`, `"notice"`,
///   `"info"`, `"debug"`.
/// - `stateDirectory` → ``stateDirectory``: `"/var/lib/headunit"`; an absolute path. The
///   trip and the place lists are kept here.
/// - `language` → ``language``: `"en"`; a language the phrasebook has (de, en, es, it, ru,
///   zh; "en-GB" or "zh_CN" select the same), stored as its code.
/// - `units` → ``units``: `"metric"`; or `"imperial"` (English only).
/// - `map` → ``mapPath``: none, meaning the embedded Helsinki map; an absolute path to a
///   map file made by `headunit maps import`.
/// - `board` → ``board``: none, meaning no GPIO inputs; an object in the form of the board
///   file (`Deploy/board.example.json`), checked by `BoardConfiguration`.
///
/// `gpsd`:
/// - `enabled` → ``gpsdEnabled``: `true`.
/// - `host` → ``gpsdHost``: `"127.0.0.1"`; not empty.
/// - `port` → ``gpsdPort``: `2947`; 1–65535.
///
/// `display`:
/// - `framebuffer` → ``framebuffer``: `"/dev/fb0"`; not empty.
/// - `theme` → ``theme``: `"day"`; or `"night"`.
/// - `frameRate` → ``frameRate``: `5`; 1–30, the most frames per second drawn while the
///   map moves.
///
/// `audio`:
/// - `enabled` → ``audioEnabled``: `true`.
/// - `device` → ``audioDevice``: `"default"`; an ALSA PCM name, not empty.
/// - `volume` → ``volume``: `1.0`; 0–2, a gain on the prompts.
/// - `muted` → ``muted``: `false`.
/// - `earcon` → ``earcon``: `true`, the chime before a prompt.
/// - `rate` → ``speechRate``: none, meaning the language's own rate; 80–450 words per
///   minute.
///
/// `lifecycle` (see ``LifecycleMachine``):
/// - `gracePeriodSeconds` → ``gracePeriod``: `10`; 0–600.
/// - `shutdownDelaySeconds` → ``shutdownDelay``: `60`; 0–86400, 0 meaning never.
/// - `shutdownCommand` → ``shutdownCommand``: none; a non-empty array of non-empty
///   strings run as argv, e.g. `["systemctl", "poweroff"]`.
/// - `heartbeatTimeoutSeconds` → ``heartbeatTimeout``: `5`; 0.5–300.
/// - `parkedScreenSeconds` → ``parkedScreenSeconds``: `5`; 0–600.
///
/// `routing` (see ``RoutingService``):
/// - `server` → ``routingServer``: none, meaning the offline router only; `"valhalla"` or
///   `"osrm"`, asked first, with the offline router as the fallback.
/// - `url` → ``routingURL``: none; an `http` or `https` URL, required with a server.
/// - `timeoutSeconds` → ``routingTimeout``: `3`; 0.5–30, the longest wait for the server.
///
/// `fleet` (see ``FleetConfiguration``, ``FleetReporter``):
/// - `enabled` → ``FleetConfiguration/enabled``: `false`.
/// - `endpoint`: none; an `https` URL (`http` on a loopback host); required when enabled.
/// - `tokenURL`: none, meaning no `Authorization` header; a URL as `endpoint`.
/// - `clientId`, `clientSecret`: none; non-empty strings sent to `tokenURL`.
/// - `vehicleId`: none; a non-empty string; required when enabled.
/// - `intervalSeconds`: `10`; 0–86400, clamped to 5–60 (not an error; the summary says so).
/// - `queueLimit`: `360`; 1–100000 reports kept while the endpoint is unreachable.
/// - `timeoutSeconds`: `5`; 0.5–60.
///
/// `bridge` (see ``BridgeServer``, `docs/bridge.md`):
/// - `enabled` → ``bridgeEnabled``: `true`.
/// - `socket` → ``bridgeSocket``: `"/run/headunit/bridge.sock"`; an absolute path.
/// - `group` → ``bridgeGroup``: none, meaning the daemon's own group; a group name whose
///   members may connect.
/// - `heartbeatSeconds` → ``bridgeHeartbeat``: `2`; 0.5–60, how often heartbeats go out.
///   A client silent for `lifecycle.heartbeatTimeoutSeconds` is disconnected.
/// - `disconnectDrains` → ``bridgeDisconnectDrains``: `true`; whether the last client
///   gone starts draining as the lifecycle's "bridge client gone".
/// - `maxQueuedMessages` → ``bridgeMaxQueuedMessages``: `1024`; 16–100000 unsent
///   messages to one client before it is disconnected as too slow a reader.
/// - `maxQueuedBytes` → ``bridgeMaxQueuedBytes``: `4194304`; 65536–268435456.
///
/// `trip`:
/// - `resumeWithinMinutes` → ``resumeWithin`` (in seconds): `30`; 0–1440, 0 meaning never
///   resume.
/// - `saveIntervalSeconds` → ``saveInterval``: `10`; 1–300.
public struct DaemonConfiguration: Sendable, Equatable {
  /// Where the installed unit keeps its configuration.
  public static let defaultPath = "/etc/headunit/config.json"

  /// Messages less severe than this are not logged.
  public var logLevel: Logger.Level = .info
  /// Where the trip and the place lists are kept; absolute.
  public var stateDirectory = "/var/lib/headunit"
  /// The offline map; nil for the embedded Helsinki one.
  public var mapPath: String?
  /// One of `Phrasebook.supportedLanguages`.
  public var language = "en"
  /// Imperial only with English.
  public var units = UnitSystem.metric
  /// The GPIO inputs (encoder, buttons, ignition); `nil` for none.
  public var board: ResolvedInputConfig?

  public var gpsdEnabled = true
  public var gpsdHost = "127.0.0.1"
  public var gpsdPort = 2947

  /// The framebuffer device drawn on.
  public var framebuffer = "/dev/fb0"
  /// `"day"` or `"night"`.
  public var theme = "day"
  /// The most frames per second drawn while the map moves.
  public var frameRate = 5

  public var audioEnabled = true
  /// The ALSA PCM prompts play on.
  public var audioDevice = "default"
  /// Gain on the prompts, 0–2.
  public var volume = 1.0
  public var muted = false
  /// Whether a chime plays before each prompt.
  public var earcon = true
  /// Words per minute; `nil` for the language's own rate.
  public var speechRate: Int?

  /// How long guidance keeps running after the last cause to stop appeared.
  public var gracePeriod: TimeInterval = 10
  /// Delay after teardown before the shutdown command runs; 0 means never.
  public var shutdownDelay: TimeInterval = 60
  /// The command that powers the unit off, as argv; `nil` for none.
  public var shutdownCommand: [String]?
  /// Longest silence after a bridge heartbeat before the bridge counts as gone.
  public var heartbeatTimeout: TimeInterval = 5
  /// How long the Parked screen shows before the screen blanks.
  public var parkedScreenSeconds: Double = 5

  /// The routing server asked before the offline router; nil for offline only.
  public var routingServer: RemoteRouter.Engine?
  /// The routing server's base URL (`http` or `https`).
  public var routingURL: String?
  /// The longest wait for the routing server before the offline router answers.
  public var routingTimeout: TimeInterval = 3

  /// Whether the app bridge's socket is served.
  public var bridgeEnabled = true
  /// The bridge's Unix socket.
  public var bridgeSocket = "/run/headunit/bridge.sock"
  /// The group whose members may connect; nil for the daemon's own.
  public var bridgeGroup: String?
  /// Seconds between two heartbeats to each client.
  public var bridgeHeartbeat: Double = 2
  /// Whether the last bridge client gone starts draining.
  public var bridgeDisconnectDrains = true
  /// Unsent messages to one client before it is disconnected.
  public var bridgeMaxQueuedMessages = 1024
  /// Unsent bytes to one client before it is disconnected.
  public var bridgeMaxQueuedBytes = 4 << 20

  /// How old a saved trip may be and still resume at start-up; 0 means never resume.
  public var resumeWithin: TimeInterval = 30 * 60
  /// How often the trip in progress is saved.
  public var saveInterval: TimeInterval = 10

  /// Fleet reporting; off by default.
  public var fleet = FleetConfiguration()

  /// Every field at its default.
  public init() {}

  /// Decodes and validates a configuration document.
  ///
  /// - Throws: `ConfigurationError(.invalid)` naming the JSON path of the first problem.
  public init(json data: Data) throws(ConfigurationError) {
    do throws(JSONError) {
      try self.init(node: JSONNode(parsing: data))
    } catch {
      throw ConfigurationError(.invalid, error.description)
    }
  }

  /// Reads, decodes and validates the configuration file at `path`. Blocks on the read.
  ///
  /// - Throws: `ConfigurationError(.unreadable)` if the file cannot be read,
  ///   `ConfigurationError(.invalid)` if it is wrong; either message starts with `path`.
  public init(contentsOf path: String) throws(ConfigurationError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      // Foundation's own wording ("The operation could not be completed") says less than
      // the errno underneath it.
      let reason: String
      if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error,
        case let posix = underlying as NSError, posix.domain == NSPOSIXErrorDomain
      {
        reason = String(cString: strerror(Int32(posix.code)))
      } else {
        reason = error.localizedDescription
      }
      throw ConfigurationError(.unreadable, "\(path): cannot read the file (\(reason))")
    }
    do {
      try self.init(json: data)
    } catch {
      throw ConfigurationError(.invalid, "\(path): \(error.message)")
    }
  }

  /// The lifecycle machine's timings and shutdown command.
  public var lifecycle: LifecycleMachine.Configuration {
    LifecycleMachine.Configuration(
      gracePeriod: gracePeriod, shutdownDelay: shutdownDelay, shutdownCommand: shutdownCommand,
      heartbeatTimeout: heartbeatTimeout)
  }

  /// The document's keys in order: each top-level key with its members (none for a plain
  /// value, nor for `board`, whose keys are the board file's).
  static let schema: [(key: String, members: [String])] = [
    ("logLevel", []), ("stateDirectory", []), ("language", []), ("units", []), ("map", []),
    ("board", []),
    ("gpsd", ["enabled", "host", "port"]),
    ("display", ["framebuffer", "theme", "frameRate"]),
    ("audio", ["enabled", "device", "volume", "muted", "earcon", "rate"]),
    (
      "lifecycle",
      [
        "gracePeriodSeconds", "shutdownDelaySeconds", "shutdownCommand",
        "heartbeatTimeoutSeconds", "parkedScreenSeconds",
      ]
    ),
    ("routing", ["server", "url", "timeoutSeconds"]),
    ("trip", ["resumeWithinMinutes", "saveIntervalSeconds"]),
    (
      "fleet",
      [
        "enabled", "endpoint", "tokenURL", "clientId", "clientSecret", "vehicleId",
        "intervalSeconds", "queueLimit", "timeoutSeconds",
      ]
    ),
    (
      "bridge",
      [
        "enabled", "socket", "group", "heartbeatSeconds", "disconnectDrains",
        "maxQueuedMessages", "maxQueuedBytes",
      ]
    ),
  ]

  /// The configured routing server, speaking the configured language; nil for offline
  /// only.
  public var remoteRouter: RemoteRouter? {
    guard let routingServer, let url = routingURL.flatMap(URL.init(string:)) else { return nil }
    return RemoteRouter(
      engine: routingServer, url: url, timeout: .milliseconds(Int(routingTimeout * 1000)),
      language: language, imperial: units == .imperial)
  }

  /// The `logLevel` spellings, most severe first.
  static let logLevels: [(name: String, level: Logger.Level)] = Logger.Level.allCases.map {
    ("\($0)", $0)
  }

  /// Validates the document rooted at `root`.
  private init(node root: JSONNode) throws(JSONError) {
    self.init()
    let fields = try root.object(keys: Self.schema.map(\.key))
    if let node = fields["logLevel"] {
      let name = try node.string(oneOf: Self.logLevels.map(\.name))
      logLevel = Self.logLevels.first { $0.name == name }!.level
    }
    if let node = fields["stateDirectory"] {
      stateDirectory = try node.absolutePath()
    }
    if let node = fields["map"]?.nonNull {
      mapPath = try node.absolutePath()
    }
    if let node = fields["units"] {
      units = UnitSystem(rawValue: try node.string(oneOf: ["metric", "imperial"]))!
    }
    if let node = fields["language"] {
      language = try Self.language(node)
    }
    if units == .imperial {
      try checkImperial(fields)
    }
    if let node = fields["board"]?.nonNull {
      board = try BoardConfiguration(node: node).resolved
    }
    if let gpsd = try Self.section("gpsd", in: fields) {
      gpsdEnabled = try gpsd["enabled"]?.bool() ?? gpsdEnabled
      gpsdHost = try gpsd["host"]?.nonEmptyString() ?? gpsdHost
      gpsdPort = try gpsd["port"]?.integer(in: 1...65_535) ?? gpsdPort
    }
    if let display = try Self.section("display", in: fields) {
      framebuffer = try display["framebuffer"]?.nonEmptyString() ?? framebuffer
      theme = try display["theme"]?.string(oneOf: ["day", "night"]) ?? theme
      frameRate = try display["frameRate"]?.integer(in: 1...30) ?? frameRate
    }
    if let audio = try Self.section("audio", in: fields) {
      audioEnabled = try audio["enabled"]?.bool() ?? audioEnabled
      audioDevice = try audio["device"]?.nonEmptyString() ?? audioDevice
      volume = try audio["volume"]?.number(in: 0...2) ?? volume
      muted = try audio["muted"]?.bool() ?? muted
      earcon = try audio["earcon"]?.bool() ?? earcon
      speechRate = try audio["rate"]?.nonNull?.integer(in: EspeakSynthesizer.Settings.rates)
    }
    if let lifecycle = try Self.section("lifecycle", in: fields) {
      gracePeriod = try lifecycle["gracePeriodSeconds"]?.number(in: 0...600) ?? gracePeriod
      shutdownDelay =
        try lifecycle["shutdownDelaySeconds"]?.number(in: 0...86_400) ?? shutdownDelay
      shutdownCommand = try lifecycle["shutdownCommand"]?.nonNull?.nonEmptyStrings()
      heartbeatTimeout =
        try lifecycle["heartbeatTimeoutSeconds"]?.number(in: 0.5...300) ?? heartbeatTimeout
      parkedScreenSeconds =
        try lifecycle["parkedScreenSeconds"]?.number(in: 0...600) ?? parkedScreenSeconds
    }
    if let routing = try Self.section("routing", in: fields) {
      try readRouting(routing, node: fields["routing"]!)
    }
    if let trip = try Self.section("trip", in: fields) {
      if let minutes = try trip["resumeWithinMinutes"]?.number(in: 0...1440) {
        resumeWithin = minutes * 60
      }
      saveInterval = try trip["saveIntervalSeconds"]?.number(in: 1...300) ?? saveInterval
    }
    if let fleet = try Self.section("fleet", in: fields) {
      try readFleet(fleet, node: fields["fleet"]!)
    }
    if let bridge = try Self.section("bridge", in: fields) {
      bridgeEnabled = try bridge["enabled"]?.bool() ?? bridgeEnabled
      bridgeSocket = try bridge["socket"]?.absolutePath() ?? bridgeSocket
      bridgeGroup = try bridge["group"]?.nonNull?.nonEmptyString()
      bridgeHeartbeat = try bridge["heartbeatSeconds"]?.number(in: 0.5...60) ?? bridgeHeartbeat
      bridgeDisconnectDrains =
        try bridge["disconnectDrains"]?.bool() ?? bridgeDisconnectDrains
      bridgeMaxQueuedMessages =
        try bridge["maxQueuedMessages"]?.integer(in: 16...100_000) ?? bridgeMaxQueuedMessages
      bridgeMaxQueuedBytes =
        try bridge["maxQueuedBytes"]?.integer(in: 65_536...268_435_456) ?? bridgeMaxQueuedBytes
    }
  }

  /// The members of section `key`, checked against the schema; `nil` when it is absent.
  private static func section(
    _ key: String, in fields: [String: JSONNode]
  ) throws(JSONError) -> [String: JSONNode]? {
    guard let node = fields[key] else { return nil }
    let members = schema.first { $0.key == key }!.members
    return try node.object(keys: members)
  }

  /// The phrasebook's code for the language `node` names.
  private static func language(_ node: JSONNode) throws(JSONError) -> String {
    let name = try node.string()
    do {
      return try Phrasebook(language: name).language
    } catch {
      let known = Phrasebook.supportedLanguages
      let list = known.dropLast().joined(separator: ", ") + " or " + known.last!
      throw node.error("unknown language \(JSONNode.quoted(name)) (expected \(list))")
    }
  }

  /// Imperial units are spoken only in some languages.
  private func checkImperial(_ fields: [String: JSONNode]) throws(JSONError) {
    guard (try? Phrasebook(language: language, units: .imperial)) == nil else { return }
    let offered = Phrasebook.supportedLanguages.filter {
      (try? Phrasebook(language: $0, units: .imperial)) != nil
    }
    let node = fields["units"]!
    throw node.error(
      "imperial units are not available in language \"\(language)\" "
        + "(only in \(offered.joined(separator: ", ")))")
  }
}
