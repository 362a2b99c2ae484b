import Audio
import Board
import Core
import Foundation
import Navigation
import Rendering
import Routing
import Templates

/// `headunit run`: the car daemon. Owns a `HeadUnitCore` and carries out its effects on the
/// real devices — gpsd, the GPIO knob, buttons and ignition line, the power supplies, the
/// prompt player on ALSA and the framebuffer.
///
/// One owner: every source (gpsd, GPIO, power, timers, signals, the watchdog) only posts
/// to the inbox, and `run()` takes one wake at a time, hands it to the core and carries out
/// the effects before the next. Each device degrades on its own: no gpsd shows "Locating",
/// no sound card leaves prompts on screen only, no GPIO leaves the unit without a knob —
/// each logged once. Only a missing framebuffer stops the start (there is nothing to show).
/// File writes go to `StateWriter`'s queue; the loop never waits on the disk except to
/// flush on the way out.
final class HeadUnitDaemon {
  /// What wakes the loop.
  enum Wake: Sendable {
    case core(HeadUnitCore.Event)
    /// Time to draw a frame that was held back (frame-rate limit) or to animate.
    case frame
    case watchdog
    case reload
    case terminate(String)
  }

  private var configuration: DaemonConfiguration
  private let configPath: String?
  private var logger: Logger
  private var core: HeadUnitCore
  private let wakes: AsyncStream<Wake>
  private let inbox: AsyncStream<Wake>.Continuation
  private let notifier: SystemdNotifier
  private let writer: StateWriter
  private let started: ContinuousClock.Instant
  /// The routing server, then the offline router, for reroutes; nil without a map.
  private let routingService: RoutingService?
  /// Where routes are computed, off the event loop.
  private let routing = DispatchQueue(label: "headunit.routing", qos: .userInitiated)

  private var framebuffer: Framebuffer?
  private var renderer: TemplateRenderer?
  private var composer: FrameComposer
  private var theme: Theme
  private var player: PromptPlayer?
  private var deviceTasks: [Task<Void, Never>] = []
  /// While torn down: a slow look at the power supplies, so power coming back wakes the unit.
  private var wakeWatch: Task<Void, Never>?
  private var lifetimeTasks: [Task<Void, Never>] = []
  /// The app bridge's socket; nil when off or when it could not be set up.
  private var bridgeServer: BridgeServer?
  /// The kernel time (CLOCK_MONOTONIC) of the oldest knob or button edge not yet on
  /// screen, for the input → frame latency logged at debug level.
  private var inputAt: Duration?
  private var timers: [HeadUnitCore.Timer: Task<Void, Never>] = [:]
  private var devicesHeld = false
  private var redrawPending = false
  private var frameScheduled = false
  private var lastFrame: ContinuousClock.Instant?
  private var firstFrameShown = false
  private var stopped = false
  /// Fleet reporting, while configured on; see `HeadUnitDaemon+Fleet.swift`.
  var fleet: FleetService?

  /// Opens the framebuffer and loads the saved state; the devices come when the core asks.
  ///
  /// - Throws: `BoardError` when the framebuffer cannot be opened.
  init(
    configuration: DaemonConfiguration, configPath: String?, logger: Logger,
    notifier: SystemdNotifier, started: ContinuousClock.Instant = .now
  ) throws(BoardError) {
    self.configuration = configuration
    self.configPath = configPath
    self.logger = logger
    self.notifier = notifier
    self.started = started
    theme = Theme.named(configuration.theme) ?? .day
    (wakes, inbox) = AsyncStream.makeStream(of: Wake.self)
    let directory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
    writer = StateWriter(directory: directory, logger: logger)
    framebuffer = try Self.openFramebuffer(configuration.framebuffer, logger: logger)

    // The configuration checked the language; English is built in.
    guard
      let phrases =
        (try? Phrasebook(
          language: configuration.language, units: configuration.units))
        ?? (try? Phrasebook(language: "en"))
    else { preconditionFailure("the English phrasebook is built in") }
    var coreConfiguration = Self.coreConfiguration(configuration)
    if let framebuffer {
      coreConfiguration.bridge.screen = ScreenSize(
        width: framebuffer.info.width, height: framebuffer.info.height)
    }
    let provider: any RouteProvider
    var layers = ScreenReplay.baseLayers
    if let map = Self.openMap(configuration, logger: logger) {
      let mapProvider = MapRouteProvider(
        map: map, server: configuration.remoteRouter, logger: logger)
      provider = mapProvider
      routingService = mapProvider.service
      coreConfiguration.session.hasRouter = true
      layers = [RoadLayer(graph: map)]
      logger.info(
        "map \(map.name): \(map.edgeCount) road edges, \(mapProvider.places.count) places")
    } else {
      routingService = nil
      do {
        provider = try EmbeddedRouteProvider.loadEmbedded()
      } catch {
        logger.error("the embedded places do not load (\(error)); destinations will be empty")
        provider = EmbeddedRouteProvider(routes: [])
      }
    }
    core = HeadUnitCore(provider: provider, phrases: phrases, configuration: coreConfiguration)
    composer = FrameComposer(layers: layers)
  }

  /// Runs until SIGTERM or SIGINT; returns the exit status.
  func run() async -> HeadUnitCommand.Status {
    let (places, trip) = loadState()
    await startLifetimeSources()
    bridgeServer = Self.startBridge(configuration, logger: logger, inbox: inbox)
    perform(.start(places: places, trip: trip))
    startFleet(configuration.fleet, logger: logger, vehicle: core.fleetState)
    drawIfDue()
    for await wake in wakes {
      switch wake {
      case .core(let event):
        if case .input(let input) = event, inputAt == nil { inputAt = input.kernelTime }
        perform(event)
        if !redrawPending { inputAt = nil }  // the input changed nothing on screen
        if case .bridge(.line(let client, _)) = event { bridgeServer?.acknowledge(client) }
      case .frame:
        frameScheduled = false
        if core.isAnimating { redrawPending = true }
      case .watchdog: tell(.watchdog)
      case .reload: reload()
      case .terminate(let name):
        logger.notice("\(name): stopping")
        tell(.stopping)
        perform(.stop)
      }
      if stopped { break }
      drawIfDue()
    }
    writer.flush()
    fleet?.stop()
    bridgeServer?.stop()
    wakeWatch?.cancel()
    for task in lifetimeTasks { task.cancel() }
    logger.notice("stopped")
    return .success
  }

  // MARK: - Effects

  private func perform(_ event: HeadUnitCore.Event) {
    var queue = [event]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      for effect in core.handle(next, at: Date()) {
        if let follow = carryOut(effect) { queue.append(follow) }
      }
    }
    fleet?.observe(core.fleetState)
  }

  /// Carries out one effect; returns an event that must follow at once.
  private func carryOut(_ effect: HeadUnitCore.Effect) -> HeadUnitCore.Event? {
    switch effect {
    case .redraw: redrawPending = true
    case .schedule(let timer, let due): schedule(timer, at: due)
    case .cancel(let timer): timers.removeValue(forKey: timer)?.cancel()
    case .speak(let announcement): player?.enqueue(announcement)
    case .maneuverChanged(let next): player?.maneuverChanged(next: next)
    case .setMuted(let muted): player?.setMuted(muted)
    case .stopPrompts: player?.setMuted(true)
    case .saveTrip(let snapshot): writer.save(snapshot)
    case .requestRoute(let request): requestRoute(request)
    case .clearTrip: writer.clearTrip()
    case .savePlaces(let lists): writer.save(lists)
    case .acquireDevices:
      acquireDevices()
      return .devicesReady
    case .releaseDevices: releaseDevices()
    case .screen(let screen): show(screen)
    case .runShutdownCommand(let command): runShutdownCommand(command)
    case .stopped: stopped = true
    case .log(let level, let message): logger.log(level, message)
    case .guidance: break  // the core logs what matters of it
    case .bridge(let output):
      switch output {
      case .send(let client, let message): bridgeServer?.send(message, to: client)
      case .close(let client, let reason): bridgeServer?.close(client, reason: reason)
      }
    }
    return nil
  }

  private func schedule(_ timer: HeadUnitCore.Timer, at due: Date) {
    timers[timer]?.cancel()
    let inbox = self.inbox
    timers[timer] = Task {
      let delay = due.timeIntervalSinceNow
      if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
      if !Task.isCancelled { inbox.yield(.core(.timer(timer))) }
    }
  }

  /// Computes `request` on the routing queue (the routing server first, if configured,
  /// then the offline router) and posts the answer to the inbox; the service logs which
  /// router answered.
  private func requestRoute(_ request: RouteRequest) {
    guard let routingService else {
      inbox.yield(.core(.routeFailed("no offline map")))
      return
    }
    let inbox = self.inbox
    let server = configuration.routingServer?.name ?? "The routing server"
    routing.async {
      let answer = routingService.answer(request)
      if case .offline(_?) = answer.source {
        // The log has the whole reason; the driver gets the gist.
        inbox.yield(.core(.routedOffline(detail: "\(server) did not answer")))
      }
      switch answer.event {
      case .routeComputed(let route): inbox.yield(.core(.routeComputed(route)))
      case .routeFailed(let reason): inbox.yield(.core(.routeFailed(reason)))
      default: break
      }
    }
  }

  /// The configured map, or the embedded one; nil (logged) when it cannot be opened.
  private static func openMap(_ configuration: DaemonConfiguration, logger: Logger) -> RoadMap? {
    guard let url = configuration.mapPath.map({ URL(fileURLWithPath: $0) }) ?? EmbeddedData.mapURL
    else { return nil }
    do {
      return try RoadMap(contentsOf: url)
    } catch {
      logger.error("\(error) — no offline routing or road map; the embedded routes stand in")
      return nil
    }
  }

  // MARK: - Devices

  /// gpsd, power, audio and the framebuffer; each one that fails is logged and left out.
  private func acquireDevices() {
    guard !devicesHeld else { return }
    devicesHeld = true
    if framebuffer == nil {
      framebuffer = try? Self.openFramebuffer(configuration.framebuffer, logger: logger)
    }
    let inbox = self.inbox
    if configuration.gpsdEnabled {
      let source = GPSDPositionSource(host: configuration.gpsdHost, port: configuration.gpsdPort)
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
    if configuration.audioEnabled { player = makePlayer() }
  }

  /// Posts external power changes, read from the power supplies every `interval`.
  private func watchPower(every interval: Duration) -> Task<Void, Never> {
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

  private func releaseDevices() {
    guard devicesHeld else { return }
    devicesHeld = false
    for task in deviceTasks { task.cancel() }
    deviceTasks = []
    player?.close()
    player = nil
    framebuffer = nil
    renderer = nil
    if !stopped { wakeWatch = watchPower(every: .seconds(10)) }
    logger.info("devices released")
  }

  private func makePlayer() -> PromptPlayer? {
    let synthesizer: EspeakSynthesizer
    do {
      synthesizer = try EspeakSynthesizer(
        settings: EspeakSynthesizer.Settings(rate: configuration.speechRate))
    } catch {
      logger.warning("no speech (\(error.message)): prompts on screen only")
      return nil
    }
    let output: ALSAOutput
    do {
      output = try ALSAOutput(device: configuration.audioDevice)
    } catch {
      logger.warning("no audio output (\(error.message)): prompts on screen only")
      return nil
    }
    let logger = self.logger
    let device = configuration.audioDevice
    let inbox = self.inbox
    return PromptPlayer(
      // The few phrases that repeat within a drive ("then turn left", arrival): 20 s of
      // audio, under 1 MB, where the default two minutes would hold 5 MB for a drive whose
      // prompts are mostly one-off street names.
      synthesizer: CachedSynthesizer(synthesizer, capacity: .seconds(20)), output: output,
      configuration: PromptPlayer.Configuration(
        language: core.phrases.language, earcon: configuration.earcon ? .chime : nil,
        volume: configuration.volume, muted: core.isMuted)
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

  private static func openFramebuffer(_ path: String, logger: Logger) throws(BoardError)
    -> Framebuffer
  {
    let framebuffer = try Framebuffer(path: path) { logger.notice("framebuffer: \($0)") }
    logger.info("framebuffer \(path): \(framebuffer.info)")
    return framebuffer
  }

  // MARK: - Screen

  private func show(_ screen: HeadUnitCore.Screen) {
    guard let framebuffer else { return }
    do throws(BoardError) {
      switch screen {
      case .live: try framebuffer.unblank()
      case .blank, .off: try framebuffer.blank()
      case .parked: break
      }
    } catch {
      logger.warning("framebuffer: \(error.message)")
    }
  }

  /// Draws when something changed, at most `frameRate` times a second; keeps drawing while
  /// the vehicle glides between fixes. What the driver's knob or button changed is drawn
  /// at once: the cap saves CPU on animation and on changes from elsewhere (a bridge
  /// app's updates), never at the cost of the driver's feedback.
  private func drawIfDue() {
    let urgent = inputAt != nil && redrawPending
    guard redrawPending || core.isAnimating, urgent || !frameScheduled else { return }
    let interval = Duration.seconds(1) / max(configuration.frameRate, 1)
    let now = ContinuousClock.now
    if !urgent, let lastFrame, now < lastFrame + interval || !redrawPending {
      frameScheduled = true
      let inbox = self.inbox
      let due = max(lastFrame + interval, now)
      Task {
        try? await Task.sleep(until: due, clock: .continuous)
        inbox.yield(.frame)
      }
      return
    }
    redrawPending = false
    lastFrame = now
    draw()
  }

  private func draw() {
    guard let framebuffer else { return }
    let size = ScreenSize(width: framebuffer.info.width, height: framebuffer.info.height)
    guard case .scene(let scene) = composer.frame(of: core, at: Date(), size: size, theme: theme)
    else {
      return
    }
    do {
      if renderer?.size != size { renderer = try TemplateRenderer(size: size) }
      guard let renderer else { return }
      _ = renderer.render(scene)
      _ = try renderer.withPixels { pixels, width, height, stride in
        try framebuffer.present(pixels, width: width, height: height, stride: stride)
      }
    } catch {
      logger.error("cannot draw: \(error)")
      return
    }
    if let inputAt {
      self.inputAt = nil
      let latency = InputEvent.monotonicNow() - inputAt
      logger.debug(String(format: "input → frame %.2f ms", latency.seconds * 1e3))
    }
    if !firstFrameShown {
      firstFrameShown = true
      let elapsed = started.duration(to: .now)
      logger.notice(
        "first frame on \(framebuffer.path) after "
          + String(format: "%.0f ms", elapsed.seconds * 1e3))
      tell(.ready)
      tell(.status("running"))
      let released = StartupPages.release()
      logger.debug("handed back \(released >> 10) KB of start-only program pages")
    }
  }

  // MARK: - Lifetime

  private func loadState() -> (PlaceLists, TripSnapshot?) {
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

  /// GPIO (kept for the whole run: the ignition line wakes the unit), signals, watchdog.
  private func startLifetimeSources() async {
    let inbox = self.inbox
    if let board = configuration.board, !board.lines.isEmpty {
      do throws(BoardError) {
        let source = try GPIOEdgeSource(
          chip: board.chip,
          lines: board.lines.map {
            GPIOEdgeSource.Line(
              offset: $0.offset, activeLow: $0.activeLow, bias: $0.pullUp ? .pullUp : .disabled)
          })
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
  private func reload() {
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
    theme = Theme.named(fresh.theme) ?? theme
    player?.setVolume(fresh.volume)
    var live = configuration
    live.logLevel = fresh.logLevel
    live.theme = fresh.theme
    live.volume = fresh.volume
    live.frameRate = fresh.frameRate
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
  private enum Notification {
    case ready, watchdog, stopping, reloading
    case status(String)
  }

  /// Sends a notification to systemd (nothing when not under systemd); a failure is logged
  /// and otherwise ignored.
  private func tell(_ notification: Notification) {
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

  private func runShutdownCommand(_ command: [String]) {
    writer.flush()
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

  static func coreConfiguration(_ configuration: DaemonConfiguration) -> HeadUnitCore.Configuration
  {
    var core = HeadUnitCore.Configuration()
    core.lifecycle = configuration.lifecycle
    core.saveInterval = configuration.saveInterval
    core.resumeWithin = configuration.resumeWithin
    core.parkedScreen = configuration.parkedScreenSeconds
    core.muted = configuration.muted
    core.bridge = configuration.bridgeSettings
    return core
  }
}
