import Audio
import Board
import Core
import Foundation
import Music
import Navigation
import Templates

/// The car's devices: gpsd, the power supplies, the prompt player (espeak-ng into ALSA),
/// the framebuffer, the touch screen over it and the state directory. Sources post their
/// events to the daemon's inbox through `post` (touch gestures through `touched`). Each
/// device that fails is logged and left out; only the framebuffer is needed to start
/// (there is nothing to show without it). On a desktop a window stands for the framebuffer
/// (`screen`), kept open for the whole run.
final class CarDevices: DaemonDevices {
  private(set) var display: (any Display)?
  let writer: StateWriter
  var store: any StateStore { writer }
  let fleetQueue: any FleetQueueStore
  private var configuration: DaemonConfiguration
  private let logger: Logger
  private let post: @Sendable (HeadUnitCore.Event) -> Void
  private let touched: @Sendable (TouchGesture) -> Void
  private var player: PromptPlayer?
  /// The display standing for the framebuffer, when there is one.
  private let screen: (any Display)?
  private var tasks: [Task<Void, Never>] = []
  /// While released: a slow look at the power supplies, so power coming back wakes the unit.
  private var wakeWatch: Task<Void, Never>?
  /// MPD, for the whole run, while the `music` section is on.
  private(set) var music: (any MusicService)?

  /// Opens the framebuffer, unless `screen` stands for it.
  ///
  /// - Throws: `BoardError` when the framebuffer cannot be opened.
  init(
    configuration: DaemonConfiguration, logger: Logger,
    post: @escaping @Sendable (HeadUnitCore.Event) -> Void,
    touched: @escaping @Sendable (TouchGesture) -> Void = { _ in }, screen: (any Display)? = nil
  ) throws(BoardError) {
    self.screen = screen
    self.configuration = configuration
    self.logger = logger
    self.post = post
    self.touched = touched
    let directory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
    writer = StateWriter(directory: directory, logger: logger)
    fleetQueue = FleetQueueFile(directory: directory)
    if let screen {
      display = screen
    } else {
      display = try Self.openFramebuffer(configuration.display.framebuffer, logger: logger)
    }
    music = Self.openMusic(configuration.music, logger: logger, post: post)
  }

  /// MPD as the music source, connecting in the background; nil when off, or when the
  /// process cannot make the player's thread (logged).
  private static func openMusic(
    _ settings: MusicSettings, logger: Logger,
    post: @escaping @Sendable (HeadUnitCore.Event) -> Void
  ) -> (any MusicService)? {
    guard settings.enabled else { return nil }
    do throws(MusicError) {
      let player = try MPDPlayer(
        MPDPlayer.Settings(host: settings.host, port: settings.port, timeout: settings.timeout))
      logger.info("music: MPD at \(settings.host):\(settings.port)")
      return DaemonMusic(player: player, post: post)
    } catch {
      logger.warning("no music: \(error.message)")
      return nil
    }
  }

  /// What prompts lower, as the `music` section says; nil for nothing (logged when the
  /// mixer is not there: prompts play at the music's level).
  private func makeDucker() -> Ducker? {
    let settings = configuration.music
    guard settings.enabled else { return nil }
    let control: any VolumeControl
    switch settings.duck {
    case "mpd":
      control = MPDVolumeControl(
        host: settings.host, port: settings.port, timeout: settings.timeout)
    case "alsa":
      do {
        control = try ALSAMixerControl(card: settings.mixerCard, element: settings.mixerElement)
      } catch {
        logger.warning("ducking: \(error.message)")
        return nil
      }
    default:
      return nil
    }
    return Ducker(control: control, reduction: settings.duckPercent)
  }

  deinit {
    wakeWatch?.cancel()
    for task in tasks { task.cancel() }
  }

  func loadState() -> (PlaceLists, TripSnapshot?) {
    let directory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      logger.error(
        "cannot create the state directory \(directory.path) (\(error.localizedDescription)):"
          + " trips and places will not be kept")
    }
    let (lists, placesWarning) = writer.places.loadRepairing()
    if let placesWarning { logger.warning(placesWarning) }
    let (trip, tripWarning) = writer.trips.load()
    if let tripWarning { logger.warning(tripWarning) }
    return (lists, trip)
  }

  func acquire(language: String, muted: Bool) -> (any PromptSink)? {
    if display == nil {
      display =
        screen ?? (try? Self.openFramebuffer(configuration.display.framebuffer, logger: logger))
    }
    let post = self.post
    if configuration.gpsd.enabled {
      let source = GPSDPositionSource(host: configuration.gpsd.host, port: configuration.gpsd.port)
      let events = source.events()
      tasks.append(
        Task {
          for await event in events { post(.position(event)) }
        })
    } else {
      logger.notice("gpsd is off in the configuration: no position")
    }
    wakeWatch?.cancel()
    wakeWatch = nil
    tasks.append(watchPower(every: .seconds(2)))
    if let display, screen == nil, configuration.display.touch.isEnabled {
      tasks.append(
        TouchWatch.start(
          configuration.display.touch,
          screen: ScreenSize(width: display.width, height: display.height), logger: logger,
          touched: touched))
    }
    if configuration.audio.enabled { player = makePlayer(language: language, muted: muted) }
    return player
  }

  func release(stopping: Bool) {
    for task in tasks { task.cancel() }
    tasks = []
    player?.close()
    player = nil
    display = nil
    if stopping {
      wakeWatch?.cancel()
      wakeWatch = nil
    } else {
      wakeWatch = watchPower(every: .seconds(10))
    }
  }

  func reload(_ configuration: DaemonConfiguration) {
    self.configuration.audio.volume = configuration.audio.volume
    player?.setVolume(configuration.audio.volume)
  }

  /// Posts external power changes, read from the power supplies every `interval`.
  private func watchPower(every interval: Duration) -> Task<Void, Never> {
    let root = configuration.board?.powerSupplyPath ?? "/sys/class/power_supply"
    let logger = self.logger
    let post = self.post
    let events = SysfsPowerSource(root: root, interval: interval) { error in
      logger.warning("power supplies: \(error.message)")
    }.powerEvents()
    return Task {
      for await event in events {
        if case .externalPower(let present) = event { post(.externalPower(present)) }
      }
    }
  }

  private func makePlayer(language: String, muted: Bool) -> PromptPlayer? {
    let synthesizer: EspeakSynthesizer
    do {
      synthesizer = try EspeakSynthesizer(
        settings: EspeakSynthesizer.Settings(rates: configuration.audio.speechRates.byLanguage))
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
    let post = self.post
    return PromptPlayer(
      // The few phrases that repeat within a drive ("then turn left", arrival): 20 s of
      // audio, under 1 MB, where the default two minutes would hold 5 MB for a drive whose
      // prompts are mostly one-off street names.
      synthesizer: CachedSynthesizer(synthesizer, capacity: .seconds(20)), output: output,
      configuration: PromptPlayer.Configuration(
        language: language, earcon: configuration.audio.earcon ? .chime : nil,
        volume: configuration.audio.volume, muted: muted, ducker: makeDucker())
    ) { event in
      switch event {
      case .started:
        post(.audio(available: true))
      case .finished(let prompt):
        logger.info("prompt \(prompt) spoken")
      case .outputFailed(let error):
        post(.audio(available: false))
        let onScreen = " — prompts on screen only"
        logger.warning(
          "audio device \(device): \(error.message)"
            + (error.message.contains(onScreen) ? "" : onScreen))
      case .duckingFailed(let error):
        logger.warning("ducking: \(error.message)")
      default:
        break
      }
    }
  }

  static func openFramebuffer(_ path: String, logger: Logger) throws(BoardError) -> Framebuffer {
    let framebuffer = try Framebuffer(path: path) { logger.notice("framebuffer: \($0)") }
    logger.info("framebuffer \(path): \(framebuffer.info)")
    return framebuffer
  }
}
