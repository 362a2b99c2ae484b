import Board
import Core
import Desktop
import Foundation
import HeadUnit
import Navigation
import Readers
import Rigs
import Templates

/// `run --window` and `run --drive`: the daemon on a desktop, and a recorded drive fed to
/// it through a gpsd of its own.
extension RunCommand {
  /// What runs beside the daemon for `--window` and `--drive`, stopped when it stops.
  struct Desktop {
    var window: WindowDisplay?
    var gpsd: GPSDDaemon?
    var feed: DriveFeed?

    func stop() {
      feed?.stop()
      gpsd?.kill()
      window?.close()
    }
  }

  /// Where a desktop run keeps its state and serves the bridge when no configuration file
  /// says: the user's own directories instead of the car's system ones.
  static func desktopPaths(_ configuration: inout DaemonConfiguration) {
    let environment = ProcessInfo.processInfo.environment
    let home = environment["HOME"] ?? NSTemporaryDirectory()
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? home + "/.local/state"
    configuration.stateDirectory = state + "/headunit"
    let runtime =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? NSTemporaryDirectory() + "headunit-\(getuid())"
    configuration.bridge.socket = runtime + "/headunit/bridge.sock"
  }

  /// The window for `--window` (`--size`, default 800x480), or nil without the flag.
  static func window(_ args: Arguments, size: ScreenSize, configuration: DaemonConfiguration)
    throws(BoardError) -> WindowDisplay?
  {
    guard args.flag("window") else { return nil }
    return try WindowDisplay(
      width: size.width, height: size.height, title: "headunit",
      longPress: configuration.board?.longPress ?? .milliseconds(700))
  }

  /// The drive `--drive` names: an embedded drive's name or a track file (NMEA, gpsd JSON,
  /// GPX); nil without the option.
  static func drive(_ args: Arguments) throws(UsageError) -> (name: String, fixes: [Fix])? {
    guard let name = args.value("drive") else { return nil }
    let url: URL
    if let embedded = EmbeddedData.trackURL(forDrive: name), EmbeddedData.drives.contains(name) {
      url = embedded
    } else if FileManager.default.fileExists(atPath: name) {
      url = URL(fileURLWithPath: name)
    } else {
      throw UsageError(
        "run: --drive \(name): no such track file, nor an embedded drive"
          + " (\(EmbeddedData.drives.joined(separator: ", ")))")
    }
    let fixes: [Fix]
    do throws(NavigationError) {
      fixes = try TrackReader.read(contentsOf: url).fixes
    } catch {
      throw UsageError("run: --drive \(name): \(error)")
    }
    guard fixes.contains(where: { $0.coordinate != nil }) else {
      throw UsageError("run: --drive \(name): the track has no position in it")
    }
    return (name, fixes)
  }

  /// `--speed`: how many times faster than recorded the drive is fed (0.1–100, default 1).
  static func speed(_ args: Arguments) throws(UsageError) -> Double {
    guard let text = args.value("speed") else { return 1 }
    guard args.value("drive") != nil else { throw UsageError("run: --speed needs --drive") }
    guard let value = Double(text), value.isFinite, (0.1...100).contains(value) else {
      throw UsageError("run: --speed must be a number from 0.1 to 100, not '\(text)'")
    }
    return value
  }

  /// Starts a gpsd of its own for `drive` and feeds it; the configuration then reads that
  /// gpsd.
  static func feed(
    _ drive: (name: String, fixes: [Fix]), speed: Double,
    configuration: inout DaemonConfiguration, logger: Logger
  ) throws(BoardError) -> (GPSDDaemon, DriveFeed) {
    let gpsd = try GPSDDaemon.start()
    configuration.gpsd.enabled = true
    configuration.gpsd.host = "127.0.0.1"
    configuration.gpsd.port = gpsd.port
    let seconds = (drive.fixes.last?.time ?? .now).timeIntervalSince(
      drive.fixes.first?.time ?? .now)
    logger.notice(
      "drive \(drive.name): \(drive.fixes.count) fixes over \(Int(seconds)) s, fed at "
        + "\(speed)× to a gpsd of its own on port \(gpsd.port)")
    let name = drive.name
    let feed = try DriveFeed(port: gpsd.udpPort, fixes: drive.fixes, speed: speed) {
      logger.notice("drive \(name): the last fix was sent")
    }
    return (gpsd, feed)
  }
}
