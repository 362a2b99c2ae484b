import Board
import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Rigs

/// `headunit bench startup [--runs N] [--seconds S]`: how fast `headunit run` shows its
/// first frame, how much memory it holds while navigating, and how little CPU it uses
/// when nothing moves.
///
/// Each figure comes from a real `headunit run` child with its own state folder: start →
/// first frame is measured to the `READY=1` it sends (to a `NOTIFY_SOCKET` this benchmark
/// listens on) right after presenting its first frame. Memory and CPU come from
/// `/proc/PID/status` and `/proc/PID/stat`. Without a `/dev/fb0` (no display, as on a
/// build machine) the framebuffer stand-in from the source tree (`Sources/Rigs/StandIns/fakefb`)
/// is compiled and preloaded.
enum StartupBenchmark {
  static let help = """
    usage: headunit bench startup [--runs N] [--seconds S] [--map FILE]

    startup: starts `headunit run` N times (default 5) and measures process start → first
    frame on the framebuffer (median and max; target ≤ 300 ms). Then, in one daemon with a
    saved trip and a gpsd fed an embedded drive at 5 epochs a second for S seconds
    (default 20): RSS while navigating (target ≤ 40 MB). Then CPU use (user + system, as a
    share of one core) over S seconds on the map with no fixes coming, and parked after
    external power went away (targets ≤ 1 %). Needs gpsd; without /dev/fb0 it preloads
    the framebuffer stand-in, compiled from its C source (the Rigs module's resources) with cc.
    --map FILE: then the daemon on that map (a country's), no fixes: its RSS beside the
    embedded map's, and how long it took to be ready.
    """

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let runs = try args.int("runs", default: 5, range: 1...100)
    let seconds = try args.int("seconds", default: 20, range: 2...600)
    let rig = try Rig(console: console)
    defer { rig.remove() }

    var startups: [Double] = []
    var stops: [Double] = []
    for _ in 0..<runs {
      let (daemon, startup) = try rig.start(trip: false)
      startups.append(startup)
      stops.append(rig.stop(daemon))
    }
    startups.sort()
    stops.sort()
    console.out(
      String(
        format: "bench startup: start → first frame: median %.0f ms, max %.0f ms (%d runs)",
        startups[startups.count / 2] * 1e3, (startups.last ?? 0) * 1e3, runs))
    console.out(
      String(
        format: "  SIGTERM → exited (state saved, screen blanked): median %.0f ms, max %.0f ms",
        stops[stops.count / 2] * 1e3, (stops.last ?? 0) * 1e3))

    try rig.seedTrip()
    let (daemon, _) = try rig.start(trip: true)
    let epochs = try EmbeddedData.epochs(forDrive: "helsinki-1-clean")
    let sender = try NMEASender(port: rig.gpsd.udpPort)
    for epoch in epochs.prefix(seconds * 5) {
      for sentence in epoch { try sender.send(sentence) }
      usleep(200_000)
    }
    let navigating = Self.memory(of: daemon.processIdentifier)
    console.out(
      String(
        format: "  navigating %d s of helsinki-1: RSS %.1f MB, peak %.1f MB", seconds,
        navigating.rss, navigating.peak))
    if let standIn = rig.environment["FAKEFB_FILE"] {
      let mapped = Self.resident(of: daemon.processIdentifier, mapping: standIn)
      console.out(
        String(
          format: "    of it the stand-in framebuffer's file: %.1f MB (a real /dev/fb0 is"
            + " device memory, outside RSS): %.1f MB without", mapped, navigating.rss - mapped))
    }
    rig.stop(daemon)

    let (idle, _) = try rig.start(trip: false)
    usleep(2_000_000)
    let mapCPU = Self.cpuShare(of: idle.processIdentifier, over: seconds)
    let embeddedRSS = Self.memory(of: idle.processIdentifier).rss
    console.out(
      String(
        format: "  map, no fixes: CPU %.2f %% over %d s, RSS %.1f MB", mapCPU * 100, seconds,
        embeddedRSS))
    try rig.setExternalPower(false)
    // Power-supply poll (2 s) + grace (1 s) + Parked screen (0.5 s).
    usleep(5_000_000)
    let daemonLog = (try? String(contentsOf: rig.log, encoding: .utf8)) ?? ""
    guard daemonLog.contains("parked: external power lost") else {
      console.err("headunit bench startup: the daemon did not park; its log:\n\(daemonLog)")
      rig.stop(idle)
      return .failure
    }
    let parkedCPU = Self.cpuShare(of: idle.processIdentifier, over: seconds)
    console.out(
      String(format: "  parked, screen blank: CPU %.2f %% over %d s", parkedCPU * 100, seconds))
    rig.stop(idle)
    if let map = args.value("map") {
      try rig.writeConfiguration(map: URL(fileURLWithPath: map).standardizedFileURL.path)
      let (daemon, ready) = try rig.start(trip: false)
      usleep(5_000_000)
      let memory = Self.memory(of: daemon.processIdentifier)
      console.out(
        String(
          format: "  %@, no fixes: ready in %.0f ms, RSS %.1f MB (%+.1f MB against the"
            + " embedded map)", map, ready * 1e3, memory.rss, memory.rss - embeddedRSS))
      rig.stop(daemon)
    }
    return .success
  }

  /// `VmRSS` and `VmHWM` of process `pid`, MB.
  static func memory(of pid: Int32) -> (rss: Double, peak: Double) {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Double {
      guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
      else { return .nan }
      return kilobytes / 1024
    }
    return (field("VmRSS"), field("VmHWM"))
  }

  /// The resident part of process `pid`'s mappings of file `path`, MB (from
  /// `/proc/PID/smaps`).
  static func resident(of pid: Int32, mapping path: String) -> Double {
    // Read to the end: procfs files report size 0, and a single read stops at a page.
    let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps").flatMap { try? $0.readToEnd() }
    let smaps = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    var inside = false
    var kilobytes = 0.0
    for line in smaps.split(separator: "\n") {
      if let first = line.first, first.isHexDigit, line.contains("-") {
        inside = line.hasSuffix(" " + path)
      } else if inside, line.hasPrefix("Rss:") {
        kilobytes += Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
      }
    }
    return kilobytes / 1024
  }

  /// User + system CPU time of `pid` over `seconds`, as a share of one core.
  static func cpuShare(of pid: Int32, over seconds: Int) -> Double {
    func ticks() -> Double {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return .nan }
      // Fields after the command name: state is field 3, utime 14, stime 15.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return (Double(fields[11]) ?? .nan) + (Double(fields[12]) ?? .nan)
    }
    let before = ticks()
    let clock = ContinuousClock.now
    usleep(UInt32(seconds) * 1_000_000)
    let elapsed = clock.duration(to: .now).seconds
    return (ticks() - before) / Double(sysconf(Int32(_SC_CLK_TCK))) / elapsed
  }
}

extension StartupBenchmark {
  /// A folder with a configuration, a state directory, a fake power-supply tree, a gpsd and
  /// a notification socket for daemons started one at a time.
  final class Rig {
    let folder: URL
    let gpsd: GPSDDaemon
    let listener: NotifyListener
    let environment: [String: String]
    let config: URL
    /// The program started as the daemon.
    let daemon: URL
    let console: Console
    /// The daemon's standard error.
    var log: URL { folder.appendingPathComponent("daemon.log") }

    init(console: Console) throws {
      self.console = console
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("headunit-bench-startup-\(UUID().uuidString)", isDirectory: true)
      let power = folder.appendingPathComponent("power/AC", isDirectory: true)
      try FileManager.default.createDirectory(at: power, withIntermediateDirectories: true)
      try Data("Mains\n".utf8).write(to: power.appendingPathComponent("type"))
      gpsd = try GPSDDaemon.start()
      listener = try NotifyListener(directory: folder)
      config = folder.appendingPathComponent("config.json")
      var environment = ["NOTIFY_SOCKET": listener.path]
      if !FileManager.default.fileExists(atPath: "/dev/fb0") {
        let library = try StandIn.compile("fakefb", into: folder)
        environment["LD_PRELOAD"] = library
        environment["FAKEFB_FILE"] = folder.appendingPathComponent("fb0.raw").path
        console.out("bench startup: no /dev/fb0 here: drawing on the stand-in \(library)")
      }
      self.environment = environment
      // A copy of this program, so the daemon maps its executable alone, as in the car:
      // pages this benchmark's own process maps too would stay shared, and resident.
      daemon = folder.appendingPathComponent("headunit")
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: Self.executable), to: daemon)
      try writeConfiguration(map: nil)
      try setExternalPower(true)
    }

    /// The daemon's configuration, on `map` (an absolute path) or the embedded map.
    func writeConfiguration(map: String?) throws {
      let mapLine = map.map { "\"map\": \"\($0)\"," } ?? ""
      let json = """
        {
          \(mapLine)
          "logLevel": "notice",
          "stateDirectory": "\(folder.path)/state",
          "gpsd": { "port": \(gpsd.port) },
          "audio": { "device": "null" },
          "board": { "powerSupplyPath": "\(folder.path)/power" },
          "lifecycle": { "gracePeriodSeconds": 1, "parkedScreenSeconds": 0.5 },
          "bridge": { "socket": "\(folder.path)/bridge.sock" }
        }
        """
      try Data(json.utf8).write(to: config)
    }

    func remove() {
      gpsd.kill()
      try? FileManager.default.removeItem(at: folder)
    }

    func setExternalPower(_ present: Bool) throws {
      try Data((present ? "1\n" : "0\n").utf8).write(
        to: folder.appendingPathComponent("power/AC/online"))
    }

    /// A trip along helsinki-1 saved just now, for the next daemon to resume.
    func seedTrip() throws {
      var snapshot = try SaveBenchmark.firstSnapshot()
      snapshot.savedAt = Date()
      try TripStore(directory: folder.appendingPathComponent("state")).save(snapshot)
    }

    /// Starts `headunit run`; returns it and the seconds until it was ready.
    func start(trip: Bool) throws -> (Process, Double) {
      if !trip { try? TripStore(directory: folder.appendingPathComponent("state")).clear() }
      try setExternalPower(true)
      let process = Process()
      process.executableURL = daemon
      process.arguments = ["run", "--config", config.path]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.standardOutput = FileHandle.nullDevice
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.standardError = try FileHandle(forWritingTo: log)
      listener.drain()
      let started = ContinuousClock.now
      try process.run()
      guard listener.wait(for: "READY=1", timeout: .seconds(30)) else {
        process.terminate()
        throw SystemError("headunit run did not report ready within 30 s", ETIMEDOUT)
      }
      return (process, started.duration(to: .now).seconds)
    }

    /// Sends SIGTERM and waits for the exit; returns the seconds it took.
    @discardableResult
    func stop(_ process: Process) -> Double {
      let asked = ContinuousClock.now
      process.terminate()
      process.waitUntilExit()
      return asked.duration(to: .now).seconds
    }

    /// This program, to start as the daemon.
    static var executable: String {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    }
  }
}
