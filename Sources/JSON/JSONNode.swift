/// A value in a JSON document together with its JSONPath, so a reader can walk the tree by
/// hand and report each problem where it is:
/// `$.routes[0].legs[0].steps[3].maneuver.location: missing required key "location"`.
///
/// Every accessor checks the type, and the numeric ones a range, and throws a
/// ``JSONError`` naming ``path``, what was expected and what was found; nothing here traps
/// on any input. Parse a document with ``init(parsing:path:expecting:maxDepth:)``; read a
/// fixed schema through `Codable` with ``decode(_:dates:)``.
///
/// `null` counts as absent for ``optional(_:)`` and ``required(_:for:)``; ``members()`` and
/// ``object(keys:)`` keep it, for fields whose `null` means "none" (see ``nonNull``).
public struct JSONNode: Sendable, Equatable {
  public let value: JSONValue
  /// JSONPath of the value: `$` for the root, then `.key`, `["odd key"]` and `[index]`.
  public let path: String

  public init(_ value: JSONValue, path: String = "$") {
    self.value = value
    self.path = path
  }

  /// Whole numbers read as integers are smaller than this in magnitude: 2⁵³, from which on a
  /// `Double` no longer tells neighbouring integers apart (9007199254740993 reads as
  /// 9007199254740992), so a larger one may not be the number written.
  public static let integerLimit = 9_007_199_254_740_992.0

  // MARK: - Errors

  /// An error about this value, worded by the reader: `PATH: message`.
  public func error(_ message: String, subject: String? = nil) -> JSONError {
    JSONError(.invalid, path: path, message, subject: subject)
  }

  /// This value is not `expected`: `PATH: expected a string, got the number 3`.
  public func error(expected: String, code: JSONError.Code = .wrongType) -> JSONError {
    JSONError(
      code, path: path, "expected \(expected), got \(Self.describe(value))", expected: expected,
      found: Self.summary(of: value))
  }

  /// A number outside `expected`, shown bare: `expected 0–2, got 3`.
  private func outOfRange(_ expected: String, _ number: Double) -> JSONError {
    JSONError(
      .outOfRange, path: path, "expected \(expected), got \(JSONValue.format(number))",
      expected: expected, found: value)
  }

  // MARK: - Objects

  /// The path of member `key` of this object: `.key` for a plain name, `["key"]` otherwise.
  public func path(of key: String) -> String {
    Self.path(of: key, in: path)
  }

  /// The path of member `key` of the object at `parent`.
  static func path(of key: String, in parent: String) -> String {
    let plain =
      key.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
      && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    return plain ? "\(parent).\(key)" : "\(parent)[\(JSONValue.string(key).serialized)]"
  }

  /// The members of this object, `null` ones included.
  public func members() throws(JSONError) -> [String: JSONNode] {
    guard case .object(let fields) = value else { throw error(expected: "an object") }
    var members: [String: JSONNode] = [:]
    for (key, member) in fields { members[key] = JSONNode(member, path: path(of: key)) }
    return members
  }

  /// The members of this object; any key not in `keys` is an error (a misspelt key must
  /// not silently fall back to a default):
  /// `$.audio.volum: unknown key (expected enabled, device, volume)`.
  ///
  /// Keys are checked in order, so which unknown key is reported does not depend on how a
  /// dictionary hashes.
  public func object(keys: [String]) throws(JSONError) -> [String: JSONNode] {
    let members = try members()
    for key in members.keys.sorted() where !keys.contains(key) {
      throw JSONError(
        .unknownKey, path: path(of: key),
        "unknown key (expected \(keys.joined(separator: ", ")))")
    }
    return members
  }

  /// Member `key` of this object, or nil when it is absent or `null`.
  public func optional(_ key: String) throws(JSONError) -> JSONNode? {
    guard case .object = value else { throw error(expected: "an object") }
    guard let member = value[key], member != .null else { return nil }
    return JSONNode(member, path: path(of: key))
  }

  /// Member `key` of this object, which must be there and not `null`.
  ///
  /// - Parameter owner: What needs it, for the message: `$.encoder.b: missing (the encoder
  ///   needs one)`; without it, `$.routes: missing required key "routes"`.
  public func required(_ key: String, for owner: String? = nil) throws(JSONError) -> JSONNode {
    guard let member = try optional(key) else {
      let message = owner.map { "missing (\($0) needs one)" } ?? "missing required key \"\(key)\""
      throw JSONError(.missing, path: path(of: key), message)
    }
    return member
  }

  /// Nil for `null`, else this node: for fields whose `null` means "none".
  public var nonNull: JSONNode? { value == .null ? nil : self }

  // MARK: - Arrays

  /// The elements of this array, with paths `PATH[0]`, `PATH[1]`, ….
  public func array() throws(JSONError) -> [JSONNode] {
    guard case .array(let items) = value else { throw error(expected: "an array") }
    return items.enumerated().map { JSONNode($1, path: "\(path)[\($0)]") }
  }

  // MARK: - Strings

  public func string() throws(JSONError) -> String {
    guard case .string(let text) = value else { throw error(expected: "a string") }
    return text
  }

  public func nonEmptyString() throws(JSONError) -> String {
    let text = try string()
    guard !text.isEmpty else {
      throw JSONError(
        .outOfRange, path: path, "must not be empty", expected: "a non-empty string",
        found: value)
    }
    return text
  }

  /// A string that is one of `choices`: `expected "day" or "night", got the string "dusk"`.
  public func string(oneOf choices: [String]) throws(JSONError) -> String {
    if case .string(let text) = value, choices.contains(text) { return text }
    let quoted = choices.map { JSONValue.string($0).serialized }
    let list =
      quoted.count > 1
      ? quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! : quoted.joined()
    throw error(expected: list, code: value.isString ? .outOfRange : .wrongType)
  }

  /// A non-empty string starting with `/`, such as a file in a configuration.
  public func absolutePath() throws(JSONError) -> String {
    let text = try nonEmptyString()
    guard text.hasPrefix("/") else {
      throw JSONError(
        .outOfRange, path: path,
        "expected an absolute path (starting with /), got \(Self.quoted(text))",
        expected: "an absolute path (starting with /)", found: Self.summary(of: value))
    }
    return text
  }

  /// A non-empty array of non-empty strings, such as an argument vector.
  public func nonEmptyStrings() throws(JSONError) -> [String] {
    let items = try array()
    guard !items.isEmpty else {
      throw JSONError(
        .outOfRange, path: path, "expected at least one string, got []",
        expected: "at least one string", found: value)
    }
    var strings: [String] = []
    for item in items { strings.append(try item.nonEmptyString()) }
    return strings
  }

  // MARK: - Booleans and numbers

  public func bool() throws(JSONError) -> Bool {
    guard case .bool(let flag) = value else { throw error(expected: "true or false") }
    return flag
  }

  /// This value as a number (booleans and numeric strings are not numbers).
  public func number() throws(JSONError) -> Double {
    guard case .number(let number) = value, number.isFinite else {
      throw error(expected: "a number")
    }
    return number
  }

  /// A number, whole or not, in `range`: `expected 0–2, got 3`.
  public func number(in range: ClosedRange<Double>) throws(JSONError) -> Double {
    let number = try number()
    guard range.contains(number) else {
      let bounds = JSONValue.format(range.lowerBound) + "–" + JSONValue.format(range.upperBound)
      throw outOfRange(bounds, number)
    }
    return number
  }

  /// A number of at least `minimum`: `expected a number ≥ 0, got -5`.
  public func number(atLeast minimum: Double) throws(JSONError) -> Double {
    let number = try number()
    guard number >= minimum else {
      throw outOfRange("a number ≥ \(JSONValue.format(minimum))", number)
    }
    return number
  }

  /// A whole number in `range`: `expected 1–65535, got 70000`; a fraction, or a number of
  /// magnitude ``integerLimit`` or more, is `expected a whole number, got the number 2.5`
  /// (`expected a whole number smaller than 9007199254740992, got …` for the second).
  public func integer(in range: ClosedRange<Int>) throws(JSONError) -> Int {
    if case .number(let number) = value, number.rounded() == number,
      abs(number) >= Self.integerLimit
    {
      throw error(
        expected: "a whole number smaller than \(JSONValue.format(Self.integerLimit))",
        code: .outOfRange)
    }
    guard case .number(let number) = value, number.rounded() == number,
      let whole = Int(exactly: number)
    else {
      throw error(expected: "a whole number", code: value.isNumber ? .outOfRange : .wrongType)
    }
    guard range.contains(whole) else {
      throw outOfRange("\(range.lowerBound)–\(range.upperBound)", number)
    }
    return whole
  }

  // MARK: - Messages

  /// How messages show a value: `true`, `the string "10"`, `the number 2.5`, `an array`,
  /// `an object`, `null`. Strings longer than 60 characters are cut, and any string is
  /// shown escaped, so a message stays one printable line whatever the input held.
  public static func describe(_ value: JSONValue) -> String {
    switch value {
    case .bool(let flag): flag ? "true" : "false"
    case .string(let text): "the string \(quoted(text))"
    case .number(let number): "the number \(JSONValue.format(number))"
    case .array: "an array"
    case .object: "an object"
    case .null: "null"
    }
  }

  /// `text` as a JSON string literal, cut after `limit` characters with `…`.
  public static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
    let head = text.prefix(limit + 1)
    let shown = head.count > limit ? String(head.prefix(limit)) + "…" : String(head)
    return JSONValue.string(shown).serialized
  }

  /// `value` small enough to keep in an error: strings cut at 200 characters, arrays and
  /// objects without their contents.
  static func summary(of value: JSONValue) -> JSONValue {
    switch value {
    case .string(let text) where text.count > 200: .string(String(text.prefix(200)) + "…")
    case .array: .array([])
    case .object: .object([])
    default: value
    }
  }
}

extension JSONValue {
  var isString: Bool {
    if case .string = self { true } else { false }
  }

  var isNumber: Bool {
    if case .number = self { true } else { false }
  }
}
