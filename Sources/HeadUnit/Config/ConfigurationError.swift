/// The daemon's configuration file could not be read or is wrong.
///
/// The message is complete and names where the problem is: the file, then the JSON path and
/// what was expected (`/etc/headunit/config.json: $.audio.volume: expected 0–2, got 3`).
/// The daemon refuses to start on either code, and keeps its running configuration when a
/// reload fails.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable {
    /// The file is missing, unreadable or not a regular file.
    case unreadable
    /// The file was read and is not a valid configuration (not JSON, unknown key, bad value).
    case invalid
  }

  public var code: Code
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
