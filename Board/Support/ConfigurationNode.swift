import Foundation

/// One value in a hand-written JSON configuration document, and where it is.
///
/// Configuration files are walked by hand from `JSONSerialization` rather than decoded, so
/// that every problem names its JSON path and what was expected, e.g.
/// `$.audio.volume: expected 0–2, got 3`. Objects are read with ``object(keys:)``, which
/// rejects unknown keys: a misspelt key must not silently fall back to a default.
///
/// Every failure is a `BoardError(.configuration)` whose message starts with ``path``.
/// Not `Sendable`: it holds the `Any` tree `JSONSerialization` produced, and lives only for
/// the length of a parse.
public struct ConfigurationNode {
  /// The value as `JSONSerialization` returns it (`NSNull` for `null`).
  public let value: Any
  /// JSONPath of the value: `$` for the root, then `.key` and `[index]`.
  public let path: String

  public init(value: Any, path: String) {
    self.value = value
    self.path = path
  }

  /// Parses `data` as one JSON document whose root gets the path `root`.
  ///
  /// - Throws: `BoardError(.configuration)`: `$: the document is empty (expected a JSON
  ///   object)` for empty or blank data, else `$: not valid JSON (…)` with the parser's
  ///   reason and, when it gives one, the line and column.
  public init(json data: Data, root: String = "$") throws(BoardError) {
    path = root
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      throw BoardError(.configuration, "\(root): the document is empty (expected a JSON object)")
    }
    do {
      value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let reason =
        ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
        ?? error.localizedDescription
      throw BoardError(
        .configuration, "\(root): not valid JSON (\(Self.locate(reason, in: data)))")
    }
  }

  /// An error about this value: `BoardError(.configuration, "PATH: message")`.
  public func error(_ message: String) -> BoardError {
    BoardError(.configuration, "\(path): \(message)")
  }

  /// `nil` for JSON `null`, else the node itself: for fields whose default is "none".
  public var nonNull: ConfigurationNode? {
    value is NSNull ? nil : self
  }

  /// The object's members; any key not in `keys` is an error.
  ///
  /// Members are checked in key order, so the first unknown key reported does not depend
  /// on how the dictionary hashes.
  public func object(keys: [String]) throws(BoardError) -> [String: ConfigurationNode] {
    guard let dictionary = value as? [String: Any] else {
      throw error("expected an object, got \(Self.describe(value))")
    }
    var members: [String: ConfigurationNode] = [:]
    for key in dictionary.keys.sorted() {
      let member = ConfigurationNode(value: dictionary[key]!, path: "\(path).\(key)")
      guard keys.contains(key) else {
        throw member.error("unknown key (expected \(keys.joined(separator: ", ")))")
      }
      members[key] = member
    }
    return members
  }

  /// Member `key` of `members` (from ``object(keys:)``), which must be there.
  ///
  /// - Parameter owner: what needs it, for the message: `$.encoder.b: missing (the encoder
  ///   needs one)`.
  public func required(
    _ key: String, in members: [String: ConfigurationNode], for owner: String
  ) throws(BoardError) -> ConfigurationNode {
    guard let member = members[key] else {
      throw BoardError(.configuration, "\(path).\(key): missing (\(owner) needs one)")
    }
    return member
  }

  /// The array's items, with paths `PATH[0]`, `PATH[1]`, ….
  public func array() throws(BoardError) -> [ConfigurationNode] {
    guard let items = value as? [Any] else {
      throw error("expected an array, got \(Self.describe(value))")
    }
    return items.enumerated().map { ConfigurationNode(value: $1, path: "\(path)[\($0)]") }
  }

  public func string() throws(BoardError) -> String {
    guard let text = value as? String else {
      throw error("expected a string, got \(Self.describe(value))")
    }
    return text
  }

  public func nonEmptyString() throws(BoardError) -> String {
    let text = try string()
    guard !text.isEmpty else { throw error("must not be empty") }
    return text
  }

  /// A non-empty string starting with `/`.
  public func absolutePath() throws(BoardError) -> String {
    let text = try nonEmptyString()
    guard text.hasPrefix("/") else {
      throw error("expected an absolute path (starting with /), got \"\(text)\"")
    }
    return text
  }

  /// A string that is one of `choices`: `expected "day" or "night", got the string "dusk"`.
  public func string(oneOf choices: [String]) throws(BoardError) -> String {
    if let text = value as? String, choices.contains(text) { return text }
    let quoted = choices.map { "\"\($0)\"" }
    let list =
      quoted.count > 1
      ? quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! : quoted.joined()
    throw error("expected \(list), got \(Self.describe(value))")
  }

  /// A non-empty array of non-empty strings, such as an argument vector.
  public func nonEmptyStrings() throws(BoardError) -> [String] {
    let items = try array()
    guard !items.isEmpty else { throw error("expected at least one string, got []") }
    var strings: [String] = []
    for item in items { strings.append(try item.nonEmptyString()) }
    return strings
  }

  public func bool() throws(BoardError) -> Bool {
    guard Self.isBool(value), let flag = value as? Bool else {
      throw error("expected true or false, got \(Self.describe(value))")
    }
    return flag
  }

  /// A whole number in `range`: `expected 1–65535, got 70000`.
  public func integer(in range: ClosedRange<Int>) throws(BoardError) -> Int {
    guard let number = Self.integer(value) else {
      throw error("expected a whole number, got \(Self.describe(value))")
    }
    guard range.contains(number) else {
      throw error("expected \(range.lowerBound)–\(range.upperBound), got \(number)")
    }
    return number
  }

  /// A number, whole or not, in `range`: `expected 0–2, got 3`.
  public func number(in range: ClosedRange<Double>) throws(BoardError) -> Double {
    guard !Self.isBool(value), !(value is String), let number = value as? NSNumber else {
      throw error("expected a number, got \(Self.describe(value))")
    }
    let double = number.doubleValue
    guard range.contains(double) else {
      throw error(
        "expected \(Self.format(range.lowerBound))–\(Self.format(range.upperBound)), "
          + "got \(Self.format(double))")
    }
    return double
  }

  /// `JSONSerialization` gives booleans as `NSNumber`s too; their type code is `c`.
  public static func isBool(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
  }

  /// The value as a whole number, if it is a JSON number without a fraction (and not a
  /// boolean) of magnitude below 10⁹.
  public static func integer(_ value: Any) -> Int? {
    guard !isBool(value), !(value is String), let number = value as? NSNumber else {
      return nil
    }
    let double = number.doubleValue
    guard double.rounded() == double, abs(double) < 1e9 else { return nil }
    return Int(double)
  }

  /// How messages show a value: `true`, `the string "10"`, `the number 2.5`, `an array`,
  /// `an object`, `null`.
  public static func describe(_ value: Any) -> String {
    if isBool(value) { return (value as? Bool) == true ? "true" : "false" }
    if let text = value as? String { return "the string \"\(text)\"" }
    if let number = value as? NSNumber { return "the number \(format(number.doubleValue))" }
    if value is [Any] { return "an array" }
    if value is [String: Any] { return "an object" }
    return "null"
  }

  /// A number as a person writes it: `3`, `2.5`, `0.25`.
  public static func format(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
  }

  /// The parser's reason with "around character N" turned into a line and column, which
  /// an editor can go to.
  private static func locate(_ reason: String, in data: Data) -> String {
    guard let range = reason.range(of: "around character "),
      let offset = Int(reason[range.upperBound...].prefix { $0.isNumber }),
      offset <= data.count
    else { return reason.hasSuffix(".") ? String(reason.dropLast()) : reason }
    let before = data.prefix(offset)
    let line = 1 + before.filter { $0 == 0x0A }.count
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
    let column = 1 + String(decoding: before[lineStart...], as: UTF8.self).count
    return String(reason[..<range.lowerBound]) + "at line \(line), column \(column)"
  }
}
