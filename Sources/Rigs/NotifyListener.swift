import Foundation
import POSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The receiving end of systemd's notification protocol, for benchmarks: a datagram socket
/// at a temporary path to pass as `NOTIFY_SOCKET`, and the messages (`READY=1`, …) sent
/// to it. Owns the socket; closes and unlinks it in `deinit`.
public final class NotifyListener {
  public let path: String
  private let channel: FileDescriptor
  private var descriptor: Int32 { channel.rawValue }

  /// Binds a new socket in `directory`.
  ///
  /// The corresponding C functions are `socket` and `bind`.
  public init(directory: URL) throws(SystemError) {
    path =
      directory.appendingPathComponent("notify-\(getpid())-\(UUID().uuidString.prefix(8))")
      .path
    let raw = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard raw >= 0 else { throw SystemError("socket", errno) }
    channel = FileDescriptor(owning: raw)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw SystemError("bind (path too long)", ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(raw, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { throw SystemError("bind \(path)", errno) }
  }

  deinit {
    channel.close()
    unlink(path)
  }

  /// Waits up to `timeout` for the next message; nil on timeout. Blocks.
  public func receive(timeout: Duration) -> String? {
    var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    guard (try? Poll.wait(&polled, timeout: timeout)) == 1 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = (try? retryingInterrupts { recv(descriptor, &buffer, buffer.count, 0) }) ?? -1
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// Reads and drops every message waiting, so a sender never finds the queue full.
  public func drain() {
    while receive(timeout: .zero) != nil {}
  }

  /// Waits until a message containing `line` arrives; false after `timeout`.
  public func wait(for line: String, timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      guard let message = receive(timeout: deadline - ContinuousClock.now) else { return false }
      if message.split(separator: "\n").contains(where: { $0 == line }) { return true }
    }
    return false
  }
}
