import Board
import CTimex
import Foundation
import HeadUnit
import Rigs

extension DoctorChecks {
  /// gpsd: reachable, a receiver listed, and a fix within `wait`.
  static func gpsd(_ config: DaemonConfiguration, wait: Duration) -> DoctorResult {
    guard config.gpsd.enabled else {
      return .warning("gpsd", "position is off (gpsd.enabled false)", "")
    }
    let seconds = Int(wait.seconds.rounded())
    let survey = GPSDSurvey.take(
      host: config.gpsd.host, port: config.gpsd.port, for: wait, untilFix: true)
    switch survey.finding {
    case .unreachable(let reason):
      return .failure(
        "gpsd", reason,
        "start it (systemctl enable --now gpsd.socket; sudo Deploy/install --gps DEVICE sets it "
          + "up), or set gpsd.host and gpsd.port")
    case .noReceiver, .silent:
      return .failure(
        "gpsd", "gpsd runs but lists no receiver after \(seconds) s",
        "plug the receiver in and name it in /etc/default/gpsd: sudo Deploy/install --gps "
          + "DEVICE (ls /dev/serial/by-id lists USB ones)")
    case .receivers(let paths, let seen, let used):
      let receivers = paths.joined(separator: ", ")
      guard let fix = survey.fix else {
        return .warning(
          "gpsd",
          "\(receivers): no fix in \(seconds) s, \(seen ?? 0) satellites in view, "
            + "\(used ?? 0) used",
          "give the antenna a view of the sky; a cold start can take minutes")
      }
      let satellites = (used ?? 0) > 0 ? ", \(used ?? 0) satellites used" : ""
      return .ok("gpsd", "\(receivers): \(fix == .threeD ? "3D" : "2D") fix\(satellites)")
    }
  }

  /// The system clock: synchronised or not (the kernel's view), and where the time comes
  /// from (chrony's reference: the GPS, a network server, none) when chrony runs.
  static func clock(_ config: DaemonConfiguration) -> DoctorResult {
    var state = timex()
    let synchronised = adjtimex(&state) != TIME_ERROR && state.status & STA_UNSYNC == 0
    let source = tool("chronyc", ["-n", "-c", "tracking"]).flatMap { run in
      run.status == 0 ? ClockSource(tracking: run.output) : nil
    }
    let zone =
      config.timeZone.map { "time zone \($0) (configured)" }
      ?? "time zone \(TimeZone.current.identifier) (the system's)"
    let unset = "arrival times follow an unset clock"
    let setUp =
      "let chrony take the time from gpsd (sudo Deploy/install --gps DEVICE; README, "
      + "\"GPS receiver and clock\"), or connect a network"
    switch (synchronised, source) {
    case (true, nil):
      return .ok("clock", "synchronised; \(zone)")
    case (false, nil):
      return .warning("clock", "not synchronised; \(zone): \(unset)", setUp)
    case (true, .none?):
      return .ok("clock", "synchronised, not by chrony (its time source: none); \(zone)")
    case (false, .none?):
      return .warning(
        "clock", "time source \(ClockSource.none.words); \(zone): \(unset)",
        "chronyc sources says what chrony hears: GPS needs gpsd with a fix; " + setUp)
    case (true, let source?):
      return .ok("clock", "synchronised, time \(source.words); \(zone)")
    case (false, let source?):
      return .warning(
        "clock",
        "time \(source.words), but the kernel does not mark the clock synchronised yet; \(zone)",
        "chrony marks it once it has set the clock; chronyc tracking shows chrony's view")
    }
  }

  /// Whether systemd runs this machine (its own test, `sd_booted`): a bench computer or a
  /// container has no service or journal of the unit to look at.
  static var systemdRuns: Bool { FileManager.default.fileExists(atPath: "/run/systemd/system") }

  /// The systemd service: installed, enabled and running.
  static func service(_ name: String) -> DoctorResult {
    guard systemdRuns, let enabled = tool("systemctl", ["is-enabled", name])
    else {
      return .warning("service", "systemd does not run this machine: \(name) not checked", "")
    }
    let state = enabled.output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard enabled.status == 0 else {
      let installed = !state.isEmpty && !state.contains("No such file") && state != "not-found"
      return .failure(
        "service", "\(name) is \(installed ? state : "not installed")",
        "install it with Deploy/install, then systemctl enable --now \(name)")
    }
    let active =
      tool("systemctl", ["is-active", name])?.output
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    guard active == "active" else {
      return .warning(
        "service", "\(name) is enabled but \(active)", "journalctl -u \(name) says why")
    }
    return .ok("service", "\(name) is enabled and running")
  }

  /// The journal's last crash or watchdog restart of the service, if any.
  static func journal(_ name: String) -> DoctorResult {
    guard systemdRuns,
      let run = tool("journalctl", ["-u", name, "-n", "500", "--no-pager", "-o", "short-iso"]),
      run.status == 0
    else {
      return .warning("journal", "no journal to read here", "")
    }
    let marks = ["watchdog", "dumped core", "code=killed", "code=dumped", "Failed with result"]
    let last = run.output.split(separator: "\n").last { line in
      marks.contains { line.contains($0) }
    }
    guard let last else {
      return .ok("journal", "no crash or watchdog restart of \(name) in the journal")
    }
    return .warning(
      "journal", "last trouble: \(last.prefix(160))", "journalctl -u \(name) -b shows the run")
  }

  /// Runs `name` (looked up on `PATH`) with `arguments`; its status and its output and
  /// errors together. nil when there is no such program. Blocks until it exits.
  static func tool(_ name: String, _ arguments: [String]) -> (status: Int32, output: String)? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.bytesToEnd()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
