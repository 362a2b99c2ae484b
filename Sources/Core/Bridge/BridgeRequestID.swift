/// The `id` a client put on a request, echoed in the one reply or error it gets: a JSON
/// number (a whole one) or a string, as the client chose.
public enum BridgeRequestID: Hashable, Sendable, CustomStringConvertible {
  case number(Int)
  case string(String)

  public var description: String {
    switch self {
    case .number(let n): "\(n)"
    case .string(let s): "\"\(s)\""
    }
  }
}
