import Board
import CMalloc
import Core
import Foundation
import HeadUnit

/// `headunit run [--config FILE]`: the car daemon, from power-on to power-off.
///
/// Exit status 0 after SIGTERM or SIGINT (state saved), 1 when there is no framebuffer to
/// show anything on, 2 when the configuration is wrong.
enum RunCommand {
  static let help = """
    usage: headunit run [--config FILE]

    The car daemon: position from gpsd, the knob, buttons and ignition on GPIO, prompts on
    ALSA, the screen on the framebuffer. Runs until SIGTERM or SIGINT (state saved, screen
    blanked); SIGHUP reloads FILE. Under systemd it reports readiness once the first frame
    is on screen and pings the watchdog (Deploy/headunit.service).
      --config FILE   the configuration (default \(DaemonConfiguration.defaultPath); when
                      that file does not exist, every setting has its default —
                      `headunit config defaults` prints them)
    """

  static func run(_ words: [String], console: Console) throws -> HeadUnitCommand.Status {
    let started = ContinuousClock.now
    guard
      let args = try Arguments.unlessHelp(
        words, options: ["config"], flags: ["help"], help: help, console: console)
    else { return .success }
    try args.noPositional("run")
    let path = args.value("config") ?? DaemonConfiguration.defaultPath
    let configuration: DaemonConfiguration
    let source: String?
    do throws(ConfigurationError) {
      if args.value("config") == nil, !FileManager.default.fileExists(atPath: path) {
        configuration = DaemonConfiguration()
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
    return HeadUnitCommand.block {
      let daemon: HeadUnitDaemon
      do throws(BoardError) {
        daemon = try HeadUnitDaemon.car(
          configuration: configuration, configPath: source, logger: logger,
          notifier: SystemdNotifier(), started: started)
      } catch {
        logger.error(
          "\(error.message) — nothing to show without a framebuffer"
            + " (display.framebuffer in the configuration)")
        return .failure
      }
      await daemon.run()
      return .success
    } ?? .failure
  }
}
