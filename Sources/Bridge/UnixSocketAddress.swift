import Foundation

/// A `sockaddr_un` for a filesystem path, for `bind` and `connect`.
public struct UnixSocketAddress {
  private var storage = sockaddr_un()

  /// The longest path, in bytes, a socket address holds (`sun_path` less its NUL): 107.
  public static let longestPath = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// - Throws: `BridgeSocketError` when the path does not fit `sun_path` (107 bytes).
  public init(path: String) throws(BridgeSocketError) {
    storage.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count <= Self.longestPath else {
      throw BridgeSocketError(
        "the socket path \(path) is \(bytes.count) bytes long, at most \(Self.longestPath) fit")
    }
    withUnsafeMutableBytes(of: &storage.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
  }

  /// Calls `body` with the address as a `sockaddr` and its length.
  public func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
    withUnsafePointer(to: storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
  }
}
