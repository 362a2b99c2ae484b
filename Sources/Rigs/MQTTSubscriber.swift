import Board
import Foundation
import Synchronization

/// A subscriber to a `MosquittoBroker`'s topics: `mosquitto_sub` with a persistent session
/// (QoS 1, clean session off), so messages published while the broker restarts reach it
/// once it reconnects. Collects `(topic, payload)` pairs in the order they arrive; killed
/// when dropped.
public final class MQTTSubscriber: Sendable {
  public struct Message: Sendable, Equatable {
    public var topic: String
    public var payload: String

    public init(topic: String, payload: String) {
      self.topic = topic
      self.payload = payload
    }
  }

  private let process: Process
  /// What mosquitto_sub printed so far; filled on the pipe's reading thread.
  private final class Lines: Sendable {
    let state = Mutex<(messages: [Message], subscribed: Bool, partial: String)>(([], false, ""))
    func withLock<T>(_ body: (inout (messages: [Message], subscribed: Bool, partial: String)) -> T)
      -> T
    {
      state.withLock { body(&$0) }
    }
  }

  private let lines = Lines()

  /// Subscribes to `filter` on `broker` and waits until the broker has acknowledged the
  /// subscription (up to `timeout`).
  ///
  /// - Throws: `.unavailable` without mosquitto_sub; `.failed` when it does not subscribe.
  public init(
    broker: MosquittoBroker, filter: String, clientId: String = "test-subscriber",
    caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil,
    username: String? = nil, password: String? = nil, timeout: Duration = .seconds(5)
  ) throws(BoardError) {
    let executable = MosquittoBroker.subscriberExecutable
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw BoardError(
        .unavailable, "mosquitto_sub is not installed (apt install mosquitto-clients)")
    }
    process = Process()
    // stdbuf: mosquitto_sub flushes its standard output only after a message, and the
    // SUBACK line that says it is ready comes before any.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
    let host = broker.tls == nil ? "127.0.0.1" : "localhost"
    var arguments: [String] = [
      "-oL", executable, "-h", host, "-p", String(broker.port), "-t", filter,
    ]
    arguments += ["-q", "1", "-c", "-i", clientId, "-d", "-F", "%t %p"]
    if let caFile { arguments += ["--cafile", caFile] }
    if let certFile { arguments += ["--cert", certFile] }
    if let keyFile { arguments += ["--key", keyFile] }
    if let username { arguments += ["-u", username] }
    if let password { arguments += ["-P", password] }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    pipe.fileHandleForReading.readabilityHandler = { [lines] handle in
      let text = String(decoding: handle.availableBytes(), as: UTF8.self)
      lines.withLock { state in
        let chunks = (state.partial + text).split(separator: "\n", omittingEmptySubsequences: false)
        state.partial = String(chunks.last ?? "")
        for line in chunks.dropLast() {
          if line.hasPrefix("Client ") {
            if line.contains("received SUBACK") { state.subscribed = true }
          } else if line.hasPrefix("Subscribed") {
            continue
          } else if let space = line.firstIndex(of: " ") {
            state.messages.append(
              Message(
                topic: String(line[..<space]), payload: String(line[line.index(after: space)...])
              ))
          }
        }
      }
    }
    do {
      try process.run()
    } catch {
      throw BoardError(.failed, "cannot start mosquitto_sub: \(error.localizedDescription)")
    }
    let deadline = ContinuousClock.now + timeout
    while !lines.withLock({ $0.subscribed }) {
      guard ContinuousClock.now < deadline, process.isRunning else {
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        throw BoardError(.failed, "mosquitto_sub did not subscribe to \(filter)")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  deinit {
    stop()
  }

  /// What arrived so far, in order.
  public var messages: [Message] { lines.withLock { $0.messages } }

  /// Waits until `predicate` holds for the messages so far, up to `timeout`; the messages.
  public func wait(
    timeout: Duration = .seconds(10), until predicate: ([Message]) -> Bool
  ) async -> [Message] {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let now = messages
      if predicate(now) { return now }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return messages
  }

  /// Ends the subscriber (`SIGKILL`: it inherits this process's signal mask, in which a
  /// test may have blocked `SIGTERM`).
  public func stop() {
    guard process.isRunning else { return }
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
