import JSON

/// One key of the configuration file, described once: its name, what it accepts, its
/// default, a line of documentation, and how it reads into and writes out of `Settings`.
///
/// Parsing (``read``, with the range checks and their messages), `config defaults`
/// (``write``), the reference table in the README (``rows``) and the key lists of unknown-key
/// errors (``members``) all come from this one value, so a key is written in one place. The
/// factories in `ConfigurationKey+Kinds.swift` make the common kinds; spans of time are
/// `Duration` in `Settings` and numbers of seconds (or minutes) in the file.
struct ConfigurationKey<Settings: ConfigurationSection> {
  /// One row of the reference table: the key's dotted path, its default, what it accepts.
  struct Row: Equatable {
    var key: String
    var defaultValue: String
    var allowed: String
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

  /// A plain value.
  ///
  /// - Parameters:
  ///   - allowed: What the key accepts, for people: `0–2`, `"day"`, `"night"`.
  ///   - doc: What it does, one line; empty when `allowed` says it all.
  ///   - defaultText: The default as the table shows it; nil shows ``write`` of `Settings()`
  ///     as JSON.
  init(
    _ name: String, allowed: String, doc: String, defaultText: String? = nil,
    read: @escaping (inout Settings, JSONNode) throws(JSONError) -> Void,
    write: @escaping (Settings) -> JSONValue?
  ) {
    self.name = name
    self.members = []
    self.read = read
    self.write = write
    let shown = defaultText ?? write(Settings()).map { "`\($0.serialized)`" } ?? "none"
    self.rows = [
      Row(key: name, defaultValue: shown, allowed: doc.isEmpty ? allowed : "\(allowed): \(doc)")
    ]
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
      write: { $0[keyPath: path].json })
  }

  private init(
    name: String, members: [String], rows: [Row],
    read: @escaping (inout Settings, JSONNode) throws(JSONError) -> Void,
    write: @escaping (Settings) -> JSONValue?
  ) {
    self.name = name
    self.members = members
    self.rows = rows
    self.read = read
    self.write = write
  }
}
