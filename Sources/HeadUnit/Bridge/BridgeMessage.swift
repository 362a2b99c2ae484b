import Foundation
import JSON

/// One line the head unit sends a bridge client: a reply, an error, or an event. A JSON
/// object whose first key is `type`; `serialized` is the line without its newline.
public struct BridgeMessage: Sendable, Equatable, CustomStringConvertible {
  public var json: JSONValue

  public init(_ json: JSONValue) { self.json = json }

  /// `{"type":"reply","id":…,"ok":true,…}`: the request `id` succeeded.
  public static func reply(_ id: BridgeRequestID?, _ fields: [(String, JSONValue)] = [])
    -> BridgeMessage
  {
    BridgeMessage(
      .object([("type", "reply"), ("id", id?.json ?? .null), ("ok", true)] + fields))
  }

  /// `{"type":"error","id":…,"code":…,"message":…,"path":…}`: the request `id` failed
  /// (`id` null when the line had none readable).
  public static func error(_ id: BridgeRequestID?, _ error: BridgeError) -> BridgeMessage {
    var fields: [(String, JSONValue)] = [
      ("type", "error"), ("id", id?.json ?? .null), ("code", .string(error.code)),
      ("message", .string(error.message)),
    ]
    if let path = error.path { fields.append(("path", .string(path))) }
    return BridgeMessage(.object(fields))
  }

  /// An event: `{"type":NAME,…}`.
  public static func event(_ name: String, _ fields: [(String, JSONValue)] = []) -> BridgeMessage {
    BridgeMessage(.object([("type", .string(name))] + fields))
  }

  /// The `type` field.
  public var type: String {
    if case .object(let fields) = json, case .string(let type)? = fields.first?.1 { return type }
    return ""
  }

  /// The value of top-level field `key`, nil when absent.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let fields) = json else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  /// The line, without the newline.
  public var serialized: String { json.serialized }

  public var description: String { serialized }
}
