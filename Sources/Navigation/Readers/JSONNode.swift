import Foundation
import Geo

/// A value in a parsed JSON document together with its JSONPath, file and line, so a
/// reader can walk the tree and report each problem as
/// `file:line: $.routes[0].distance: expected a number, found a string`.
///
/// JSON `null` is treated like a missing key by `optional(_:)`.
struct JSONNode {
  /// The value as `JSONSerialization` returns it.
  let value: Any
  /// JSONPath of the value, `$` for the root.
  let path: String
  let file: String?
  let line: Int?

  private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

  /// Parses `data` as one JSON document (any value at the top level).
  ///
  /// Throws `.malformed` with the line of the syntax error when the parser reports
  /// a character offset; `line` is used instead when given (line-oriented logs).
  static func parse(_ data: Data, file: String?, line: Int? = nil) throws(NavigationError)
    -> JSONNode
  {
    do {
      let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return JSONNode(value: value, path: "$", file: file, line: line)
    } catch {
      let reason =
        ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
        ?? error.localizedDescription
      throw NavigationError(
        .malformed, "not valid JSON (\(reason))", file: file,
        line: line ?? errorLine(reason, in: data))
    }
  }

  /// The line of "… around character N." in a `JSONSerialization` message, or the
  /// last line when the message says the data ended too early.
  private static func errorLine(_ reason: String, in data: Data) -> Int? {
    func line(at offset: Int) -> Int {
      1 + data.prefix(offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    if let range = reason.range(of: "character "),
      let offset = Int(reason[range.upperBound...].prefix { $0.isNumber })
    {
      return line(at: offset)
    }
    return reason.lowercased().contains("end of") ? line(at: data.count) : nil
  }

  /// An error about this value.
  func error(_ message: String, code: NavigationError.Code = .malformed) -> NavigationError {
    NavigationError(code, message, file: file, line: line, path: path)
  }

  /// The path of member `key` of this object.
  func path(of key: String) -> String {
    let simple =
      !key.isEmpty && key.first.map { !$0.isNumber } == true
      && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    return simple ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
  }

  /// A short description of the value for messages: `a string "12"`, `an array`.
  var found: String {
    switch value {
    case is NSNull: return "null"
    case let string as String:
      let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
      return "a string \"\(shown)\""
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case let number as NSNumber:
      return ObjectIdentifier(type(of: number)) == Self.booleanType
        ? (number.boolValue ? "true" : "false") : "the number \(number)"
    default: return "\(type(of: value))"
    }
  }

  private func mismatch(_ expected: String) -> NavigationError {
    error("expected \(expected), found \(found)")
  }

  /// The members of this object.
  func object() throws(NavigationError) -> [String: Any] {
    guard let object = value as? [String: Any] else { throw mismatch("an object") }
    return object
  }

  /// Member `key`, or nil when it is missing or null.
  func optional(_ key: String) throws(NavigationError) -> JSONNode? {
    guard let member = try object()[key], !(member is NSNull) else { return nil }
    return JSONNode(value: member, path: path(of: key), file: file, line: line)
  }

  /// Member `key`; throws "missing required key" naming its path when absent or null.
  func required(_ key: String) throws(NavigationError) -> JSONNode {
    guard let member = try optional(key) else {
      throw NavigationError(
        .malformed, "missing required key \"\(key)\"", file: file, line: line,
        path: path(of: key))
    }
    return member
  }

  /// The elements of this array.
  func array() throws(NavigationError) -> [JSONNode] {
    guard let array = value as? [Any] else { throw mismatch("an array") }
    return array.enumerated().map { index, element in
      JSONNode(value: element, path: "\(path)[\(index)]", file: file, line: line)
    }
  }

  /// This value as a finite number (booleans are not numbers).
  func number() throws(NavigationError) -> Double {
    guard let number = value as? NSNumber,
      ObjectIdentifier(type(of: number)) != Self.booleanType, number.doubleValue.isFinite
    else { throw mismatch("a number") }
    return number.doubleValue
  }

  /// This value as a number that is at least zero.
  func nonNegativeNumber() throws(NavigationError) -> Double {
    let number = try number()
    guard number >= 0 else { throw mismatch("a number ≥ 0") }
    return number
  }

  /// This value as a whole number.
  func integer() throws(NavigationError) -> Int {
    let number = try number()
    guard number.rounded() == number, abs(number) < 1e15 else { throw mismatch("an integer") }
    return Int(number)
  }

  /// This value as a string.
  func string() throws(NavigationError) -> String {
    guard let string = value as? String else { throw mismatch("a string") }
    return string
  }

  /// This value as `true` or `false`.
  func bool() throws(NavigationError) -> Bool {
    guard let number = value as? NSNumber,
      ObjectIdentifier(type(of: number)) == Self.booleanType
    else { throw mismatch("true or false") }
    return number.boolValue
  }

  /// This string as one of the cases of `T`, listing the accepted words when it is not.
  func oneOf<T: RawRepresentable & CaseIterable>(_: T.Type) throws(NavigationError) -> T
  where T.RawValue == String {
    let string = try string()
    guard let result = T(rawValue: string) else {
      let words = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("expected one of: \(words); found \"\(string)\"")
    }
    return result
  }

  /// This value as `[longitude, latitude]` (further elements such as altitude ignored).
  func lonLat() throws(NavigationError) -> Coordinate {
    let elements = try array()
    guard elements.count >= 2 else {
      throw error("expected [longitude, latitude], found \(elements.count) element(s)")
    }
    let coordinate = Coordinate(
      latitude: try elements[1].number(), longitude: try elements[0].number())
    guard coordinate.isValid else {
      throw error("expected [longitude, latitude] within ±180°, ±90°, found \(coordinate)")
    }
    return coordinate
  }
}
