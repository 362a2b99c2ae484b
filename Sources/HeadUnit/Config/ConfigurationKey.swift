import JSON

/// One key of the configuration file, described once: its name, what it accepts, its
/// default, a line of documentation, and how it reads into and writes out of `Settings`.
///
/// Parsing (``read``, with the range checks and their messages), `config defaults`
/// (``write``), the reference table in the README (``rows``), the summary `config check`
/// prints (``summary``) and the key lists of unknown-key errors (``members``) all come from
/// this one value, so a key is written in one place. The factories in
/// `ConfigurationKey+Kinds.swift` make the common kinds; spans of time are `Duration` in
/// `Settings` and numbers of seconds (or minutes) in the file.
struct ConfigurationKey<Settings: ConfigurationSection> {
  /// One row of the reference table: the key's dotted path, its default, what it accepts.
  struct Row: Equatable {
    var key: String
    var defaultValue: String
    var allowed: String
  }

  /// How `config check` shows a plain value beyond what ``write`` gives it.
  struct Shown {
    /// The name shown, when not the key's own: `gracePeriod` for `gracePeriodSeconds`.
    var label: String?
    /// Follows a number: `s`, `min`, `fps`.
    var unit: String?
    /// Shown in place of zero: `never`.
    var zero: String?
    /// Shown in place of none, as the table shows it: `none: offline router only`.
    var none = "none"
    /// Never shown: only whether it is set.
    var secret = false
    /// The section's switch: when off the section shows as `gpsd off`; when on it is not
    /// shown.
    var switchesSection = false
    /// The value for people where the document's does not serve (the board, which documents
    /// leave out); nil shows ``none``.
    var text: ((Settings) -> String?)?
  }

  /// The member's name in its object.
  let name: String
  /// The member's own keys when it is a section (``section(_:)``); empty for a plain value.
  let members: [String]
  /// The reference rows: one for a plain value, one per key for a section.
  let rows: [Row]
  /// Reads the member into `settings`, checking its type and range.
  ///
  /// - Throws: `JSONError` naming the member's path and what was expected.
  let read: (inout Settings, JSONNode) throws(JSONError) -> Void
  /// The member's value in a document; nil to leave it out.
  let write: (Settings) -> JSONValue?
  /// The member as `config check` shows it: `port 2947`, `gracePeriod 10 s`, a section's
  /// line (`gpsd: host 127.0.0.1, port 2947`); nil to leave it out (a section's switch).
  private(set) var summary: (Settings) -> String?
  /// Whether the member is a section's switch and off.
  let isOff: (Settings) -> Bool

  /// A plain value.
  ///
  /// - Parameters:
  ///   - allowed: What the key accepts, for people: `0–2`, `"day"`, `"night"`.
  ///   - doc: What it does, one line; empty when `allowed` says it all.
  ///   - defaultText: The default as the table shows it; nil shows ``write`` of `Settings()`
  ///     as JSON.
  ///   - shown: How `config check` shows it; by default as ``write`` gives it.
  init(
    _ name: String, allowed: String, doc: String, defaultText: String? = nil,
    shown: Shown = Shown(),
    read: @escaping (inout Settings, JSONNode) throws(JSONError) -> Void,
    write: @escaping (Settings) -> JSONValue?
  ) {
    self.name = name
    self.members = []
    self.read = read
    self.write = write
    let defaultValue = defaultText ?? write(Settings()).map { "`\($0.serialized)`" } ?? "none"
    self.rows = [
      Row(
        key: name, defaultValue: defaultValue,
        allowed: doc.isEmpty ? allowed : "\(allowed): \(doc)")
    ]
    let label = shown.label ?? name
    self.summary = { settings in
      guard !shown.switchesSection else { return nil }
      let value = shown.text.map { $0(settings).map(JSONValue.string) ?? .null } ?? write(settings)
      return value.map { "\(label) \(Self.words(for: $0, shown))" }
    }
    self.isOff = { shown.switchesSection && write($0) == .bool(false) }
  }

  /// This key, left out of `config check`'s summary unless `condition` holds: a setting
  /// of a choice not made (the MQTT broker when reports go over HTTP).
  func summarized(when condition: @escaping (Settings) -> Bool) -> Self {
    var key = self
    let summary = self.summary
    key.summary = { condition($0) ? summary($0) : nil }
    return key
  }

  /// The section `Section` at `path`: an object of ``ConfigurationSection/keys``.
  static func section<Section: ConfigurationSection>(
    _ path: WritableKeyPath<Settings, Section>
  ) -> Self {
    Self(
      name: Section.name, members: Section.keys.map(\.name),
      rows: Section.keys.flatMap(\.rows).map {
        Row(key: "\(Section.name).\($0.key)", defaultValue: $0.defaultValue, allowed: $0.allowed)
      },
      read: { settings, node throws(JSONError) in settings[keyPath: path] = try Section(node: node)
      },
      write: { $0[keyPath: path].json }, summary: { $0[keyPath: path].summaryLine })
  }

  private init(
    name: String, members: [String], rows: [Row],
    read: @escaping (inout Settings, JSONNode) throws(JSONError) -> Void,
    write: @escaping (Settings) -> JSONValue?, summary: @escaping (Settings) -> String?
  ) {
    self.name = name
    self.members = members
    self.rows = rows
    self.read = read
    self.write = write
    self.summary = summary
    self.isOff = { _ in false }
  }

  /// `value` for people: a string as it is, a number with its unit, none as the table
  /// words it (`none (offline router only)`), a list of strings with spaces between;
  /// a secret only as set or not.
  private static func words(for value: JSONValue, _ shown: Shown) -> String {
    switch value {
    case .null:
      let words = shown.none.replacingOccurrences(of: "`", with: "")
      guard words.hasPrefix("none: ") else { return words }
      return "none (\(words.dropFirst(6)))"
    case _ where shown.secret: return "(set, not shown)"
    case .number(0) where shown.zero != nil: return shown.zero ?? ""
    case .number(let number):
      return JSONValue.format(number) + (shown.unit.map { " \($0)" } ?? "")
    case .string(let text): return text
    case .bool(let on): return on ? "true" : "false"
    case .array(let items): return items.map { words(for: $0, shown) }.joined(separator: " ")
    case .object: return value.serialized
    }
  }
}
