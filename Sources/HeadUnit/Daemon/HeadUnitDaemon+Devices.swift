import Audio
import Board
import Core
import Foundation
import Navigation
import Rendering
import Routing
import Templates

/// gpsd, the power supplies, the prompt player and the framebuffer: opened when the core
/// asks, each one that fails logged and left out, released on teardown.
extension HeadUnitDaemon {
  /// gpsd, power, audio and the framebuffer; each one that fails is logged and left out.
  func acquireDevices() {
    guard !devicesHeld else { return }
    devicesHeld = true
    if display == nil {
      display = try? Self.openFramebuffer(configuration.display.framebuffer, logger: logger)
    }
    let inbox = self.inbox
    if configuration.gpsd.enabled {
      let source = GPSDPositionSource(host: configuration.gpsd.host, port: configuration.gpsd.port)
      let events = source.events()
      deviceTasks.append(
        Task {
          for await event in events { inbox.yield(.core(.position(event))) }
        })
    } else {
      logger.notice("gpsd is off in the configuration: no position")
    }
    wakeWatch?.cancel()
    wakeWatch = nil
    deviceTasks.append(watchPower(every: .seconds(2)))
    if configuration.audio.enabled { player = makePlayer() }
  }

  /// Posts external power changes, read from the power supplies every `interval`.
  func watchPower(every interval: Duration) -> Task<Void, Never> {
    let root = configuration.board?.powerSupplyPath ?? "/sys/class/power_supply"
    let logger = self.logger
    let inbox = self.inbox
    let events = SysfsPowerSource(root: root, interval: interval) { error in
      logger.warning("power supplies: \(error.message)")
    }.powerEvents()
    return Task {
      for await event in events {
        if case .externalPower(let present) = event {
          inbox.yield(.core(.externalPower(present)))
        }
      }
    }
  }

  func releaseDevices() {
    guard devicesHeld else { return }
    devicesHeld = false
    for task in deviceTasks { task.cancel() }
    deviceTasks = []
    player?.close()
    player = nil
    display = nil
    renderer = nil
    if !stopped { wakeWatch = watchPower(every: .seconds(10)) }
    logger.info("devices released")
  }

  func makePlayer() -> PromptPlayer? {
    let synthesizer: EspeakSynthesizer
    do {
      synthesizer = try EspeakSynthesizer(
        settings: EspeakSynthesizer.Settings(rate: configuration.audio.speechRate))
    } catch {
      logger.warning("no speech (\(error.message)): prompts on screen only")
      return nil
    }
    let output: ALSAOutput
    do {
      output = try ALSAOutput(device: configuration.audio.device)
    } catch {
      logger.warning("no audio output (\(error.message)): prompts on screen only")
      return nil
    }
    let logger = self.logger
    let device = configuration.audio.device
    let inbox = self.inbox
    return PromptPlayer(
      // The few phrases that repeat within a drive ("then turn left", arrival): 20 s of
      // audio, under 1 MB, where the default two minutes would hold 5 MB for a drive whose
      // prompts are mostly one-off street names.
      synthesizer: CachedSynthesizer(synthesizer, capacity: .seconds(20)), output: output,
      configuration: PromptPlayer.Configuration(
        language: core.phrases.language, earcon: configuration.audio.earcon ? .chime : nil,
        volume: configuration.audio.volume, muted: core.isMuted)
    ) { event in
      switch event {
      case .started:
        inbox.yield(.core(.audio(available: true)))
      case .outputFailed(let error):
        inbox.yield(.core(.audio(available: false)))
        logger.warning("audio device \(device): \(error.message) — prompts on screen only")
      case .duckingFailed(let error):
        logger.warning("ducking: \(error.message)")
      default:
        break
      }
    }
  }

  static func openFramebuffer(_ path: String, logger: Logger) throws(BoardError)
    -> Framebuffer
  {
    let framebuffer = try Framebuffer(path: path) { logger.notice("framebuffer: \($0)") }
    logger.info("framebuffer \(path): \(framebuffer.info)")
    return framebuffer
  }
}
