import Board
import Commands
import Core
import Foundation
import HeadUnit
import Navigation
import Readers
import Rigs

/// `headunit bench drive [--drive NAME] [--rates 5,10] [--speed N] [--map FILE]`: the CPU
/// and memory of `headunit run` navigating a whole embedded drive at its own pace.
///
/// For each frame rate, a real daemon (a copy of this program) with a trip along the
/// drive's route saved a moment ago, so it resumes guidance at its start as after a stop
/// in the car; its own gpsd, fed the drive as NMEA over UDP (`DriveFeed`: each fix at the
/// recording's pace, stamped with the time it is sent); prompts synthesized and written
/// to ALSA's `null` PCM; frames on `/dev/fb0`, or on the framebuffer stand-in
/// (`Sources/Rigs/StandIns/fakefb`) where there is none. The daemon's CPU time comes from `/proc/PID/stat` once a second, its memory
/// from `/proc/PID/status` at the end, the frames it drew from its last line after SIGTERM
/// (`stopped after N frames drawn`), the prompts from its `prompt #N spoken` lines.
enum DriveBenchmark {
  static let help = """
    usage: headunit bench drive [--drive NAME] [--rates 5,10] [--speed N] [--map FILE]

    drive: for each frame rate of --rates (default 5,10), starts `headunit run` with a
    saved trip along the route of embedded drive NAME (default the longest) to resume, its
    own gpsd fed the drive's NMEA over UDP at the recording's pace (--speed N: N times
    faster, default 1, for a quick check), prompts on ALSA's null PCM, frames on /dev/fb0
    or the framebuffer stand-in. Prints the daemon's CPU seconds over the drive (user,
    system), average and peak (busiest second) CPU as a share of one core (goal at 5 fps:
    under 10 %), frames drawn and CPU per frame, RSS and peak RSS, prompts spoken,
    whether it resumed and arrived, and its exit status after SIGTERM. --map FILE: the
    daemon on that map (a country's) instead of the embedded one. Needs gpsd, espeak-ng
    and ALSA; without /dev/fb0, cc for the stand-in.
    """

  /// The share of one core the daemon may use at 5 frames a second.
  static let goal = 0.10

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let drives = EmbeddedData.drives
    guard let drive = args.value("drive") ?? EmbeddedData.longestDrive else {
      throw BoardError(.unavailable, "bench drive: the embedded drives are missing")
    }
    guard drives.contains(drive) else {
      throw UsageError(
        "bench drive: no embedded drive '\(drive)' (one of: \(drives.joined(separator: ", ")))")
    }
    let rates = try frameRates(args.value("rates") ?? "5,10")
    let speed = try args.int("speed", default: 1, range: 1...100)
    let map = try args.value("map").map(mapPath)
    guard FileManager.default.isExecutableFile(atPath: GPSDDaemon.defaultExecutable) else {
      console.err(
        "headunit bench drive: gpsd is not installed (expected \(GPSDDaemon.defaultExecutable);"
          + " apt install gpsd)")
      return .failure
    }
    let trip = try SaveBenchmark.firstSnapshot(forDrive: drive)
    guard let track = EmbeddedData.trackURL(forDrive: drive) else {
      throw BoardError(.unavailable, "bench drive: the embedded drive \(drive) is missing")
    }
    let fixes = try TrackReader.read(contentsOf: track).fixes
    let length = (fixes.last?.time ?? .now).timeIntervalSince(fixes.first?.time ?? .now) + 1
    console.out(
      String(
        format: "bench drive: %@, %d fixes over %.0f s, fed to gpsd over UDP at %d× real time"
          + " (%.1f s); the daemon resumes the trip to %@ on %@, prompts to ALSA's null PCM",
        drive, fixes.count, length, speed, length / Double(speed), trip.place.name,
        map ?? "the embedded map"))

    var measured: [DriveMeasurement] = []
    for rate in rates {
      let measurement = try measure(
        frameRate: rate, map: map, trip: trip, fixes: fixes, seconds: length, speed: speed,
        console: console, first: measured.isEmpty)
      console.out(measurement.lines.joined(separator: "\n"))
      measured.append(measurement)
    }
    if let five = measured.first(where: { $0.frameRate == 5 }) {
      console.out(
        String(
          format: "  goal at 5 fps, under %.0f %% of one core on average: %@ (%.2f %%)",
          goal * 100, five.average < goal ? "met" : "NOT met", five.average * 100))
    }
    return measured.allSatisfy(\.succeeded) ? .success : .failure
  }

  /// The frame rates of `--rates`: whole numbers 1–30 (as `display.frameRate`), comma
  /// separated, each once, in the order given.
  static func frameRates(_ text: String) throws(UsageError) -> [Int] {
    var rates: [Int] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let rate = Int(word.trimmingCharacters(in: .whitespaces)), (1...30).contains(rate)
      else {
        throw UsageError(
          "bench drive: --rates takes frame rates 1–30 separated by commas (e.g. 5,10), not '\(text)'"
        )
      }
      if !rates.contains(rate) { rates.append(rate) }
    }
    return rates
  }

  /// The absolute path of `--map FILE`, which must be a readable file.
  static func mapPath(_ path: String) throws(UsageError) -> String {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    var directory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: absolute, isDirectory: &directory),
      !directory.boolValue, FileManager.default.isReadableFile(atPath: absolute)
    else {
      throw UsageError(
        "bench drive: no readable map file at \(absolute) (make one with headunit maps import)")
    }
    return absolute
  }

  /// One daemon drawing at `frameRate` through the whole drive.
  static func measure(
    frameRate: Int, map: String?, trip: TripSnapshot, fixes: [Fix], seconds: Double,
    speed: Int, console: Console, first: Bool
  ) throws -> DriveMeasurement {
    let rig = try Rig(frameRate: frameRate, map: map, trip: trip)
    defer { rig.remove() }
    if first { console.out("  frames on \(rig.screen)") }
    let daemon = try rig.start()
    let pid = daemon.processIdentifier
    guard waitForLog(rig, seconds: 5, where: { $0.contains("resuming the trip to") }) else {
      throw BoardError(
        .failed,
        "bench drive: the daemon did not resume the saved trip; its log:\n\(rig.logText)")
    }
    let feed = try DriveFeed(port: rig.gpsd.udpPort, fixes: fixes, speed: Double(speed))
    defer { feed.stop() }
    let window: Window
    do {
      window = try sample(daemon, for: seconds / Double(speed))
    } catch {
      if !daemon.isRunning { daemon.waitUntilExit() }
      let exit = daemon.isRunning ? "" : " (\(Self.describeExit(daemon)))"
      let tail = rig.logText.split(separator: "\n").suffix(30).joined(separator: "\n")
      throw BoardError(.failed, "bench drive: \(error)\(exit); the end of its log:\n\(tail)")
    }
    // The drives end standing at the destination; a daemon that has not said so yet gets
    // a few more seconds.
    _ = waitForLog(rig, seconds: 5, where: arrived)
    let memory = StartupBenchmark.memory(of: pid)
    let (status, took) = rig.stop()
    let log = rig.logText.split(separator: "\n")
    for line in log where line.contains("prompts on screen only") {
      console.err("headunit bench drive: the daemon says: \(line)")
    }
    let frames = log.last { $0.contains(": stopped after ") }.flatMap { line in
      Int(line.split(separator: " ").reversed().dropFirst(2).first ?? "")
    }
    return DriveMeasurement(
      frameRate: frameRate, seconds: window.seconds, cpu: window.last.since(window.first),
      start: window.first, perSecond: window.perSecond, frames: frames,
      prompts: log.filter { $0.contains(": prompt #") && $0.hasSuffix(" spoken") }.count,
      resumed: true, arrived: log.contains { arrived(String($0)) }, rss: memory.rss,
      peakRSS: memory.peak, exitStatus: status, stopSeconds: took)
  }

  /// How a process that has exited ended: its status, or the signal that killed it.
  static func describeExit(_ process: Process) -> String {
    switch process.terminationReason {
    case .exit: "exit status \(process.terminationStatus)"
    case .uncaughtSignal: "killed by signal \(process.terminationStatus)"
    @unknown default: "status \(process.terminationStatus)"
    }
  }

  /// Whether a daemon log line says it arrived.
  static func arrived(_ line: String) -> Bool { line.hasSuffix(": arrived") }

  /// Whether a line of `rig`'s log satisfies `matches` within `seconds`.
  static func waitForLog(_ rig: Rig, seconds: Double, where matches: (String) -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      if rig.logText.split(separator: "\n").contains(where: { matches(String($0)) }) {
        return true
      }
      guard ContinuousClock.now < deadline else { return false }
      usleep(50_000)
    }
  }
}
