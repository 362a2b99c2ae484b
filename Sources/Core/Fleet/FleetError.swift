/// Why a fleet report or a token could not be had; the reason is logged and counted.
///
/// `http://fleet.example/v1/reports: HTTP status 503`,
/// `https://auth.example/token: no answer within 5 s`.
public struct FleetError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// No connection: connection refused, unknown host, network down.
    case unreachable
    /// No whole answer within the configured timeout.
    case timeout
    /// An HTTP status outside 200–299; `status` has it.
    case httpStatus
    /// The token endpoint answered without a usable token.
    case badResponse
    /// Reporting was turned off while the request was under way.
    case cancelled
  }

  public var code: Code
  /// The HTTP status with `.httpStatus`.
  public var status: Int?
  /// The URL asked, its secrets hidden (``URLSecrets``).
  public var url: String
  /// What happened, for people.
  public var message: String

  public init(_ code: Code, url: String, status: Int? = nil, _ message: String) {
    self.code = code
    self.url = URLSecrets.hidden(url)
    self.status = status
    self.message = message
  }

  /// The counter a failure is added to: `HTTP 503`, `timeout`, `unreachable`.
  public var reason: String {
    switch code {
    case .httpStatus: "HTTP \(status ?? 0)"
    case .badResponse: "bad response"
    default: code.rawValue
    }
  }

  /// Whether the server refused the token (it expired early or was revoked).
  public var isUnauthorized: Bool { code == .httpStatus && status == 401 }

  public var description: String { "\(url): \(message)" }
}
