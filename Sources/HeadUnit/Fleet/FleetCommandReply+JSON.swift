import Core
import Foundation
import JSON

extension FleetCommandReply {
  /// The reply as compact JSON, keys sorted:
  /// `{"id": "job-42", "message": "$.lat: …", "status": "error"}`; `id` is `null` when
  /// the command had none, `message` left out when there is nothing to say.
  public var json: Data {
    var members: [(String, JSONValue)] = [
      ("id", id.map(JSONValue.string) ?? .null), ("status", .string(status.rawValue)),
    ]
    if let message { members.append(("message", .string(message))) }
    return Data(JSONValue.object(members).sortingKeys().serialized.utf8)
  }
}
