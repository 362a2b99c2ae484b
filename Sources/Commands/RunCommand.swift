import Board
import CMalloc
import Core
import Foundation
import HeadUnit

/// `headunit run [--config FILE] [--window [--size WxH]] [--drive NAME|FILE [--speed N]]`:
/// the car daemon, from power-on to power-off; on a desktop, in a window.
///
/// Exit status 0 after SIGTERM or SIGINT (or the window closed; state saved), 1 when there
/// is no framebuffer or window to show anything on, or no gpsd for `--drive`, 2 when the
/// configuration or the command line is wrong.
enum RunCommand {
  static let help = """
    usage: headunit run [--config FILE] [--window [--size WxH]] [--drive NAME|FILE [--speed N]]

    The car daemon: position from gpsd, the knob, buttons and ignition on GPIO, prompts on
    ALSA, the screen on the framebuffer. Runs until SIGTERM or SIGINT (state saved, screen
    blanked); SIGHUP reloads FILE. Under systemd it reports readiness once the first frame
    is on screen and pings the watchdog (Deploy/headunit.service).
      --config FILE   the configuration (default \(DaemonConfiguration.defaultPath); when
                      that file does not exist, every setting has its default —
                      `headunit config defaults` prints them)
      --window        show the screen in a desktop window instead of the framebuffer (SDL;
                      needs DISPLAY or WAYLAND_DISPLAY). Keys: arrows turn the knob, Enter
                      or Space presses it, Backspace or Esc is back, Home is home, M mute,
                      I ignition on/off, L headlights, + and - zoom; the mouse taps and
                      drags, its wheel turns the knob. Without a configuration file, state
                      goes to ~/.local/state/headunit and the bridge socket to
                      $XDG_RUNTIME_DIR/headunit/bridge.sock
      --size WxH      the window's size (default 800x480)
      --drive NAME    feed a recorded drive through a gpsd of its own: an embedded drive
                      (an unknown name lists them) or a track file (NMEA, gpsd
                      JSON, GPX), stamped with the time it is sent
      --speed N       feed the drive N times faster than recorded (0.1–100, default 1)
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    let started = ContinuousClock.now
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["config", "size", "drive", "speed"], flags: ["help", "window"],
        help: help, console: console)
    else { return .success }
    try args.noPositional("run")
    if args.value("size") != nil, !args.flag("window") {
      throw UsageError("run: --size needs --window")
    }
    let size = try SnapshotCommand.size(args)
    let drive = try drive(args)
    let speed = try speed(args)
    let path = args.value("config") ?? DaemonConfiguration.defaultPath
    var configuration: DaemonConfiguration
    let source: String?
    do throws(ConfigurationError) {
      if args.value("config") == nil, !FileManager.default.fileExists(atPath: path) {
        configuration = DaemonConfiguration()
        if args.flag("window") { desktopPaths(&configuration) }
        source = nil
      } else {
        configuration = try DaemonConfiguration(contentsOf: path)
        source = path
      }
    } catch {
      console.err("headunit: \(error.message)")
      return .usage
    }
    // Keeps the daemon's resident memory small on a Pi: one malloc arena instead of one
    // per allocating thread (each holding on to its freed memory), and large buffers
    // (frames, audio) always mapped and unmapped instead of glibc raising its threshold
    // after the first one is freed and keeping them in the heap.
    _ = mallopt(M_ARENA_MAX, 1)
    _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
    let logger = Logger(label: "headunit", level: configuration.logLevel) { console.err($0) }
    logger.notice(
      "starting with \(source ?? "the default configuration (no \(path))")")
    var desktop = Desktop()
    defer { desktop.stop() }
    do throws(BoardError) {
      if let drive {
        (desktop.gpsd, desktop.feed) = try feed(
          drive, speed: speed, configuration: &configuration, logger: logger)
      }
      desktop.window = try window(args, size: size, configuration: configuration)
    } catch {
      logger.error("\(error.message)")
      return .failure
    }
    return HeadUnitCommand.block { [configuration, window = desktop.window] in
      let daemon: HeadUnitDaemon
      do throws(BoardError) {
        daemon = try HeadUnitDaemon.car(
          configuration: configuration, configPath: source, logger: logger,
          notifier: SystemdNotifier(), started: started,
          window: window.map { (display: $0, inputs: $0.inputs) })
      } catch {
        logger.error(
          "\(error.message) — nothing to show without a framebuffer"
            + " (display.framebuffer in the configuration; on a desktop: --window)")
        return .failure
      }
      await daemon.run()
      return .success
    } ?? .failure
  }
}
