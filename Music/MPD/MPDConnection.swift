import CMPDClient
import Core

/// One connection to MPD through libmpdclient (`struct mpd_connection`), owned by this
/// object and closed in `deinit`.
///
/// Every call is checked with ``check(_:)`` right after it is made: libmpdclient reports
/// failures through the connection, not the return value alone. After a failure that
/// libmpdclient cannot clear (connection closed, timeout, a malformed answer) the
/// connection is ``isBroken`` and must be dropped; a server refusal (`ACK`) is cleared and
/// the connection stays usable.
///
/// Threading: not thread-safe; blocking calls (each up to `timeout`). ``MPDWorker`` keeps it
/// on its own thread.
final class MPDConnection {
  let handle: OpaquePointer
  /// `host:port`, for messages.
  let address: String
  /// Set once an error could not be cleared.
  private(set) var isBroken = false

  /// Connects and reads MPD's `OK MPD x.y.z` banner.
  ///
  /// The corresponding C function is `mpd_connection_new`.
  ///
  /// - Throws: `.unavailable` when nothing listens; `.timeout` when no banner comes within
  ///   `timeout` (rounded up to whole seconds); `.malformed` when what comes is not a
  ///   banner.
  init(host: String, port: Int, timeout: Duration) throws(MusicError) {
    address = "\(host):\(port)"
    // Whole seconds: libmpdclient 2.20 (Debian 12) puts the milliseconds below a second
    // into the timeval's microseconds, so 500 ms would wait 0.5 ms.
    let seconds = max(1, timeout.components.seconds + (timeout.components.attoseconds > 0 ? 1 : 0))
    let milliseconds = UInt32(clamping: seconds * 1000)
    guard let handle = mpd_connection_new(host, UInt32(clamping: port), milliseconds) else {
      throw MusicError(.unavailable, "MPD at \(host):\(port): out of memory")
    }
    self.handle = handle
    try check("connect")
  }

  deinit {
    mpd_connection_free(handle)
  }

  /// The socket, for polling while idle.
  var descriptor: Int32 { mpd_connection_get_fd(handle) }

  /// Throws when the last call failed: turns libmpdclient's error into a ``MusicError``
  /// with `what` (the command) in its message, and clears it when it can be cleared.
  func check(_ what: String) throws(MusicError) {
    let error = mpd_connection_get_error(handle)
    guard error != MPD_ERROR_SUCCESS else { return }
    let text = mpd_connection_get_error_message(handle).map { String(cString: $0) } ?? "?"
    let failure: MusicError
    switch error {
    case MPD_ERROR_TIMEOUT:
      failure = MusicError(
        .timeout, "MPD at \(address) did not answer \"\(what)\" in time (\(text))",
        underlying: Int32(error.rawValue))
    case MPD_ERROR_MALFORMED:
      failure = MusicError(
        .malformed,
        "MPD at \(address) answered \"\(what)\" with something that is not MPD's protocol "
          + "(\(text)): is that port really MPD's?", underlying: Int32(error.rawValue))
    case MPD_ERROR_SERVER:
      failure = MusicError(
        .refused, "MPD refused \"\(what)\": \(text)",
        underlying: Int32(mpd_connection_get_server_error(handle).rawValue))
    case MPD_ERROR_ARGUMENT, MPD_ERROR_STATE:
      failure = MusicError(
        .invalid, "\"\(what)\" cannot be sent to MPD: \(text)", underlying: Int32(error.rawValue))
    default:
      // MPD_ERROR_SYSTEM, _RESOLVER, _CLOSED, _OOM: no usable connection.
      failure = MusicError(
        .unavailable, "MPD at \(address) is not reachable (\(text)): is mpd running?",
        underlying: Int32(error.rawValue))
    }
    if !mpd_connection_clear_error(handle) { isBroken = true }
    throw failure
  }

  /// Throws `.invalid` unless `value` can go on MPD's line-based protocol.
  static func checked(_ value: String, _ what: String) throws(MusicError) -> String {
    guard let uri = MusicText.checkedURI(value) else {
      throw MusicError(.invalid, "\(what) is empty, too long or holds control characters")
    }
    return uri
  }

  /// Marks the connection unusable: a reply was abandoned half read.
  func abandon() { isBroken = true }
}
