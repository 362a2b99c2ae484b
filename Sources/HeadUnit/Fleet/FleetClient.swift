import Board
import Core
import Foundation
import JSON
import Synchronization

/// The fleet endpoint over HTTP(S).
///
/// Reports: `POST endpoint` with `Content-Type: application/json`, the report's JSON as
/// the body and `Authorization: Bearer TOKEN`; any 2xx is a delivery. Token:
/// `POST tokenURL` with an OAuth 2 client-credentials form body
/// (`grant_type=client_credentials`, and `client_id`, `client_secret` when configured),
/// answered by `{"access_token": "…", "expires_in": SECONDS}` (`expires_in` optional).
///
/// Each call blocks for at most `timeout` (see `FleetTransport`); requests go through
/// `HTTPClient` (libcurl), each on its own connection, with no cookies or cache.
public final class FleetClient: FleetTransport {
  public let endpoint: URL
  public let tokenURL: URL?
  public let clientId: String?
  public let clientSecret: String?
  public let timeout: Duration
  /// The request under way, for `cancel()`.
  private let current = Mutex<HTTPClient.Cancellation?>(nil)

  public init(
    endpoint: URL, tokenURL: URL? = nil, clientId: String? = nil, clientSecret: String? = nil,
    timeout: Duration = .seconds(5)
  ) {
    self.endpoint = endpoint
    self.tokenURL = tokenURL
    self.clientId = clientId
    self.clientSecret = clientSecret
    self.timeout = timeout
  }

  public func fetchToken() throws(FleetError) -> FleetToken {
    guard let tokenURL else {
      throw FleetError(.badResponse, url: "(no token URL)", "no token URL is configured")
    }
    var form = [("grant_type", "client_credentials")]
    if let clientId { form.append(("client_id", clientId)) }
    if let clientSecret { form.append(("client_secret", clientSecret)) }
    let request = HTTPClient.Request(
      method: "POST", url: tokenURL,
      headers: [
        ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
      ],
      body: Data(form.map { "\($0)=\(Self.formEncoded($1))" }.joined(separator: "&").utf8))
    let data = try perform(request)
    do throws(JSONError) {
      let answer = try JSONNode(parsing: data)
      let lifetime = try answer.optional("expires_in")?.number(in: 0...Self.longestLifetime)
      return FleetToken(
        value: try answer.required("access_token").nonEmptyString(),
        lifetime: lifetime.map { Duration.seconds($0) })
    } catch {
      throw FleetError(
        .badResponse, url: tokenURL.absoluteString, "the answer has no usable token (\(error))")
    }
  }

  /// The longest token lifetime believed, a year; a longer one is a bad answer.
  static let longestLifetime: TimeInterval = 365 * 86_400

  public func send(_ report: FleetReport, token: String?) throws(FleetError) {
    var headers = [("Content-Type", "application/json")]
    if let token { headers.append(("Authorization", "Bearer \(token)")) }
    _ = try perform(
      HTTPClient.Request(method: "POST", url: endpoint, headers: headers, body: report.json))
  }

  public func cancel() {
    current.withLock { $0?.cancel() }
  }

  /// Sends `request` and waits up to `timeout` for the whole answer; the body of a 2xx.
  /// Also `OsmAndTransport`'s one request; `cancel()` abandons it. Failures name `shown`
  /// (the request's URL when nil).
  func perform(_ request: HTTPClient.Request, shown: URL? = nil) throws(FleetError) -> Data {
    let url = (shown ?? request.url).absoluteString
    let cancellation = HTTPClient.Cancellation()
    current.withLock { $0 = cancellation }
    defer { current.withLock { $0 = nil } }
    let response: HTTPClient.Response
    do {
      response = try HTTPClient.send(request, timeout: timeout, cancellation: cancellation)
    } catch {
      let code: FleetError.Code =
        error.cancelled ? .cancelled : error.timedOut ? .timeout : .unreachable
      throw FleetError(code, url: url, error.description)
    }
    guard (200..<300).contains(response.status) else {
      throw FleetError(
        .httpStatus, url: url, status: response.status, response.statusDescription)
    }
    return response.body
  }

  /// `application/x-www-form-urlencoded` escaping of one value.
  static func formEncoded(_ value: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
  }
}
