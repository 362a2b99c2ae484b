import CGPS
import Foundation

/// An open libgps connection to gpsd that streams JSON reports.
///
/// Owns the `gps_data_t` (and the socket libgps keeps in it): `gps_open` in `open`,
/// `gps_close` in `deinit`. Not thread-safe — libgps keeps a line buffer inside the
/// structure — so one thread (the reader thread of a `GPSDPositionSource` stream)
/// opens, reads and drops it.
final class GPSDConnection {
  let data: UnsafeMutablePointer<gps_data_t>

  private init(data: UnsafeMutablePointer<gps_data_t>) {
    self.data = data
  }

  deinit {
    gps_close(data)
    data.deallocate()
  }

  /// Connects to gpsd at `host:port` and asks it to stream JSON (`?WATCH`).
  ///
  /// Blocks the calling thread for the TCP connect, which is immediate for a gpsd on
  /// this machine. The corresponding C functions are `gps_open` and `gps_stream`.
  ///
  /// - Throws: `.unavailable` when nothing accepts the connection; `.failed` when the
  ///   watch request cannot be sent.
  static func open(host: String, port: Int) throws(BoardError) -> GPSDConnection {
    let data = UnsafeMutablePointer<gps_data_t>.allocate(capacity: 1)
    // gps_data_t is large (the sky view alone is thousands of bytes); zero it in place
    // rather than building it on the stack.
    memset(data, 0, MemoryLayout<gps_data_t>.size)
    guard gps_open(host, String(port), data) == 0 else {
      // libgps leaves nothing to close when the connect fails.
      let code = errno
      data.deallocate()
      let cause = connectFailure(host: host, port: port)
      throw BoardError(
        .unavailable, unreachable(host: host, port: port, cause: cause), underlying: code)
    }
    let connection = GPSDConnection(data: data)
    guard gps_stream(data, UInt32(WATCH_ENABLE | WATCH_JSON), nil) == 0 else {
      throw BoardError(
        .failed, "gpsd at \(host):\(port) did not take the watch request", underlying: errno)
    }
    // Reads never block: when libgps holds half a line, `read()` says `.incomplete`
    // and the reader waits in `poll`, where a stop can reach it.
    let fd = data.pointee.gps_fd
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    // libgps opens the socket without close-on-exec: a program this process starts later
    // (a shutdown command; in the tests, another gpsd) would inherit it and keep the
    // connection open after this side closes it.
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    return connection
  }

  /// The message for a gpsd that does not answer; `cause` is the system's reason
  /// ("connection refused"), when known.
  static func unreachable(host: String, port: Int, cause: String? = nil) -> String {
    "gpsd not reachable at \(host):\(port)\(cause.map { " (\($0))" } ?? "") — is gpsd running?"
  }

  /// The socket, for `poll`.
  var fileDescriptor: Int32 { data.pointee.gps_fd }

  /// Whether a read may find a report without waiting: libgps holds buffered input, or
  /// the socket is readable. Never blocks. The corresponding C function is `gps_waiting`.
  var hasInput: Bool { gps_waiting(data, 0) }

  /// What one read found.
  enum ReadResult: Equatable {
    case report(GPSDReport)
    /// No complete line yet: wait for the socket.
    case incomplete
    /// gpsd closed the connection or the socket failed.
    case closed
  }

  /// Reads and decodes one line from gpsd. Never blocks (the socket is non-blocking).
  ///
  /// The corresponding C function is `gps_read`. The set-mask is cleared first, because
  /// libgps only adds to it for SKY and other reports: after the read, `MODE_SET` means
  /// this very line was a TPV.
  func read() -> ReadResult {
    data.pointee.set = 0
    let status = gps_read(data, nil, 0)
    if status < 0 { return .closed }
    if status == 0 { return .incomplete }
    return .report(GPSDReport(decoded: data))
  }
}
