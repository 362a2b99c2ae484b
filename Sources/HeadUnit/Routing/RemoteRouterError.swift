/// Why a routing server gave no route: names the server and what went wrong, so the log
/// and the screen can say why the offline router answered instead.
///
/// `Valhalla at http://127.0.0.1:8002: no answer within 3 s`,
/// `OSRM at http://10.0.0.2:5000: HTTP status 400 (…)`.
public struct RemoteRouterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Sendable {
    /// No connection: nothing listens there, the host is unknown or the network is down.
    case unreachable
    /// No whole answer within the configured timeout.
    case timeout
    /// An HTTP status other than 200.
    case httpStatus
    /// The answer is not a route response; the message names the JSON path.
    case badResponse
    /// The server answered, but has no route between the points.
    case noRoute
  }

  public var code: Code
  /// `Valhalla at http://127.0.0.1:8002`.
  public var server: String
  /// What happened, for people.
  public var message: String

  public init(_ code: Code, server: String, _ message: String) {
    self.code = code
    self.server = server
    self.message = message
  }

  public var description: String { "\(server): \(message)" }
}
