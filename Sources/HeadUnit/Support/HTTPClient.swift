import CHTTP
import Foundation
import JSON

/// HTTP requests for the routing servers and the fleet endpoint, through libcurl (HTTP,
/// HTTPS, proxies from the environment).
///
/// libcurl is loaded on the first request, not at start: a unit that talks to no server
/// never maps it or its TLS libraries (about 6 MB of a Pi's memory). `send` blocks the
/// calling thread for at most `timeout`; call it off any event loop. Each call uses its
/// own connection, so calls from several threads are independent.
public enum HTTPClient {
  /// One request.
  public struct Request: Sendable, Equatable {
    public var method: String
    public var url: URL
    /// `(name, value)` pairs, sent in order.
    public var headers: [(String, String)]
    public var body: Data?

    public init(
      method: String = "GET", url: URL, headers: [(String, String)] = [], body: Data? = nil
    ) {
      self.method = method
      self.url = url
      self.headers = headers
      self.body = body
    }

    public static func == (a: Request, b: Request) -> Bool {
      a.method == b.method && a.url == b.url && a.body == b.body
        && a.headers.map { "\($0.0): \($0.1)" } == b.headers.map { "\($0.0): \($0.1)" }
    }

    /// The value of header `name` (case-insensitive), if set.
    public func header(_ name: String) -> String? {
      headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
  }

  /// A whole answer, of any status.
  public struct Response: Sendable, Equatable {
    public var status: Int
    public var body: Data

    /// `HTTP status 503 (the body's first 200 bytes)`, for logs and errors.
    public var statusDescription: String {
      let text = String(data: body.prefix(200), encoding: .utf8) ?? ""
      return "HTTP status \(status)" + (text.isEmpty ? "" : " (\(text))")
    }
  }

  /// A way to abandon a request under way from another thread.
  public final class Cancellation: @unchecked Sendable {
    // @unchecked: the flag is a C atomic, set and read only through chttp's functions.
    fileprivate let flag: OpaquePointer?

    public init() { flag = chttp_cancel_new() }
    deinit { chttp_cancel_free(flag) }

    /// Makes the request under way (and any later one, until `reset()`) end within
    /// about a second, failing with `cancelled`.
    public func cancel() { chttp_cancel_set(flag, 1) }
    /// Lets the next request run.
    public func reset() { chttp_cancel_set(flag, 0) }
  }

  /// Why no answer arrived.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The time limit passed first.
    public var timedOut: Bool
    /// `Cancellation.cancel()` ended it.
    public var cancelled = false
    /// The answer came, longer than the limit; it was abandoned.
    public var tooLarge = false
    /// libcurl's words: `Failed to connect to 127.0.0.1 port 9: Connection refused`.
    public var message: String
    /// The time limit, for the description.
    public var timeout = Duration.zero

    /// What a person reads: `no answer within 3 s`, `cancelled`, or
    /// `unreachable (libcurl's words)`.
    public var description: String {
      if timedOut {
        let seconds =
          Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        return "no answer within \(JSONValue.format(seconds)) s"
      }
      if tooLarge { return message }
      return cancelled ? "cancelled" : "unreachable (\(message))"
    }
  }

  /// The largest answer read unless a caller says otherwise (a route across a country is
  /// a few MB).
  public static let maximumBody = 16 << 20

  /// Sends `request` and waits for the whole answer, at most `timeout`, or until
  /// `cancellation` is cancelled.
  ///
  /// - Throws: `Failure` when no answer arrived: nothing listens, the name does not
  ///   resolve, TLS fails, the time ran out, the answer is over `maximumBody`, or libcurl
  ///   is not installed.
  public static func send(
    _ request: Request, timeout: Duration, cancellation: Cancellation? = nil,
    maximumBody: Int = maximumBody
  ) throws(Failure) -> Response {
    let flag = cancellation?.flag
    let milliseconds = max(1, Int(timeout / .milliseconds(1)))
    var response = chttp_response()
    let lines = request.headers.map { "\($0.0): \($0.1)" }
    let result = withCStrings(lines) { headers in
      if let body = request.body {
        // An empty body still needs a pointer, or no body is sent at all: one byte, of
        // which none is sent.
        (body.isEmpty ? Data([0]) : body).withUnsafeBytes { bytes in
          chttp_perform(
            request.method, request.url.absoluteString, headers, lines.count,
            bytes.baseAddress, body.count, milliseconds, maximumBody, flag, &response)
        }
      } else {
        chttp_perform(
          request.method, request.url.absoluteString, headers, lines.count, nil, 0,
          milliseconds, maximumBody, flag, &response)
      }
    }
    defer { chttp_free(&response) }
    guard result == 0 else {
      let message = withUnsafeBytes(of: response.error) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      throw Failure(
        timedOut: response.timed_out != 0, cancelled: response.cancelled != 0,
        tooLarge: response.too_large != 0, message: message, timeout: timeout)
    }
    let body =
      response.body.map { Data(bytes: $0, count: response.body_length) } ?? Data()
    return Response(status: response.status, body: body)
  }

  /// Calls `body` with the strings as a C array of C strings, valid only during the call.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
  }
}
