/// A hardware-edge problem: a device missing, a daemon unreachable, a bad pin in the config.
///
/// The message says what to do about it ("gpsd not reachable at 127.0.0.1:2947 — is gpsd
/// running?"). Callers degrade the part concerned and keep the rest running.
public struct BoardError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// A device or daemon is not there (no GPIO chip, gpsd not running, no sysfs node).
    case unavailable
    /// The device was there and failed (read error, lost connection).
    case failed
    /// The board configuration is wrong (unknown pin, pin used twice, unknown preset).
    case configuration
  }

  public var code: Code
  public var message: String
  /// The errno or library return value behind it, when there is one.
  public var underlying: Int32?

  public init(_ code: Code, _ message: String, underlying: Int32? = nil) {
    self.code = code
    self.message = message
    self.underlying = underlying
  }

  public var description: String { message }
}
