import Board
import Foundation

extension MosquittoBroker {
  /// Where `mosquitto_pub` is (Debian's `mosquitto-clients`).
  public static let publisherExecutable = "/usr/bin/mosquitto_pub"

  /// Publishes `payload` to `topic` (QoS 1, not retained) as a dispatcher would, with
  /// `mosquitto_pub` reading it from its standard input; returns once the broker has it.
  /// Plain brokers only.
  ///
  /// - Throws: `.unavailable` without mosquitto_pub; `.failed` when it does not publish.
  public func publish(_ payload: Data, to topic: String) throws(BoardError) {
    guard FileManager.default.isExecutableFile(atPath: Self.publisherExecutable) else {
      throw BoardError(
        .unavailable, "mosquitto_pub is not installed (apt install mosquitto-clients)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.publisherExecutable)
    process.arguments = [
      "-h", "127.0.0.1", "-p", String(port), "-t", topic, "-q", "1", "-i", "test-dispatcher",
      "-s",
    ]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    do {
      try process.run()
      try input.fileHandleForWriting.write(contentsOf: payload)
      try input.fileHandleForWriting.close()
    } catch {
      throw BoardError(.failed, "mosquitto_pub: \(error)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: errors.fileHandleForReading.bytesToEnd(), as: UTF8.self)
      throw BoardError(.failed, "mosquitto_pub exited \(process.terminationStatus): \(text)")
    }
  }
}
