import Audio
import Board
import Core
import Foundation
import Navigation
import Rendering
import Routing
import Templates

/// What lives for the whole run: the saved state, GPIO, signals, the watchdog, systemd
/// notifications, SIGHUP reloads and the shutdown command.
extension HeadUnitDaemon {
  /// GPIO (kept for the whole run: the ignition line wakes the unit), signals, watchdog.
  func startLifetimeSources() async {
    let inbox = self.inbox
    if let board = configuration.board, !board.lines.isEmpty {
      do throws(BoardError) {
        let source = try GPIOEdgeSource(
          chip: board.chip,
          lines: board.lines.map(\.edgeLine))
        logger.info("GPIO: \(source.chipName) [\(source.chipLabel)], \(board.lines.count) lines")
        let events = source.inputEvents(board)
        let logger = self.logger
        lifetimeTasks.append(
          Task {
            for await event in events { inbox.yield(.core(.input(event))) }
            if let failure = source.failure { logger.error("GPIO: \(failure.message)") }
          })
      } catch {
        logger.error("GPIO: \(error.message) — no knob, buttons or ignition sense")
      }
    } else {
      logger.notice("no GPIO inputs configured: no knob, buttons or ignition sense")
    }
    let signals = await SignalEvents()
    lifetimeTasks.append(
      Task {
        for await signal in signals.events {
          switch signal {
          case .hangUp: inbox.yield(.reload)
          case .terminate: inbox.yield(.terminate("SIGTERM"))
          case .interrupt: inbox.yield(.terminate("SIGINT"))
          }
        }
      })
    if let interval = notifier.watchdogInterval {
      lifetimeTasks.append(
        Task {
          while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            inbox.yield(.watchdog)
          }
        })
    }
  }

  /// SIGHUP: reads the file again; what can change live does, the rest waits for a restart.
  func reload() {
    guard let configPath else {
      logger.notice("SIGHUP: no configuration file to reload")
      return
    }
    tell(.reloading)
    defer { tell(.ready) }
    let fresh: DaemonConfiguration
    do throws(ConfigurationError) {
      fresh = try DaemonConfiguration(contentsOf: configPath)
    } catch {
      logger.error("SIGHUP: keeping the running configuration: \(error.message)")
      return
    }
    logger.level = fresh.logLevel
    theme.setting = fresh.display.theme
    devices.reload(fresh)
    var live = configuration
    live.logLevel = fresh.logLevel
    live.display.theme = fresh.display.theme
    live.audio.volume = fresh.audio.volume
    live.display.frameRate = fresh.display.frameRate
    live.fleet = fresh.fleet
    if fresh.fleet != configuration.fleet {
      startFleet(fresh.fleet, logger: logger, vehicle: core.fleetState)
    }
    configuration = live
    redrawPending = true
    if live != fresh {
      logger.notice("SIGHUP: reloaded; other changes apply after a restart")
    } else {
      logger.notice("SIGHUP: reloaded")
    }
  }

  /// What to tell systemd.
  enum Notification {
    case ready, watchdog, stopping, reloading
    case status(String)
  }

  /// Sends a notification to systemd (nothing when not under systemd); a failure is logged
  /// and otherwise ignored.
  func tell(_ notification: Notification) {
    do throws(SystemdNotifier.Error) {
      switch notification {
      case .ready: try notifier.ready()
      case .watchdog: try notifier.watchdog()
      case .stopping: try notifier.stopping()
      case .reloading: try notifier.reloading()
      case .status(let text): try notifier.status(text)
      }
    } catch {
      logger.warning("systemd notification: \(error)")
    }
  }

  func runShutdownCommand(_ command: [String]) {
    devices.store.flush()
    guard let executable = command.first else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    if !executable.contains("/") {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = command
    } else {
      process.arguments = Array(command.dropFirst())
    }
    do {
      try process.run()
    } catch {
      logger.error("cannot run the shutdown command \(command): \(error.localizedDescription)")
    }
  }
}
