import JSON

/// The kinds of value the configuration holds, each read, checked and written one way.
extension ConfigurationKey {
  /// A value `read` from the file and `write` back.
  static func value<Value>(
    _ name: String, _ path: WritableKeyPath<Settings, Value>, allowed: String, doc: String = "",
    defaultText: String? = nil, read: @escaping (JSONNode) throws(JSONError) -> Value,
    write: @escaping (Value) -> JSONValue
  ) -> Self {
    Self(
      name, allowed: allowed, doc: doc, defaultText: defaultText,
      read: { settings, node throws(JSONError) in settings[keyPath: path] = try read(node) },
      write: { write($0[keyPath: path]) })
  }

  /// A value whose default is none (`nil`); `null` in the file sets it to none.
  ///
  /// - Parameter none: The default as the table shows it: `none: the offline router only`.
  static func optional<Value>(
    _ name: String, _ path: WritableKeyPath<Settings, Value?>, allowed: String, doc: String = "",
    none: String = "none", read: @escaping (JSONNode) throws(JSONError) -> Value,
    write: @escaping (Value) -> JSONValue
  ) -> Self {
    Self(
      name, allowed: allowed, doc: doc, defaultText: none,
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
    _ name: String, _ path: WritableKeyPath<Settings, Bool>, doc: String = ""
  ) -> Self {
    value(
      name, path, allowed: "`true`, `false`", doc: doc,
      read: { node throws(JSONError) in try node.bool() },
      write: JSONValue.bool)
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
    none: String = "none"
  ) -> Self {
    optional(
      name, path, allowed: allowed, doc: doc, none: none,
      read: { node throws(JSONError) in try node.nonEmptyString() }, write: JSONValue.string)
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

  /// A whole number in `range`.
  static func integer(
    _ name: String, _ path: WritableKeyPath<Settings, Int>, in range: ClosedRange<Int>,
    doc: String = "", defaultText: String? = nil
  ) -> Self {
    value(
      name, path, allowed: "\(range.lowerBound)–\(range.upperBound)", doc: doc,
      defaultText: defaultText, read: { node throws(JSONError) in try node.integer(in: range) },
      write: { .number(Double($0)) })
  }

  /// A whole number in `range`, or none.
  static func integer(
    _ name: String, _ path: WritableKeyPath<Settings, Int?>, in range: ClosedRange<Int>,
    doc: String = "", none: String
  ) -> Self {
    optional(
      name, path, allowed: "\(range.lowerBound)–\(range.upperBound)", doc: doc, none: none,
      read: { node throws(JSONError) in try node.integer(in: range) },
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
  /// says which: `…Seconds`, `…Minutes`) and held as a `Duration`.
  static func duration(
    _ name: String, _ path: WritableKeyPath<Settings, Duration>, in range: ClosedRange<Double>,
    unit: TimeUnit = .seconds, doc: String = ""
  ) -> Self {
    value(
      name, path, allowed: Self.bounds(range), doc: doc,
      read: { node throws(JSONError) in .seconds(try node.number(in: range) * unit.seconds) },
      write: { .number($0.seconds / unit.seconds) })
  }

  /// The unit a span of time is written in.
  enum TimeUnit {
    case seconds, minutes

    /// Seconds in one unit.
    var seconds: Double { self == .seconds ? 1 : 60 }
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
