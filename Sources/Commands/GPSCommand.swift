import Board
import Core
import Foundation
import HeadUnit
import JSON
import Navigation
import Readers
import Synchronization

/// `headunit gps`: the bench fix monitor, live from gpsd or replaying a track file.
public enum GPSCommand {
  static let help = """
    usage: headunit gps [--host H] [--port P] [--once [--timeout S]]
           headunit gps --file TRACK [--speed N] [--once [--timeout S]]

    Prints a line per position report — UTC time, mode, position, altitude, speed, heading,
    satellites used, HDOP and the age of the fix — and a line per status change. When gpsd
    is not running it says so and keeps retrying (after 1 s, doubling to 10 s). Ctrl-C stops.

      --host H, --port P  where gpsd listens (default 127.0.0.1:2947)
      --once              print the first 3D fix as one JSON object and exit 0; status
                          changes go to standard error
      --timeout S         with --once: give up after S seconds and exit 1
      --file TRACK        replay a recorded track (NMEA, gpsd JSON or GPX) instead of gpsd
      --speed N           replay speed: 1 real time (default), N times faster, 0 no pauses
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["host", "port", "timeout", "file", "speed"], flags: ["once", "help"],
        help: help, console: console)
    else { return .success }
    try args.noPositional("gps")
    let once = args.flag("once")
    let timeout = try number(args, "timeout", allowZero: false)
    if timeout != nil && !once { throw UsageError("gps: --timeout needs --once") }

    let source: any PositionSource
    var gpsd: (host: String, port: Int)?
    if let file = args.value("file") {
      if args.value("host") != nil || args.value("port") != nil {
        throw UsageError("gps: --host and --port are for gpsd; --file replays a track")
      }
      let speed = try number(args, "speed", allowZero: true) ?? 1
      let track = try TrackReader.read(contentsOf: URL(fileURLWithPath: file))
      source = FilePositionSource(track: track, speed: speed)
    } else {
      if args.value("speed") != nil { throw UsageError("gps: --speed needs --file") }
      let host = args.value("host") ?? "127.0.0.1"
      guard !host.isEmpty else { throw UsageError("gps: --host needs a host name or address") }
      let port = try args.int("port", default: 2947, range: 1...65_535)
      source = GPSDPositionSource(host: host, port: port)
      gpsd = (host, port)
    }

    if once {
      let status = HeadUnitCommand.block(timeout: timeout) {
        await firstFix(source, console: console)
      }
      guard let status else {
        let waited = "no 3D fix within \(String(format: "%g", timeout ?? 0)) s"
        guard let gpsd else {
          console.err("headunit gps: \(waited)")
          return .failure
        }
        let survey = GPSDSurvey.take(host: gpsd.host, port: gpsd.port, for: .seconds(2))
        console.err(
          "headunit gps: " + noFix(waited, survey: survey, host: gpsd.host, port: gpsd.port))
        return .failure
      }
      return status
    }
    let printer = FixPrinter(live: gpsd != nil)
    return HeadUnitCommand.block {
      for await event in source.events() { console.out(printer.line(event)) }
      return .success
    } ?? .failure
  }

  /// Why no fix came, from what gpsd says after the wait: not running, no receiver, or a
  /// receiver and the satellites it sees. `waited` says how long the wait was.
  static func noFix(_ waited: String, survey: GPSDSurvey, host: String, port: Int) -> String {
    switch survey.finding {
    case .unreachable(let reason):
      return "\(waited): \(reason)"
    case .noReceiver:
      return "\(waited): gpsd at \(host):\(port) has no receiver (no devices) — is the GPS "
        + "plugged in, and does gpsd know its device (DEVICES in /etc/default/gpsd, or "
        + "USBAUTO for a USB receiver)?"
    case .silent:
      return "\(waited): gpsd at \(host):\(port) answered but listed no device"
    case .receivers(let paths, let seen, let used):
      let sky =
        seen.map { "\($0) satellites seen, \(used ?? 0) used" }
        ?? "no satellites reported"
      return "\(waited) from \(paths.joined(separator: ", ")) (gpsd at \(host):\(port)): "
        + "\(sky) — does the antenna see the sky?"
    }
  }

  /// The value of `--name` as a number above 0 (or of 0 or more, with `allowZero`).
  private static func number(_ args: Arguments, _ name: String, allowZero: Bool)
    throws(UsageError) -> Double?
  {
    guard let text = args.value(name) else { return nil }
    guard let value = Double(text), value.isFinite, allowZero ? value >= 0 : value > 0 else {
      throw UsageError(
        "gps: --\(name) must be a number \(allowZero ? "of 0 or more" : "above 0"), not '\(text)'")
    }
    return value
  }

  /// Waits for the first 3D fix and prints it as JSON; statuses go to standard error.
  private static func firstFix(_ source: any PositionSource, console: Console) async
    -> HeadUnitCommand.Status
  {
    for await event in source.events() {
      switch event {
      case .fix(let fix) where fix.mode == .threeD && fix.hasPosition:
        console.out(FixPrinter.json(fix))
        return .success
      case .fix:
        continue
      case .status(let status):
        console.err("headunit gps: \(FixPrinter.describe(status))")
      }
    }
    // The stream also ends when `waitFor` cancels this task at the timeout; it reports that.
    if !Task.isCancelled { console.err("headunit gps: the track has no 3D fix") }
    return .failure
  }
}

extension GPSCommand {
  /// Formats position events for the monitor.
  public struct FixPrinter: Sendable {
    /// Live from gpsd: show how old each fix is by the system clock (a replayed fix's
    /// age means nothing).
    let live: Bool

    func line(_ event: PositionEvent) -> String {
      switch event {
      case .status(let status): return "status: \(Self.describe(status))"
      case .fix(let fix): return text(fix)
      }
    }

    public static func describe(_ status: PositionStatus) -> String {
      switch status {
      case .connected: return "connected"
      case .noFix: return "no fix"
      case .stale: return "stale — no report for 2 s"
      case .disconnected(let reason): return "disconnected — \(reason) (retrying)"
      case .finished: return "finished — end of the track"
      }
    }

    func text(_ fix: Fix) -> String {
      func value(_ number: Double?, _ format: String) -> String {
        number.map { String(format: format, $0) } ?? "–"
      }
      var parts = [Self.clockTime(fix.time)]
      switch fix.mode {
      case .noFix: parts.append("no fix")
      case .twoD: parts.append("2D")
      case .threeD: parts.append("3D")
      }
      if let place = fix.coordinate {
        parts.append(String(format: "%.6f, %.6f", place.latitude, place.longitude))
        parts.append("alt " + value(fix.altitude, "%.1f m"))
        parts.append(value(fix.speed.map { $0 * 3.6 }, "%.1f km/h"))
        parts.append("hdg " + value(fix.course, "%.0f°"))
      }
      parts.append("sats " + (fix.satellites.map(String.init) ?? "–"))
      parts.append("hdop " + value(fix.hdop, "%.1f"))
      if live {
        parts.append("age " + String(format: "%.2f s", Date().timeIntervalSince(fix.time)))
      }
      return parts.joined(separator: "  ")
    }

    /// `08:00:05.0Z`.
    static func clockTime(_ date: Date) -> String {
      let seconds = date.timeIntervalSince1970
      let day = seconds - (seconds / 86_400).rounded(.down) * 86_400
      let tenths = Int((day * 10).rounded(.down))
      return String(
        format: "%02d:%02d:%02d.%dZ", tenths / 36_000, tenths / 600 % 60, tenths / 10 % 60,
        tenths % 10)
    }

    /// `{"time":…,"lat":…,"lon":…,"alt":…,"speed":…,"track":…,"mode":3,"hdop":…,
    /// "satellites":…}`, null for what the receiver did not report; numbers with all their
    /// digits.
    static func json(_ fix: Fix) -> String {
      func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
      let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(fix.time)
      return JSONValue.object([
        ("time", .string(time)),
        ("lat", number(fix.coordinate?.latitude)),
        ("lon", number(fix.coordinate?.longitude)),
        ("alt", number(fix.altitude)),
        ("speed", number(fix.speed)),
        ("track", number(fix.course)),
        ("mode", .number(Double(fix.mode.rawValue))),
        ("hdop", number(fix.hdop)),
        ("satellites", number(fix.satellites.map(Double.init))),
      ]).serialized
    }
  }
}
