import JSON

/// The kinds of value the configuration holds, each read, checked and written one way.
extension ConfigurationKey {
  /// A value `read` from the file and `write` back.
  static func value<Value>(
    _ name: String, _ path: WritableKeyPath<Settings, Value>, allowed: String, doc: String = "",
    defaultText: String? = nil, shown: Shown = Shown(),
    read: @escaping (JSONNode) throws(JSONError) -> Value, write: @escaping (Value) -> JSONValue
  ) -> Self {
    Self(
      name, allowed: allowed, doc: doc, defaultText: defaultText, shown: shown,
      read: { settings, node throws(JSONError) in settings[keyPath: path] = try read(node) },
      write: { write($0[keyPath: path]) })
  }

  /// A value whose default is none (`nil`); `null` in the file sets it to none.
  ///
  /// - Parameter none: The default as the table (and `config check`) shows it:
  ///   `none: the offline router only`.
  static func optional<Value>(
    _ name: String, _ path: WritableKeyPath<Settings, Value?>, allowed: String, doc: String = "",
    none: String = "none", shown: Shown = Shown(),
    read: @escaping (JSONNode) throws(JSONError) -> Value, write: @escaping (Value) -> JSONValue
  ) -> Self {
    var shown = shown
    shown.none = none
    return Self(
      name, allowed: allowed, doc: doc, defaultText: none, shown: shown,
      read: { settings, node throws(JSONError) in
        if let value = node.nonNull {
          settings[keyPath: path] = try read(value)
        } else {
          settings[keyPath: path] = nil
        }
      },
      write: { $0[keyPath: path].map(write) ?? .null })
  }

  /// `true` or `false`.
  static func bool(
    _ name: String, _ path: WritableKeyPath<Settings, Bool>, doc: String = "",
    shown: Shown = Shown()
  ) -> Self {
    value(
      name, path, allowed: "`true`, `false`", doc: doc, shown: shown,
      read: { node throws(JSONError) in try node.bool() },
      write: JSONValue.bool)
  }

  /// `true` or `false`: whether the section is on at all. `config check` shows a section
  /// switched off as `gpsd off`, and one switched on by its other keys.
  static func sectionSwitch(
    _ name: String, _ path: WritableKeyPath<Settings, Bool>, doc: String = ""
  ) -> Self {
    bool(name, path, doc: doc, shown: Shown(switchesSection: true))
  }

  /// A string that is not empty.
  static func text(
    _ name: String, _ path: WritableKeyPath<Settings, String>, allowed: String, doc: String = ""
  ) -> Self {
    value(
      name, path, allowed: allowed, doc: doc,
      read: { node throws(JSONError) in try node.nonEmptyString() }, write: JSONValue.string)
  }

  /// A string that is not empty, or none.
  static func text(
    _ name: String, _ path: WritableKeyPath<Settings, String?>, allowed: String, doc: String = "",
    none: String = "none", shown: Shown = Shown()
  ) -> Self {
    optional(
      name, path, allowed: allowed, doc: doc, none: none, shown: shown,
      read: { node throws(JSONError) in try node.nonEmptyString() }, write: JSONValue.string)
  }

  /// A string that is not empty, or none, that `config check` never shows (a password).
  static func secret(
    _ name: String, _ path: WritableKeyPath<Settings, String?>, allowed: String
  ) -> Self {
    text(
      name, path, allowed: allowed, doc: "never shown by `config check`",
      shown: Shown(secret: true))
  }

  /// An absolute path.
  static func absolutePath(
    _ name: String, _ path: WritableKeyPath<Settings, String>, doc: String = ""
  ) -> Self {
    value(
      name, path, allowed: "an absolute path", doc: doc,
      read: { node throws(JSONError) in try node.absolutePath() }, write: JSONValue.string)
  }

  /// One of `choices`, stored as written.
  static func choice(
    _ name: String, _ path: WritableKeyPath<Settings, String>, _ choices: [String],
    doc: String = ""
  ) -> Self {
    value(
      name, path, allowed: Self.list(choices), doc: doc,
      read: { node throws(JSONError) in try node.string(oneOf: choices) }, write: JSONValue.string)
  }

  /// A whole number in `range`, of `unit`s where the name does not say (`fps`).
  static func integer(
    _ name: String, _ path: WritableKeyPath<Settings, Int>, in range: ClosedRange<Int>,
    unit: String? = nil, doc: String = "", defaultText: String? = nil
  ) -> Self {
    value(
      name, path, allowed: "\(range.lowerBound)–\(range.upperBound)", doc: doc,
      defaultText: defaultText, shown: Shown(unit: unit),
      read: { node throws(JSONError) in try node.integer(in: range) },
      write: { .number(Double($0)) })
  }

  /// A whole number in `range`, of `unit`s where the name does not say (`wpm`), or none.
  static func integer(
    _ name: String, _ path: WritableKeyPath<Settings, Int?>, in range: ClosedRange<Int>,
    unit: String? = nil, doc: String = "", none: String
  ) -> Self {
    optional(
      name, path, allowed: "\(range.lowerBound)–\(range.upperBound)", doc: doc, none: none,
      shown: Shown(unit: unit), read: { node throws(JSONError) in try node.integer(in: range) },
      write: { .number(Double($0)) })
  }

  /// A number, whole or not, in `range`.
  static func number(
    _ name: String, _ path: WritableKeyPath<Settings, Double>, in range: ClosedRange<Double>,
    doc: String = ""
  ) -> Self {
    value(
      name, path, allowed: Self.bounds(range), doc: doc,
      read: { node throws(JSONError) in try node.number(in: range) }, write: JSONValue.number)
  }

  /// A span of time, written in the file as a number of `unit`s in `range` (the key's name
  /// says which: `…Seconds`, `…Minutes`) and held as a `Duration`; `config check` shows it
  /// as `gracePeriod 10 s`.
  ///
  /// - Parameter zeroIsNever: Zero turns off what it times: documented as `0 = never` and
  ///   shown as `never`.
  static func duration(
    _ name: String, _ path: WritableKeyPath<Settings, Duration>, in range: ClosedRange<Double>,
    unit: TimeUnit = .seconds, zeroIsNever: Bool = false, doc: String = ""
  ) -> Self {
    let label = name.hasSuffix(unit.suffix) ? String(name.dropLast(unit.suffix.count)) : name
    return value(
      name, path, allowed: Self.bounds(range), doc: zeroIsNever ? "0 = never; \(doc)" : doc,
      shown: Shown(label: label, unit: unit.symbol, zero: zeroIsNever ? "never" : nil),
      read: { node throws(JSONError) in .seconds(try node.number(in: range) * unit.seconds) },
      write: { .number($0.seconds / unit.seconds) })
  }

  /// The unit a span of time is written in.
  enum TimeUnit {
    case seconds, minutes

    /// Seconds in one unit.
    var seconds: Double { self == .seconds ? 1 : 60 }
    /// How the key's name ends: `Seconds`.
    var suffix: String { self == .seconds ? "Seconds" : "Minutes" }
    /// After a number: `s`.
    var symbol: String { self == .seconds ? "s" : "min" }
  }

  /// `0.5–30`.
  static func bounds(_ range: ClosedRange<Double>) -> String {
    JSONValue.format(range.lowerBound) + "–" + JSONValue.format(range.upperBound)
  }

  /// `` `"day"`, `"night"` ``.
  static func list(_ choices: [String]) -> String {
    choices.map { "`\(JSONValue.string($0).serialized)`" }.joined(separator: ", ")
  }
}
