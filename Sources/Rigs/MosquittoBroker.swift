import Board
import Foundation
import Synchronization

/// A Mosquitto broker this process starts for the bench and the tests: on a free loopback
/// port, with a configuration it writes into a directory of its own (persistence on and
/// saved after every change, so a subscriber's persistent session and its queued messages
/// survive ``stop()`` and ``restart()``), killed when dropped.
///
/// Not for the car, whose broker is the fleet operator's. Not thread-safe: start, stop
/// and drop it from one task.
public final class MosquittoBroker {
  /// Where Debian installs mosquitto and its clients.
  public static let defaultExecutable = "/usr/sbin/mosquitto"
  public static let subscriberExecutable = "/usr/bin/mosquitto_sub"

  /// A TLS listener's files (PEM).
  public struct TLS: Sendable {
    public var caFile: String
    public var certFile: String
    public var keyFile: String
    /// Whether clients must present a certificate signed by `caFile`.
    public var requireCertificate: Bool

    public init(caFile: String, certFile: String, keyFile: String, requireCertificate: Bool) {
      self.caFile = caFile
      self.certFile = certFile
      self.keyFile = keyFile
      self.requireCertificate = requireCertificate
    }
  }

  public let port: Int
  /// The broker's configuration, persistence and log live here.
  public let directory: URL
  public let tls: TLS?
  private let executable: String
  private var process: Process?

  private init(executable: String, port: Int, directory: URL, tls: TLS?) {
    self.executable = executable
    self.port = port
    self.directory = directory
    self.tls = tls
  }

  deinit {
    kill()
    try? FileManager.default.removeItem(at: directory)
  }

  /// `mqtt://127.0.0.1:PORT`, or `mqtts://localhost:PORT` with TLS (the name the test
  /// certificate is made out to).
  public var url: String {
    tls == nil ? "mqtt://127.0.0.1:\(port)" : "mqtts://localhost:\(port)"
  }

  /// Starts mosquitto and waits until its port accepts connections, for up to `timeout`.
  ///
  /// - Parameter users: user name → password; when given, anonymous clients are refused.
  /// - Parameter port: the port to listen on (a broker taking over another's); a free one
  ///   when nil.
  /// - Throws: `.unavailable` when mosquitto is not installed; `.failed` when it exits or
  ///   does not listen within `timeout`.
  public static func start(
    executable: String = defaultExecutable, tls: TLS? = nil, users: [String: String] = [:],
    port: Int? = nil, timeout: Duration = .seconds(5)
  ) throws(BoardError) -> MosquittoBroker {
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw BoardError(
        .unavailable, "mosquitto is not installed at \(executable) (apt install mosquitto)")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mosquitto-\(getpid())-\(UUID().uuidString.prefix(8))")
    let free: Int
    if let port { free = port } else { free = try GPSDDaemon.freePort(udp: false) }
    let port = free
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      var lines = [
        "listener \(port) 127.0.0.1", "allow_anonymous \(users.isEmpty)", "persistence true",
        "persistence_location \(directory.path)/", "autosave_on_changes true",
        "autosave_interval 1", "user root", "log_dest stderr",
        "log_type error", "log_type warning",
      ]
      if let tls {
        lines += [
          "cafile \(tls.caFile)", "certfile \(tls.certFile)", "keyfile \(tls.keyFile)",
          "require_certificate \(tls.requireCertificate)",
        ]
      }
      if !users.isEmpty {
        let passwords = directory.appendingPathComponent("passwords")
        try users.map { "\($0):\($1)" }.joined(separator: "\n").write(
          to: passwords, atomically: true, encoding: .utf8)
        // mosquitto_passwd -U hashes the plain passwords in place.
        let hash = Process()
        hash.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_passwd")
        hash.arguments = ["-U", passwords.path]
        hash.standardError = FileHandle.nullDevice
        try hash.run()
        hash.waitUntilExit()
        lines.append("password_file \(passwords.path)")
      }
      try (lines.joined(separator: "\n") + "\n").write(
        to: directory.appendingPathComponent("mosquitto.conf"), atomically: true,
        encoding: .utf8)
    } catch {
      throw BoardError(.failed, "cannot write mosquitto's configuration: \(error)")
    }
    let broker = MosquittoBroker(
      executable: executable, port: port, directory: directory, tls: tls)
    try broker.launch(timeout: timeout)
    return broker
  }

  private func launch(timeout: Duration) throws(BoardError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-c", directory.appendingPathComponent("mosquitto.conf").path]
    process.standardOutput = FileHandle.nullDevice
    let log = directory.appendingPathComponent("broker.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardError = try? FileHandle(forWritingTo: log)
    do {
      try process.run()
    } catch {
      throw BoardError(.failed, "cannot start \(executable): \(error.localizedDescription)")
    }
    self.process = process
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !GPSDDaemon.accepts(port: port) {
      guard process.isRunning else {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw BoardError(.failed, "mosquitto exited at start: \(text)")
      }
      guard clock.now < deadline else {
        throw BoardError(.failed, "mosquitto did not listen on port \(port) within \(timeout)")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }

  /// Whether the broker runs.
  public var isRunning: Bool { process?.isRunning ?? false }

  /// Stops the broker as a power cut would (`SIGKILL`, not `SIGTERM`: the broker inherits
  /// this process's signal mask, in which a test may have blocked it; what it saved after
  /// each change survives) and waits for it to exit.
  public func stop() {
    kill()
  }

  /// Starts the broker again on the same port, with the same configuration and what it
  /// saved when stopped.
  public func restart(timeout: Duration = .seconds(5)) throws(BoardError) {
    kill()
    try launch(timeout: timeout)
  }

  /// Kills the broker with `SIGKILL` and waits for it to exit.
  func kill() {
    guard let process, process.isRunning else { return }
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}
