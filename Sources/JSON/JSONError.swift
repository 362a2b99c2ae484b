/// A JSON document that is not what its reader needs, and where: the JSONPath of the value
/// at fault, what was expected there and what was found.
///
/// ``description`` is the sentence a person acts on:
/// `$.audio.volume: expected a number, got the string "loud"`,
/// `$: not valid JSON (Invalid value at line 3, column 12)`. Domain errors
/// (`NavigationError`, `BoardError`, `ConfigurationError`, `BridgeError`) carry it on, and
/// may word ``expected`` and ``found`` their own way.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// The text is not JSON; ``line``, ``column`` and ``offset`` say where, when known.
    case syntax
    /// The text holds no value at all (empty or blank).
    case empty
    /// Arrays and objects nest deeper than the reader allows.
    case tooDeep
    /// A value of the wrong type: a string where a number belongs.
    case wrongType
    /// A value of the right type outside the accepted range or set.
    case outOfRange
    /// A required member is absent (or `null`).
    case missing
    /// A member the schema does not have: a misspelt key.
    case unknownKey
    /// Another rule of the reader's, worded by it.
    case invalid
  }

  public var code: Code
  /// JSONPath of the value at fault: `$` for the root, then `.key`, `["odd key"]`, `[3]`.
  public var path: String
  /// What the value is for, shown after the path: `$.encoder.a (encoder A): …`.
  public var subject: String?
  /// What is wrong, without the path: `expected 0–2, got 3`.
  public var message: String
  /// What was expected, for ``Code/wrongType`` and ``Code/outOfRange``: `a number`, `0–2`.
  public var expected: String?
  /// The value found, shortened (long strings cut, arrays and objects left empty), for
  /// ``Code/wrongType`` and ``Code/outOfRange``.
  public var found: JSONValue?
  /// Where in the text, for ``Code/syntax`` and ``Code/tooDeep``: the byte offset from 0,
  /// and the line and column (in characters) from 1.
  public var offset: Int?
  public var line: Int?
  public var column: Int?
  /// The parser's own words, when it gave any.
  public var underlying: String?

  public init(
    _ code: Code, path: String, _ message: String, subject: String? = nil,
    expected: String? = nil, found: JSONValue? = nil
  ) {
    self.code = code
    self.path = path
    self.message = message
    self.subject = subject
    self.expected = expected
    self.found = found
  }

  /// `PATH (subject): message`.
  public var description: String {
    "\(path)\(subject.map { " (\($0))" } ?? ""): \(message)"
  }
}
