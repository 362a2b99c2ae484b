import Board
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The fleet endpoint over HTTP(S).
///
/// Reports: `POST endpoint` with `Content-Type: application/json`, the report's JSON as
/// the body and `Authorization: Bearer TOKEN`; any 2xx is a delivery. Token:
/// `POST tokenURL` with an OAuth 2 client-credentials form body
/// (`grant_type=client_credentials`, and `client_id`, `client_secret` when configured),
/// answered by `{"access_token": "…", "expires_in": SECONDS}` (`expires_in` optional).
///
/// Each call blocks for at most `timeout` (see `FleetTransport`); requests use their own
/// ephemeral session, with no cookies or cache.
public final class FleetClient: FleetTransport {
  public let endpoint: URL
  public let tokenURL: URL?
  public let clientId: String?
  public let clientSecret: String?
  public let timeout: Duration
  private let session: URLSession
  /// The request under way, for `cancel()`.
  private let current = Mutex<URLSessionDataTask?>(nil)

  public init(
    endpoint: URL, tokenURL: URL? = nil, clientId: String? = nil, clientSecret: String? = nil,
    timeout: Duration = .seconds(5)
  ) {
    self.endpoint = endpoint
    self.tokenURL = tokenURL
    self.clientId = clientId
    self.clientSecret = clientSecret
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.urlCache = nil
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.invalidateAndCancel()
  }

  public func fetchToken() throws(FleetError) -> FleetToken {
    guard let tokenURL else {
      throw FleetError(.badResponse, url: "(no token URL)", "no token URL is configured")
    }
    var request = URLRequest(url: tokenURL)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    var form = [("grant_type", "client_credentials")]
    if let clientId { form.append(("client_id", clientId)) }
    if let clientSecret { form.append(("client_secret", clientSecret)) }
    request.httpBody = Data(
      form.map { "\($0)=\(Self.formEncoded($1))" }.joined(separator: "&").utf8)
    let data = try perform(request)
    guard
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let value = object["access_token"] as? String, !value.isEmpty
    else {
      throw FleetError(
        .badResponse, url: tokenURL.absoluteString, "the answer has no \"access_token\" string")
    }
    let lifetime = (object["expires_in"] as? NSNumber)?.doubleValue
    return FleetToken(value: value, lifetime: lifetime)
  }

  public func send(_ report: FleetReport, token: String?) throws(FleetError) {
    var request = URLRequest(url: endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.httpBody = report.json
    _ = try perform(request)
  }

  public func cancel() {
    current.withLock { $0?.cancel() }
  }

  /// Sends `request` and waits up to `timeout` for the whole answer; the body of a 2xx.
  private func perform(_ request: URLRequest) throws(FleetError) -> Data {
    var request = request
    let seconds =
      Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    request.timeoutInterval = seconds
    let url = request.url?.absoluteString ?? "?"
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let task = session.dataTask(with: request) { data, response, error in
      outcome.set(data: data, response: response as? HTTPURLResponse, error: error)
      done.signal()
    }
    current.withLock { $0 = task }
    defer { current.withLock { $0 = nil } }
    task.resume()
    let timedOut = FleetError(
      .timeout, url: url, "no answer within \(ConfigurationNode.format(seconds)) s")
    guard done.wait(timeout: .now() + seconds) == .success else {
      task.cancel()
      throw timedOut
    }
    let (data, response, error) = outcome.value
    if let error {
      switch (error as? URLError)?.code {
      case .timedOut?: throw timedOut
      case .cancelled?: throw FleetError(.cancelled, url: url, "cancelled")
      default:
        throw FleetError(.unreachable, url: url, "unreachable (\(error.localizedDescription))")
      }
    }
    guard let response else {
      throw FleetError(.unreachable, url: url, "unreachable (no HTTP response)")
    }
    guard (200..<300).contains(response.statusCode) else {
      let body = data.flatMap { String(data: $0.prefix(200), encoding: .utf8) } ?? ""
      throw FleetError(
        .httpStatus, url: url, status: response.statusCode,
        "HTTP status \(response.statusCode)" + (body.isEmpty ? "" : " (\(body))"))
    }
    return data ?? Data()
  }

  /// `application/x-www-form-urlencoded` escaping of one value.
  private static func formEncoded(_ value: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
  }

  /// The answer of one request, handed from URLSession's thread.
  private final class Outcome: @unchecked Sendable {
    // @unchecked: written once on URLSession's thread before the semaphore is signalled,
    // read only after waiting on it succeeded.
    private(set) var value: (Data?, HTTPURLResponse?, (any Error)?) = (nil, nil, nil)
    func set(data: Data?, response: HTTPURLResponse?, error: (any Error)?) {
      value = (data, response, error)
    }
  }
}
