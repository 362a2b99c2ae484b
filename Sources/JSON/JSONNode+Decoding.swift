import Foundation

extension JSONNode {
  /// How ``decode(_:dates:)`` reads a `Date`.
  public enum DateDecoding: Sendable {
    /// As `Date` decodes itself: a number of seconds since 2001, what `JSONEncoder` writes
    /// by default.
    case deferredToDate
    /// A number of seconds since 1970, what `JSONEncoder` writes with
    /// `dateEncodingStrategy = .secondsSince1970`.
    case secondsSince1970
  }

  /// This value decoded as `T` through its `Decodable` conformance: for a schema a Swift
  /// type fixes, read with the same checks and messages as the accessors.
  ///
  /// Each value is read with the accessor for its type, so an error names the path the
  /// decoder was at and what it found (`$.progress.nextStep: expected a whole number, got
  /// the number 1.5`); integers must fit their type (`expected 0–255, got 300` for a
  /// `UInt8`) and be exact in a `Double`. Unknown keys are ignored, as `JSONDecoder` does.
  /// A `URL` is read from a string.
  ///
  /// - Throws: `JSONError`; an error the type throws itself (a `DecodingError` for an
  ///   unknown enum case) becomes ``JSONError/Code/invalid`` at its coding path, with its
  ///   own words.
  public func decode<T: Decodable>(_ type: T.Type, dates: DateDecoding = .deferredToDate)
    throws(JSONError) -> T
  {
    do {
      return try NodeDecoder(node: self, codingPath: [], dates: dates).decode(type)
    } catch let error as JSONError {
      throw error
    } catch let error as DecodingError {
      throw Self.error(error, under: path)
    } catch {
      throw self.error("\(error)")
    }
  }

  /// The path `codingPath` leads to from `root`.
  static func path(_ codingPath: [any CodingKey], from root: String) -> String {
    codingPath.reduce(root) { path, key in
      key is NodeDecoder.IndexKey
        ? "\(path)[\(key.intValue ?? 0)]" : Self.path(of: key.stringValue, in: path)
    }
  }

  /// A `DecodingError` a type threw from its `init(from:)`, as an error at the path its
  /// context names.
  private static func error(_ error: DecodingError, under root: String) -> JSONError {
    switch error {
    case .keyNotFound(let key, let context):
      return JSONError(
        .missing, path: path(context.codingPath + [key], from: root),
        "missing required key \(JSONValue.string(key.stringValue).serialized)")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return JSONError(
        .wrongType, path: path(context.codingPath, from: root), context.debugDescription)
    case .dataCorrupted(let context):
      return JSONError(
        .invalid, path: path(context.codingPath, from: root), context.debugDescription)
    @unknown default:
      return JSONError(.invalid, path: root, "\(error)")
    }
  }
}
