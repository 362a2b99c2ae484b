import Board
import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Rigs

extension DriveBenchmark {
  /// One daemon's surroundings: a folder with its configuration, a state directory holding
  /// the trip to resume, a power supply that says the car is on, a gpsd of its own reading
  /// NMEA over UDP, and the framebuffer stand-in when there is no `/dev/fb0`.
  ///
  /// `remove()` stops the daemon and gpsd and deletes the folder; call it on every path.
  /// Not thread-safe: use it from one thread.
  final class Rig {
    let folder: URL
    let gpsd: GPSDDaemon
    let listener: NotifyListener
    let config: URL
    /// A copy of this program, started as the daemon.
    let executable: URL
    let environment: [String: String]
    /// What the daemon was started on, for the report.
    let screen: String
    /// The daemon's standard error.
    var log: URL { folder.appendingPathComponent("daemon.log") }
    private(set) var daemon: Process?

    /// Prepares a daemon drawing at `frameRate` on `map` (an absolute path; nil: the
    /// embedded map), resuming `trip`.
    ///
    /// - Throws: `BoardError` when gpsd is missing or does not start; `SystemError` when
    ///   the stand-in cannot be compiled; file errors from the folder.
    init(frameRate: Int, map: String?, trip: TripSnapshot) throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("headunit-bench-drive-\(UUID().uuidString.prefix(8))")
      let power = folder.appendingPathComponent("power/AC", isDirectory: true)
      try FileManager.default.createDirectory(at: power, withIntermediateDirectories: true)
      do {
        try Data("Mains\n".utf8).write(to: power.appendingPathComponent("type"))
        try Data("1\n".utf8).write(to: power.appendingPathComponent("online"))
        let state = folder.appendingPathComponent("state", isDirectory: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        var snapshot = trip
        snapshot.savedAt = Date()
        try TripStore(directory: state).save(snapshot)
        gpsd = try GPSDDaemon.start()
        listener = try NotifyListener(directory: folder)
        var environment = ["NOTIFY_SOCKET": listener.path]
        if FileManager.default.fileExists(atPath: "/dev/fb0") {
          screen = "/dev/fb0"
        } else {
          environment["LD_PRELOAD"] = try StandIn.compile("fakefb", into: folder)
          environment["FAKEFB_FILE"] = folder.appendingPathComponent("fb0.raw").path
          screen = "the framebuffer stand-in (no /dev/fb0 here)"
        }
        self.environment = environment
        // Its own copy, as in the car: pages of an executable this process maps too would
        // stay shared and resident, and count in the daemon's RSS.
        executable = folder.appendingPathComponent("headunit")
        try FileManager.default.copyItem(
          at: URL(fileURLWithPath: StartupBenchmark.Rig.executable), to: executable)
        config = folder.appendingPathComponent("config.json")
        let mapLine = map.map { "\"map\": \"\($0)\"," } ?? ""
        let json = """
          {
            \(mapLine)
            "logLevel": "info",
            "stateDirectory": "\(folder.path)/state",
            "gpsd": { "port": \(gpsd.port) },
            "audio": { "device": "null" },
            "display": { "frameRate": \(frameRate) },
            "board": { "powerSupplyPath": "\(folder.path)/power" },
            "bridge": { "socket": "\(folder.path)/bridge.sock" }
          }
          """
        try Data(json.utf8).write(to: config)
      } catch {
        try? FileManager.default.removeItem(at: folder)
        throw error
      }
    }

    /// Starts `headunit run` and waits for its `READY=1` (sent after the first frame).
    ///
    /// - Throws: `BoardError` when it exits or is not ready within `timeout` (its log
    ///   included).
    func start(timeout: Duration = .seconds(60)) throws -> Process {
      let process = Process()
      process.executableURL = executable
      process.arguments = ["run", "--config", config.path]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.standardOutput = FileHandle.nullDevice
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: log)
      try process.run()
      daemon = process
      guard listener.wait(for: "READY=1", timeout: timeout) else {
        throw BoardError(
          .failed, "headunit run was not ready within \(timeout); its log:\n\(logText)")
      }
      return process
    }

    /// Sends SIGTERM and waits up to `timeout` for the exit, then kills the daemon.
    /// Returns its exit status (nil when killed) and the seconds it took.
    func stop(timeout: Duration = .seconds(10)) -> (status: Int32?, seconds: Double) {
      guard let daemon else { return (nil, 0) }
      let asked = ContinuousClock.now
      daemon.terminate()
      while daemon.isRunning, ContinuousClock.now < asked + timeout { usleep(5_000) }
      let took = asked.duration(to: .now).seconds
      if daemon.isRunning {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        return (nil, took)
      }
      daemon.waitUntilExit()
      return (daemon.terminationStatus, took)
    }

    /// Kills whatever still runs and deletes the folder.
    func remove() {
      if let daemon, daemon.isRunning {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
      }
      gpsd.kill()
      try? FileManager.default.removeItem(at: folder)
    }

    /// The daemon's log so far.
    var logText: String {
      (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }
  }
}
