/// Why the music source could not do what was asked; the message says what to do about it.
///
/// `MPD at 127.0.0.1:6600 does not answer (connection refused): is mpd running?`,
/// `MPD refused "load": No such playlist`.
public struct MusicError: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// No connection: refused, closed, or lost mid-command. The player keeps retrying.
    case unavailable
    /// The server did not answer within the configured timeout.
    case timeout
    /// The server answered something that is not its protocol (or no banner at all).
    case malformed
    /// The server understood and refused (no such playlist, bad song position).
    case refused
    /// The request itself is unusable (an empty or over-long name, a negative seek).
    case invalid
  }

  public var code: Code
  /// What happened, for people.
  public var message: String
  /// The server's or client library's error number behind it, when there is one.
  public var underlying: Int32?

  public init(_ code: Code, _ message: String, underlying: Int32? = nil) {
    self.code = code
    self.message = MusicText.capped(message, to: MusicText.maximumMessage)
    self.underlying = underlying
  }

  public var description: String { message }
}
