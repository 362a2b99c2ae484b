import Audio
import Board
import Bridge
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
public final class HeadUnitDaemon {
  /// What wakes the loop.
  enum Wake: Sendable {
    case core(HeadUnitCore.Event)
    /// Time to draw a frame that was held back (frame-rate limit) or to animate.
    case frame
    case watchdog
    case reload
    case terminate(String)
  }

  var configuration: DaemonConfiguration
  let configPath: String?
  var logger: Logger
  var core: HeadUnitCore
  let wakes: AsyncStream<Wake>
  let inbox: AsyncStream<Wake>.Continuation
  let notifier: SystemdNotifier
  let writer: StateWriter
  let started: ContinuousClock.Instant
  /// The routing server, then the offline router, for reroutes; nil without a map.
  let router: DaemonRouter?

  /// The wall clock events are stamped with and timers wait on.
  let clock: any DaemonClock
  /// Where frames go; nil while the devices are released.
  var display: (any Display)?
  var renderer: TemplateRenderer?
  var composer: FrameComposer
  var theme: Theme
  var player: PromptPlayer?
  var deviceTasks: [Task<Void, Never>] = []
  /// While torn down: a slow look at the power supplies, so power coming back wakes the unit.
  var wakeWatch: Task<Void, Never>?
  var lifetimeTasks: [Task<Void, Never>] = []
  /// The app bridge's socket; nil when off or when it could not be set up.
  var bridgeServer: BridgeServer?
  /// The kernel time (CLOCK_MONOTONIC) of the oldest knob or button edge not yet on
  /// screen, for the input → frame latency logged at debug level.
  var inputAt: Duration?
  var timers: [HeadUnitCore.Timer: Task<Void, Never>] = [:]
  var devicesHeld = false
  var redrawPending = false
  var frameScheduled = false
  var lastFrame: ContinuousClock.Instant?
  var firstFrameShown = false
  var stopped = false
  /// Fleet reporting, while configured on; see `HeadUnitDaemon+Fleet.swift`.
  var fleet: FleetService?

  /// Opens the framebuffer and loads the saved state; the devices come when the core asks.
  ///
  /// - Throws: `BoardError` when the framebuffer cannot be opened.
  public init(
    configuration: DaemonConfiguration, configPath: String?, logger: Logger,
    notifier: SystemdNotifier, started: ContinuousClock.Instant = .now,
    clock: (any DaemonClock)? = nil
  ) throws(BoardError) {
    self.clock =
      clock
      ?? SteadyClock(jumped: { [logger] jump in
        logger.notice(
          "the system clock went back \(Duration.seconds(clamping: jump.rounded()).secondsText) s;"
            + " the unit's time carries on from where it was")
      })
    self.configuration = configuration
    self.configPath = configPath
    self.logger = logger
    self.notifier = notifier
    self.started = started
    theme = Theme.named(configuration.display.theme) ?? .day
    (wakes, inbox) = AsyncStream.makeStream(of: Wake.self)
    let directory = URL(fileURLWithPath: configuration.stateDirectory, isDirectory: true)
    writer = StateWriter(directory: directory, logger: logger)
    display = try Self.openFramebuffer(configuration.display.framebuffer, logger: logger)

    // The configuration checked the language; English is built in.
    guard
      let phrases =
        (try? Phrasebook(
          language: configuration.language, units: configuration.units))
        ?? (try? Phrasebook(language: "en"))
    else { preconditionFailure("the English phrasebook is built in") }
    var coreConfiguration = Self.coreConfiguration(configuration)
    if let display {
      coreConfiguration.bridge.screen =
        ScreenSize(width: display.width, height: display.height).drawable
    }
    let provider: any RouteProvider
    var layers = FrameComposer.embeddedLayers
    if let map = Self.openMap(configuration, logger: logger) {
      let mapProvider = MapRouteProvider(
        map: map, server: configuration.remoteRouter, logger: logger)
      provider = mapProvider
      let inbox = self.inbox
      router = DaemonRouter(
        service: mapProvider.service, serverName: configuration.routing.server?.name
      ) { inbox.yield(.core($0)) }
      coreConfiguration.session.hasRouter = true
      layers = [RoadLayer(graph: map)]
      logger.info(
        "map \(map.name): \(map.edgeCount) road edges, \(mapProvider.places.count) places")
    } else {
      router = nil
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

  /// Runs until SIGTERM or SIGINT has stopped the unit cleanly.
  public func run() async {
    for problem in configuration.machineProblems { logger.warning("configuration: \(problem)") }
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
  }

  // MARK: - Effects

  func perform(_ event: HeadUnitCore.Event) {
    var queue = [event]
    while !queue.isEmpty {
      let next = queue.removeFirst()
      for effect in core.handle(next, at: clock.now) {
        queue += carryOut(effect)
      }
    }
    fleet?.observe(core.fleetState)
  }

  /// The car's prompt player, state files and router, as the core's effects see them.
  var devices: DeviceSet { DeviceSet(prompts: player, store: writer, router: router) }

  /// Carries out one effect; returns the events that must follow at once.
  func carryOut(_ effect: HeadUnitCore.Effect) -> [HeadUnitCore.Event] {
    if let follow = devices.carryOut(effect) { return follow }
    switch effect {
    case .redraw: redrawPending = true
    case .schedule(let timer, let due): schedule(timer, at: due)
    case .cancel(let timer): timers.removeValue(forKey: timer)?.cancel()
    case .acquireDevices:
      acquireDevices()
      return [.devicesReady]
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
    default: break  // the devices' own, above
    }
    return []
  }

  func schedule(_ timer: HeadUnitCore.Timer, at due: Date) {
    timers[timer]?.cancel()
    let inbox = self.inbox
    let clock = self.clock
    timers[timer] = Task {
      await clock.sleep(until: due)
      if !Task.isCancelled { inbox.yield(.core(.timer(timer))) }
    }
  }

  /// The configured map, or the embedded one; nil (logged) when it cannot be opened.
  static func openMap(_ configuration: DaemonConfiguration, logger: Logger) -> RoadMap? {
    guard let url = configuration.mapPath.map({ URL(fileURLWithPath: $0) }) ?? EmbeddedData.mapURL
    else { return nil }
    do {
      return try RoadMap(contentsOf: url)
    } catch {
      logger.error("\(error) — no offline routing or road map; the embedded routes stand in")
      return nil
    }
  }

  static func coreConfiguration(_ configuration: DaemonConfiguration) -> HeadUnitCore.Configuration
  {
    var core = HeadUnitCore.Configuration()
    core.lifecycle = configuration.lifecycle.machine
    core.saveInterval = configuration.trip.saveInterval
    core.resumeWithin = configuration.trip.resumeWithin
    core.parkedScreen = configuration.lifecycle.parkedScreen
    core.muted = configuration.audio.muted
    core.bridge = configuration.bridgeSettings
    return core
  }
}
