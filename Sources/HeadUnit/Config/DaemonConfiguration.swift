import Audio
import Board
import Core
import Foundation
import JSON
import Navigation

/// The daemon's configuration: one JSON file, ``defaultPath`` unless `--config` names
/// another (see `Deploy/config.example.json`).
///
/// Every field is optional and has a default; `{}` is a complete configuration.
/// Unknown keys and bad values are errors naming the JSON path and what was expected
/// (`$.audio.volume: expected 0–2, got 3`): a misspelt key must not silently fall back to
/// its default. Ranges are inclusive. A field whose default is none may also be `null`.
///
/// Each section of the file is a settings value of its own (``GPSSettings``,
/// ``DisplaySettings``, ``AudioSettings``, ``LifecycleSettings``, ``RoutingSettings``,
/// ``TripSettings``, ``FleetConfiguration``, ``BridgeServerSettings``), and each key is
/// described once, in its section's `keys` (a ``ConfigurationKey``), which reads it, writes it
/// for `config defaults`, shows it in `config check`'s ``summary`` and documents it: the
/// README's table is ``referenceTable``. The top-level keys are in
/// `DaemonConfiguration+Keys.swift`.
public struct DaemonConfiguration: Sendable, Equatable {
  /// Where the installed unit keeps its configuration.
  public static let defaultPath = "/etc/headunit/config.json"

  /// Messages less severe than this are not logged.
  public var logLevel: Logger.Level = .info
  /// Where the trip and the place lists are kept; absolute.
  public var stateDirectory = "/var/lib/headunit"
  /// One of `Phrasebook.supportedLanguages`.
  public var language = "en"
  /// How distances are spoken and shown.
  public var units = UnitSystem.metric
  /// The offline map; nil for the embedded Helsinki one.
  public var mapPath: String?
  /// The IANA time zone of the clock and arrival times; nil for the system's.
  public var timeZone: String?
  /// The GPIO inputs (encoder, buttons, ignition); `nil` for none.
  public var board: ResolvedInputConfig?

  /// The `gpsd` section.
  public var gpsd = GPSSettings()
  /// The `display` section.
  public var display = DisplaySettings()
  /// The `audio` section.
  public var audio = AudioSettings()
  /// The `lifecycle` section.
  public var lifecycle = LifecycleSettings()
  /// The `routing` section.
  public var routing = RoutingSettings()
  /// The `trip` section.
  public var trip = TripSettings()
  /// The `fleet` section; off by default.
  public var fleet = FleetConfiguration()
  /// The `bridge` section.
  public var bridge = BridgeServerSettings()
  /// The `music` section; off by default.
  public var music = MusicSettings()

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

  /// The configured routing server, speaking the configured language; nil for offline
  /// only.
  public var remoteRouter: RemoteRouter? {
    routing.router(language: language, imperial: units == .imperial)
  }

  /// The document's keys in order: each top-level key with its members (none for a plain
  /// value, nor for `board`, whose keys are the board file's).
  static var schema: [(key: String, members: [String])] {
    keys.map { ($0.name, $0.members) }
  }
}
