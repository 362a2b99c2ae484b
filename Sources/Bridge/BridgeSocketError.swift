import Foundation

/// The bridge socket could not be set up (or a client could not connect): what was being
/// done, on which path, and the errno behind it.
public struct BridgeSocketError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  /// The errno, when a system call failed.
  public var underlying: Int32?

  public init(_ message: String, errno code: Int32? = nil) {
    self.message = message
    underlying = code
  }

  public var description: String {
    underlying.map { "\(message): \(String(cString: strerror($0)))" } ?? message
  }
}
