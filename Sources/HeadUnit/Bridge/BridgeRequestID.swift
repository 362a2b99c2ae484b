import JSON

/// The `id` a client put on a request, echoed in the one reply or error it gets: a JSON
/// number (a whole one) or a string, as the client chose.
public enum BridgeRequestID: Hashable, Sendable, CustomStringConvertible {
  case number(Int)
  case string(String)

  /// The id as JSON.
  var json: JSONValue {
    switch self {
    case .number(let n): .number(Double(n))
    case .string(let s): .string(s)
    }
  }

  public var description: String {
    switch self {
    case .number(let n): "\(n)"
    case .string(let s): "\"\(s)\""
    }
  }
}
