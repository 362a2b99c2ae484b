import Foundation
import JSON

/// Why the navigation core could not use an input: a route file, a track, a language.
///
/// The message names where the problem is (file, line or JSON path) and what was
/// expected, so the person who supplied the input can fix it.
public struct NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// The file could not be read at all.
    case unreadable
    /// The file is empty.
    case empty
    /// The content does not have the expected shape (syntax, types, values).
    case malformed
    /// The content is well formed but holds nothing usable (no route, no fixes).
    case noData
    /// A requested feature or value is not supported (unknown language, units).
    case unsupported
  }

  public var code: Code
  /// The file the problem is in, when it comes from a file.
  public var file: String?
  /// 1-based line number, when the format is line oriented.
  public var line: Int?
  /// JSON path such as `$.routes[0].legs[0].steps[3].maneuver.type`.
  public var path: String?
  /// What is wrong and what was expected.
  public var message: String

  public init(
    _ code: Code, _ message: String, file: String? = nil, line: Int? = nil, path: String? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.line = line
    self.path = path
  }

  /// `file:line: path: message`, leaving out the parts that are unknown.
  public var description: String {
    var parts: [String] = []
    if let file {
      parts.append(line.map { "\(file):\($0)" } ?? file)
    } else if let line {
      parts.append("line \(line)")
    }
    if let path { parts.append(path) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }
}

extension NavigationError {
  /// A JSON document's error in `file`, worded as the readers word theirs: `expected a
  /// number, found a string "406"`, with the JSON path (none for a syntax error, whose
  /// line is given instead).
  ///
  /// - Parameter line: The line of a line-oriented log the document came from; otherwise
  ///   the line a syntax error names.
  public init(_ error: JSONError, file: String?, line: Int? = nil) {
    var message = error.message
    if let expected = error.expected, let found = error.found {
      message = "expected \(expected), found \(Self.describe(found))"
    }
    let inText: [JSONError.Code] = [.syntax, .empty, .tooDeep]
    self.init(
      error.code == .empty ? .empty : .malformed, message, file: file, line: line ?? error.line,
      path: inText.contains(error.code) ? nil : error.path)
  }

  /// How the readers show a value found: `a string "12"`, `the number 7`, `true`, `an
  /// array`.
  private static func describe(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): "a string \(JSONNode.quoted(text, limit: 40))"
    case .number(let number): "the number \(JSONValue.format(number))"
    case .bool(let flag): flag ? "true" : "false"
    case .array: "an array"
    case .object: "an object"
    case .null: "null"
    }
  }
}
