import Foundation

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
