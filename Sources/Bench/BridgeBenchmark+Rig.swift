import Commands
import Core
import Foundation
import HeadUnit
import Rigs

extension BridgeBenchmark {
  /// A folder with the stand-ins, a configuration and the daemon's log; one daemon.
  final class Rig {
    let folder: URL
    let console: Console
    let socket: String
    let control: String
    var log: URL { folder.appendingPathComponent("daemon.log") }
    private var daemon: Process?

    init(console: Console) throws {
      self.console = console
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("headunit-bench-bridge-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("power"), withIntermediateDirectories: true)
      socket = folder.appendingPathComponent("bridge.sock").path
      control = folder.appendingPathComponent("gpio").path
      guard mkfifo(control, 0o600) == 0 else { throw SystemError("mkfifo \(control)", errno) }
    }

    /// Stops the daemon and removes the folder, unless `keepFolder`.
    func remove(keepFolder: Bool = false) {
      if let daemon, daemon.isRunning {
        daemon.terminate()
        daemon.waitUntilExit()
      }
      if !keepFolder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Starts `headunit run` and waits for its bridge socket.
    func start() throws {
      let libraries = try ["fakefb", "fakegpio"].map { try StandIn.compile($0, into: folder) }
      let config = folder.appendingPathComponent("config.json")
      let json = """
        {
          "logLevel": "debug",
          "stateDirectory": "\(folder.path)/state",
          "gpsd": { "enabled": false },
          "audio": { "enabled": false },
          "display": { "framebuffer": "/dev/fb0", "frameRate": 10 },
          "board": {
            "board": "pi4",
            "encoder": { "a": "GPIO17", "b": "GPIO27" },
            "powerSupplyPath": "\(folder.path)/power"
          },
          "bridge": { "socket": "\(socket)", "disconnectDrains": false }
        }
        """
      try Data(json.utf8).write(to: config)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: StartupBenchmark.Rig.executable)
      process.arguments = ["run", "--config", config.path]
      process.environment = ProcessInfo.processInfo.environment.merging([
        "LD_PRELOAD": libraries.joined(separator: ":"),
        "FAKEFB_FILE": folder.appendingPathComponent("fb0.raw").path,
        "FAKEGPIO_CHIPS": "gpiochip0:pinctrl-bcm2711:58",
        "FAKEGPIO_CONTROL": control,
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: log)
      try process.run()
      daemon = process
      let deadline = ContinuousClock.now + .seconds(30)
      while !logText.contains("bridge: listening") {
        guard ContinuousClock.now < deadline, process.isRunning else {
          throw SystemError("headunit run did not open its bridge socket:\n\(logText)", ETIMEDOUT)
        }
        usleep(20_000)
      }
      usleep(500_000)
    }

    private var logText: String {
      (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// Every `input → frame` latency logged so far, in milliseconds.
    var latencies: [Double] {
      logText.split(separator: "\n").compactMap { line in
        guard let range = line.range(of: "input → frame ") else { return nil }
        return Double(line[range.upperBound...].split(separator: " ").first ?? "")
      }
    }

    /// One knob detent, as the four edges of a quadrature encoder.
    func turn(clockwise: Bool) throws {
      let (first, second) = clockwise ? (17, 27) : (27, 17)
      var script = ""
      for (line, level) in [(first, 0), (second, 0), (first, 1), (second, 1)] {
        script += "set gpiochip0 \(line) \(level)\nsleep 2\n"
      }
      guard let handle = FileHandle(forWritingAtPath: control) else {
        throw SystemError("open \(control)", errno)
      }
      handle.write(Data(script.utf8))
      try handle.close()
    }

    /// A bridge client that has said hello and put a bare map at the root.
    func connect() throws -> BridgeClient {
      let client = try BridgeClient(path: socket)
      try client.send(#"{"type":"hello","id":1,"version":1,"app":"bench"}"#)
      try client.send(#"{"type":"setRootTemplate","id":2,"template":{"type":"map","id":"bench"}}"#)
      guard client.answer(to: 2)?["ok"] as? Bool == true else {
        throw SystemError("the bridge did not take the bench's map", EPROTO)
      }
      return client
    }
  }
}
