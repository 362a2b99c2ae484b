import Board
import Foundation

/// Sends NMEA 0183 sentences to a UDP port on this machine, one datagram per sentence,
/// as gpsd's `udp://` source reads them — a stand-in receiver for the bench and tests.
///
/// Owns a UDP socket, closed in `deinit`. Not thread-safe: send from one thread at a
/// time.
public final class NMEASender {
  private let fd: Int32

  /// Opens a socket addressed to 127.0.0.1:`port`.
  ///
  /// - Throws: `.failed` when the socket cannot be created.
  public init(port: Int) throws(BoardError) {
    fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    guard fd >= 0 else {
      throw BoardError(.failed, "cannot create a UDP socket", underlying: errno)
    }
    var address = GPSDDaemon.loopback(port: port)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        connect(fd, address, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      let code = errno
      close(fd)
      throw BoardError(.failed, "cannot address UDP port \(port)", underlying: code)
    }
  }

  deinit {
    close(fd)
  }

  /// Sends `sentence`, adding the CR LF that ends an NMEA sentence. Blocks only while
  /// the socket's send buffer is full (not at all at gpsd's pace).
  ///
  /// - Throws: `.failed` when the kernel refuses the datagram (for example because
  ///   nothing listened on the port when an earlier one arrived: `ECONNREFUSED`).
  public func send(_ sentence: some StringProtocol) throws(BoardError) {
    var line = String(sentence)
    if !line.hasSuffix("\r\n") { line += "\r\n" }
    let sent = line.utf8CString.withUnsafeBufferPointer { buffer in
      Glibc.send(fd, buffer.baseAddress, buffer.count - 1, 0)
    }
    guard sent >= 0 else {
      throw BoardError(
        .failed, "cannot send to gpsd's UDP port: \(String(cString: strerror(errno)))",
        underlying: errno)
    }
  }
}
