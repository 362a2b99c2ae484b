import Foundation
import Synchronization
import Testing

@testable import HeadUnit

#if canImport(Glibc)
  import Glibc
#endif

/// `HTTPClient` against real sockets on loopback: what goes out, what comes back, and
/// each way of getting no answer.
@Suite("HTTP client (libcurl)")
struct HTTPClientTests {
  @Test func postsTheBodyAndHeadersAndReadsTheAnswer() throws {
    let server = try OneShotHTTPServer(
      answer: "HTTP/1.1 201 Created\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/v1/report?x=1"))
    let body = Data(#"{"speed":12.5}"#.utf8)
    let response = try HTTPClient.send(
      HTTPClient.Request(
        method: "POST", url: url,
        headers: [("Authorization", "Bearer abc"), ("Content-Type", "application/json")],
        body: body),
      timeout: .seconds(5))
    #expect(response.status == 201)
    #expect(response.body == Data("hello".utf8))
    let request = server.received()
    #expect(request.hasPrefix("POST /v1/report?x=1 HTTP/1.1\r\n"), "\(request)")
    #expect(request.contains("\r\nAuthorization: Bearer abc\r\n"))
    #expect(request.contains("\r\nContent-Type: application/json\r\n"))
    #expect(request.contains("\r\nContent-Length: \(body.count)\r\n"))
    #expect(request.hasSuffix("\r\n\r\n" + #"{"speed":12.5}"#))
  }

  @Test func anErrorStatusIsAnAnswer() throws {
    let server = try OneShotHTTPServer(
      answer: "HTTP/1.1 401 Unauthorized\r\nContent-Length: 7\r\nConnection: close\r\n\r\nexpired")
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
    let response = try HTTPClient.send(HTTPClient.Request(url: url), timeout: .seconds(5))
    #expect(response.status == 401)
    #expect(String(decoding: response.body, as: UTF8.self) == "expired")
    #expect(server.received().hasPrefix("GET / HTTP/1.1\r\n"))
  }

  @Test func nothingListeningIsAFailureThatSaysSo() throws {
    let port = try SilentListener().port  // bound, then closed: nothing listens
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
    #expect {
      try HTTPClient.send(HTTPClient.Request(url: url), timeout: .seconds(5))
    } throws: { error in
      guard let failure = error as? HTTPClient.Failure else { return false }
      return !failure.timedOut && failure.message.contains("onnect")
    }
  }

  @Test func aSilentServerTimesOut() throws {
    let listener = try SilentListener()
    let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/"))
    let started = ContinuousClock.now
    #expect {
      try HTTPClient.send(HTTPClient.Request(url: url), timeout: .milliseconds(300))
    } throws: { error in
      (error as? HTTPClient.Failure)?.timedOut == true
    }
    let waited = started.duration(to: .now)
    #expect(waited >= .milliseconds(290) && waited < .seconds(3), "\(waited)")
  }

  @Test func httpsSpeaksTLS() throws {
    // A plain-HTTP server behind an https URL: the TLS handshake fails, so the request
    // went out through TLS.
    let server = try OneShotHTTPServer(
      answer: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", wholeRequest: false)
    let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/"))
    #expect {
      try HTTPClient.send(HTTPClient.Request(url: url), timeout: .seconds(5))
    } throws: { error in
      guard let failure = error as? HTTPClient.Failure else { return false }
      return !failure.timedOut && !failure.message.isEmpty
    }
    // What arrived was a TLS handshake record (type 22), not an HTTP request line.
    #expect(server.received().unicodeScalars.first == "\u{16}")
  }
}

/// Accepts one connection on loopback, reads one request (headers plus `Content-Length`
/// bytes; with `wholeRequest` false, whatever the first read gives), writes `answer` and
/// closes. Runs on its own thread.
final class OneShotHTTPServer {
  let port: Int
  private let listener: SilentListener
  private let exchange = Exchange()

  private final class Exchange: Sendable {
    let request = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
  }

  init(answer: String, wholeRequest: Bool = true) throws {
    listener = try SilentListener()
    port = listener.port
    let (descriptor, exchange) = (listener.descriptor, exchange)
    let thread = Thread {
      defer { exchange.done.signal() }
      let connection = accept(descriptor, nil, nil)
      guard connection >= 0 else { return }
      defer { close(connection) }
      let request = Self.readRequest(connection, whole: wholeRequest)
      exchange.request.withLock { $0 = request }
      let bytes = Array(answer.utf8)
      _ = write(connection, bytes, bytes.count)
    }
    thread.start()
  }

  /// The request as received; waits for the exchange to end (at most 10 s).
  func received() -> String {
    _ = exchange.done.wait(timeout: .now() + 10)
    return exchange.request.withLock { $0 } ?? ""
  }

  /// Reads the header and `Content-Length` bytes of body.
  private static func readRequest(_ connection: Int32, whole: Bool) -> String {
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let text = String(decoding: received, as: UTF8.self)
      if let end = text.range(of: "\r\n\r\n") {
        let length =
          text[..<end.lowerBound].split(separator: "\r\n")
          .first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
          ?? 0
        if text.utf8.distance(from: end.upperBound, to: text.endIndex) >= length { break }
      }
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[..<count]
      if !whole { break }
    }
    return String(decoding: received, as: UTF8.self)
  }
}
