import Board
import Core
import Foundation
import JSON
import Navigation

/// The top-level keys, and the sections in file order.
extension DaemonConfiguration: ConfigurationSection {
  static let name = ""

  static var keys: [ConfigurationKey<Self>] {
    let levels = logLevels.map(\.name)
    let noBoard = "none: no GPIO inputs"
    return [
      .value(
        "logLevel", \.logLevel, allowed: ConfigurationKey<Self>.list(levels),
        read: { node throws(JSONError) in
          let name = try node.string(oneOf: levels)
          return logLevels.first { $0.name == name }!.level
        },
        write: { .string("\($0)") }),
      .absolutePath(
        "stateDirectory", \.stateDirectory, doc: "the trip and the place lists are kept here"),
      .value(
        "language", \.language,
        allowed: "the language of the prompts and the screen: "
          + Phrasebook.supportedLanguages.map { "`\($0)`" }.joined(separator: ", ")
          + " (`en-GB`, `de_DE`, `cmn` select the same)",
        read: language, write: JSONValue.string),
      .value(
        "units", \.units, allowed: ConfigurationKey<Self>.list(["metric", "imperial"]),
        doc: "imperial speaks feet, then tenths and quarters of a mile; in English it shows the "
          + "12-hour clock",
        read: { node throws(JSONError) in
          UnitSystem(rawValue: try node.string(oneOf: ["metric", "imperial"]))!
        },
        write: { .string($0.rawValue) }),
      .optional(
        "timeZone", \.timeZone,
        allowed: "an IANA time zone name (`Europe/Helsinki`, `America/New_York`, `UTC`)",
        doc: "the clock and arrival times on the screen; a Pi without a network keeps the "
          + "system's zone from its image",
        none: "none: the system's zone",
        read: timeZone, write: JSONValue.string),
      .optional(
        "map", \.mapPath, allowed: "an absolute path to a map file made by `headunit maps import`",
        none: "none: the embedded map of central Helsinki",
        read: { node throws(JSONError) in try node.absolutePath() }, write: JSONValue.string),
      ConfigurationKey(
        "board",
        allowed: "an object in the form of the board file, `Deploy/board.example.json`: board "
          + "preset, chip, encoder, buttons, ignition, headlights, debounce and long-press times",
        doc: "", defaultText: noBoard, shown: .init(none: noBoard, text: \.inputsSummary),
        read: { settings, node throws(JSONError) in
          if let node = node.nonNull {
            settings.board = try BoardConfiguration(node: node).resolved
          } else {
            settings.board = nil
          }
        },
        // Resolved GPIO lines cannot be written back as the pins they were written with.
        write: { _ in nil }),
      .section(\.gpsd),
      .section(\.display),
      .section(\.audio),
      .section(\.lifecycle),
      .section(\.routing),
      .section(\.trip),
      .section(\.fleet),
      .section(\.bridge),
      .section(\.music),
    ]
  }

  /// The `logLevel` spellings, most severe first.
  static let logLevels: [(name: String, level: Logger.Level)] = Logger.Level.allCases.map {
    ("\($0)", $0)
  }

  /// The time zone `node` names: one this machine's tz database knows.
  private static func timeZone(_ node: JSONNode) throws(JSONError) -> String {
    let name = try node.string()
    guard TimeZone(identifier: name) != nil else {
      throw node.error(
        "unknown time zone \(JSONNode.quoted(name)) (expected an IANA name such as "
          + "Europe/Helsinki; `timedatectl list-timezones` lists them)")
    }
    return name
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
}
