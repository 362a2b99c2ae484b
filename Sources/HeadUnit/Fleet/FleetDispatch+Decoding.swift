import Core
import Foundation
import Geo
import JSON
import Readers

extension FleetDispatch {
  /// The largest command payload read, in bytes: a destination is a few dozen; anything
  /// bigger is refused before it is parsed.
  public static let payloadLimit = 4096
  /// The longest `id` and `name` taken, in characters.
  public static let idLimit = 64
  public static let nameLimit = 100

  /// Reads a destination command:
  ///
  ///     {"id": "job-42", "lat": 60.1699, "lon": 24.9384, "name": "Depot"}
  ///
  /// `lat` and `lon` are required (degrees); `id` (1–64 characters, echoed in replies),
  /// `name` (1–100, shown to the driver) and `expires` (an ISO 8601 time, such as
  /// `2027-01-15T09:00:00Z`, after which it is not shown) and `avoid` (a list of
  /// `tolls`, `motorways`, `ferries`, `unpaved`: the trip's route options instead of the
  /// driver's) are optional;
  /// `"type": "destination"` may be given, and is the only command this unit takes. Any
  /// other key is an error.
  ///
  /// - Throws: the reply to send back: `error` with the command's `id` when it could be
  ///   read, and a message naming the JSON path and what was expected there.
  public init(payload: Data) throws(FleetCommandReply) {
    guard payload.count <= Self.payloadLimit else { throw Self.oversized(payload.count) }
    let root: JSONNode
    do throws(JSONError) {
      root = try JSONNode(
        parsing: payload,
        expecting: "a JSON object such as "
          + #"{"id": "job-42", "lat": 60.1699, "lon": 24.9384, "name": "Depot"}"#)
    } catch {
      throw FleetCommandReply(id: nil, status: .error, message: error.description)
    }
    let id = Self.lenientId(root)
    do throws(JSONError) {
      self = try Self.read(root)
    } catch {
      throw FleetCommandReply(id: id, status: .error, message: error.description)
    }
  }

  /// The reply to a command of `count` bytes, over ``payloadLimit``.
  static func oversized(_ count: Int) -> FleetCommandReply {
    FleetCommandReply(
      id: nil, status: .error,
      message: "the command is \(count) bytes; at most \(payloadLimit) are read")
  }

  private static func read(_ root: JSONNode) throws(JSONError) -> FleetDispatch {
    _ = try root.object(keys: ["type", "id", "lat", "lon", "name", "expires", "avoid"])
    if let type = try root.optional("type") {
      let name = try type.string()
      guard name == "destination" else {
        throw type.error(
          "unknown command \(JSONNode.quoted(name)): this unit takes \"destination\"")
      }
    }
    let id = try root.optional("id").map { node throws(JSONError) in
      try text(node, limit: idLimit)
    }
    let latitude = try root.required("lat").number(in: -90...90)
    let longitude = try root.required("lon").number(in: -180...180)
    let name = try root.optional("name").map { node throws(JSONError) in
      try text(node, limit: nameLimit)
    }
    let expires = try root.optional("expires").map { node throws(JSONError) in
      try FleetReport.date(node)
    }
    return FleetDispatch(
      id: id, coordinate: Coordinate(latitude: latitude, longitude: longitude), name: name,
      expires: expires, avoid: try root.optional("avoid")?.avoidableRoads())
  }

  /// A string of 1…`limit` characters with no control characters.
  private static func text(_ node: JSONNode, limit: Int) throws(JSONError) -> String {
    let text = try node.nonEmptyString()
    guard text.count <= limit,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw node.error(
        expected: "1 to \(limit) characters without control characters", code: .outOfRange)
    }
    return text
  }

  /// The command's `id` if it has a readable one, for the reply to a command that is
  /// otherwise wrong.
  private static func lenientId(_ root: JSONNode) -> String? {
    guard let node = try? root.optional("id") else { return nil }
    return try? text(node, limit: idLimit)
  }
}
