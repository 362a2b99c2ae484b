import Bridge
import Foundation
import POSIX

/// A plain blocking client of the bridge socket, for the benchmark, the tests and tools:
/// writes lines, reads lines with a timeout. One thread reads and at most one other
/// writes.
// @unchecked: it wraps a socket descriptor, which the kernel lets one thread write while
// another reads; the read buffer is touched only by the reading thread.
public final class BridgeClient: @unchecked Sendable {
  private let socket: FileDescriptor
  private var input: [UInt8] = []

  /// The connected socket; closed when the client goes away.
  public var descriptor: Int32 { socket.rawValue }

  /// Connects to the socket at `path`.
  ///
  /// - Throws: `BridgeSocketError` when the socket is not there or refuses.
  public init(path: String) throws(BridgeSocketError) {
    let address = try UnixSocketAddress(path: path)
    let raw = Glibc.socket(
      AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard raw >= 0 else { throw BridgeSocketError("socket(AF_UNIX)", errno: errno) }
    socket = FileDescriptor(owning: raw)
    // Not retried on `EINTR`: an interrupted `connect` goes on in the background, and a
    // second call would fail with `EALREADY`.
    guard address.withSockaddr({ connect(raw, $0, $1) }) == 0 else {
      throw BridgeSocketError("cannot connect to \(path)", errno: errno)
    }
  }

  /// Writes `text` and a newline, all of it (blocks while the socket is full).
  ///
  /// - Throws: `BridgeSocketError` when the head unit closed the connection.
  public func send(_ text: String) throws(BridgeSocketError) {
    try write(Array(text.utf8) + [0x0A])
  }

  /// Writes `bytes` as they are.
  public func write(_ bytes: [UInt8]) throws(BridgeSocketError) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { raw in
        Result { () throws(Errno) in
          try retryingInterrupts {
            Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
          }
        }
      }
      switch sent {
      case .success(let count): offset += count
      case .failure(let error): throw BridgeSocketError("send", errno: error.rawValue)
      }
    }
  }

  /// The next line from the head unit, nil when none came within `timeout` or the
  /// connection ended.
  public func receive(timeout: Duration = .seconds(5)) -> String? {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let newline = input.firstIndex(of: 0x0A) {
        let line = String(decoding: input[..<newline], as: UTF8.self)
        input.removeFirst(newline + 1)
        return line
      }
      let left = ContinuousClock.now.duration(to: deadline)
      guard left > .zero else { return nil }
      var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      guard ((try? Poll.wait(&polled, timeout: left)) ?? 0) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      let count = (try? retryingInterrupts { recv(descriptor, &buffer, buffer.count, 0) }) ?? -1
      guard count > 0 else { return nil }
      input += buffer[0..<count]
    }
  }

  /// The next line decoded as a JSON object, nil on timeout or end.
  public func receiveObject(timeout: Duration = .seconds(5)) -> [String: Any]? {
    guard let line = receive(timeout: timeout) else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
  }

  /// The next message that is not a heartbeat (the unit sends those on its own pace, so
  /// they may come between a request and its answer); nil when none comes in time.
  public func receiveAnswer(timeout: Duration = .seconds(5)) -> [String: Any]? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      guard let object = receiveObject(timeout: ContinuousClock.now.duration(to: deadline))
      else { return nil }
      if object["type"] as? String != "heartbeat" { return object }
    }
    return nil
  }

  /// Receives until a message of `type` (and, when given, `id`) comes; returns it and
  /// everything before it.
  public func wait(
    for type: String, id: Int? = nil, timeout: Duration = .seconds(5)
  ) -> (match: [String: Any]?, before: [[String: Any]]) {
    let deadline = ContinuousClock.now + timeout
    var before: [[String: Any]] = []
    while ContinuousClock.now < deadline {
      guard let object = receiveObject(timeout: ContinuousClock.now.duration(to: deadline))
      else { break }
      if object["type"] as? String == type, id == nil || object["id"] as? Int == id {
        return (object, before)
      }
      before.append(object)
    }
    return (nil, before)
  }

  /// Receives until the reply or error to request `id` comes; nil on timeout or end.
  public func answer(to id: Int, timeout: Duration = .seconds(5)) -> [String: Any]? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      guard let object = receiveObject(timeout: ContinuousClock.now.duration(to: deadline))
      else { return nil }
      if object["id"] as? Int == id { return object }
    }
    return nil
  }

  /// Closes the writing half: the head unit reads the end of the stream.
  public func shutdownWriting() {
    shutdown(descriptor, Int32(SHUT_WR))
  }
}
