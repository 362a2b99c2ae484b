import Foundation

/// A JSON value with ordered object keys, for output whose field order people read
/// (timeline lines start with `t` and `type`) and for documents read with ``JSONNode``.
///
/// Numbers are `Double`s: whole numbers are exact below 2⁵³, which every integer the unit
/// reads or writes stays well inside (``JSONNode/integer(in:)`` refuses larger ones).
public enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }

  /// Equal when they serialize the same: same key order, numbers equal as written.
  public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized == b.serialized }

  /// The first member named `key` of an object; nil when there is none or this is not an
  /// object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let fields) = self else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  /// The same value with the members of every object, at every depth, in key order: for
  /// output that must be the same bytes whatever order it was built in.
  public func sortingKeys() -> JSONValue {
    switch self {
    case .array(let items): .array(items.map { $0.sortingKeys() })
    case .object(let fields):
      .object(fields.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.sortingKeys()) })
    default: self
    }
  }

  /// Compact JSON text on one line, keys in their order. Numbers as ``format(_:)`` writes
  /// them; a number that is not finite (which JSON cannot hold) as `null`.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// A number as JSON text and as a person reads it: whole numbers below 10¹⁷ without a
  /// fraction (`3`, `-1`, `1000000000000000`), others in the shortest form that reads back
  /// to the same `Double` (`2.5`, `60.169857`, `1e+17`); `null` when it is not finite.
  public static func format(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == number.rounded(), abs(number) < 1e17 { return String(Int64(number)) }
    return "\(number)"
  }

  private func write(to out: inout String) {
    switch self {
    case .string(let s): Self.writeString(s, to: &out)
    case .number(let n): out += Self.format(n)
    case .bool(let b): out += b ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let fields):
      out += "{"
      for (i, (key, value)) in fields.enumerated() {
        if i > 0 { out += "," }
        Self.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
