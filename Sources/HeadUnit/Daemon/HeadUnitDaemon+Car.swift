import Board
import Core
import Foundation
import MapFile
import Navigation
import Rendering
import Routing
import Templates

/// `headunit run`: the daemon on the car's devices and the real clock.
extension HeadUnitDaemon {
  /// The car's daemon for `configuration`: the framebuffer, the configured map (or the
  /// embedded one) with the routing server before it, the saved state when it runs.
  ///
  /// On a desktop, `window` stands for the framebuffer, and its inputs for the knob, the
  /// buttons and the touch screen (the configured GPIO lines and touch device still work);
  /// the window closed stops the unit as SIGTERM does.
  ///
  /// - Throws: `BoardError` when the framebuffer cannot be opened.
  public static func car(
    configuration: DaemonConfiguration, configPath: String?, logger: Logger,
    notifier: SystemdNotifier, started: ContinuousClock.Instant = .now,
    window: (display: any Display, inputs: AsyncStream<DisplayInput>)? = nil
  ) throws(BoardError) -> HeadUnitDaemon {
    let (wakes, inbox) = AsyncStream.makeStream(of: Wake.self)
    let devices = try CarDevices(
      configuration: configuration, logger: logger, post: { inbox.yield(.core($0)) },
      touched: { inbox.yield(.touch($0)) }, screen: window?.display)
    if let inputs = window?.inputs {
      Task {
        for await input in inputs {
          switch input {
          case .input(let event): inbox.yield(.core(.input(event)))
          case .touch(let gesture): inbox.yield(.touch(gesture))
          case .closed: inbox.yield(.terminate("the window was closed"))
          }
        }
      }
    }
    // The configuration checked the language; English is built in.
    guard
      let phrases =
        (try? Phrasebook(language: configuration.language, units: configuration.units))
        ?? (try? Phrasebook(language: "en"))
    else { preconditionFailure("the English phrasebook is built in") }
    var coreConfiguration = coreConfiguration(configuration)
    if let display = devices.display {
      let screen = ScreenSize(width: display.width, height: display.height).drawable
      coreConfiguration.bridge.screen = screen
      coreConfiguration.mapControls = NavigationLayout(size: screen).controlRoom
    }
    let provider: any RouteProvider
    var router: DaemonRouter?
    var layers = FrameComposer.embeddedLayers
    if let map = openMap(configuration, logger: logger) {
      let mapProvider = MapRouteProvider(
        map: map, server: configuration.remoteRouter, logger: logger)
      provider = mapProvider
      router = DaemonRouter(
        service: mapProvider.service, serverName: configuration.routing.server?.name
      ) { inbox.yield(.core($0)) }
      coreConfiguration.session.hasRouter = true
      layers = [RoadLayer(graph: map)]
      logger.info(
        "map \(map.name): \(map.edgeCount) road edges, \(map.streetCount) streets, "
          + "\(map.addressCount) addresses, \(map.placeCount) places")
    } else {
      do {
        provider = try EmbeddedRouteProvider.loadEmbedded()
      } catch {
        logger.error("the embedded places do not load (\(error)); destinations will be empty")
        provider = EmbeddedRouteProvider(routes: [])
      }
    }
    return HeadUnitDaemon(
      configuration: configuration,
      core: HeadUnitCore(provider: provider, phrases: phrases, configuration: coreConfiguration),
      devices: devices, router: router, layers: layers, logger: logger, configPath: configPath,
      notifier: notifier, inbox: (wakes, inbox), started: started)
  }

  /// Runs on `clock` until SIGTERM or SIGINT has stopped the unit cleanly. The car runs on
  /// a `SteadyClock` over the system's wall clock (the default).
  public func run(clock: (any DaemonClock)? = nil) async {
    let clock = clock ?? SteadyClock.reporting(to: logger)
    for problem in configuration.machineProblems { logger.warning("configuration: \(problem)") }
    if let note = configuration.speechRateNote { logger.notice("configuration: \(note)") }
    let (places, trip) = devices.loadState()
    await startLifetimeSources()
    bridgeServer = Self.startBridge(configuration, logger: logger, inbox: inbox)
    set(handle(.core(.start(places: places, trip: trip)), at: clock.now), on: clock)
    startFleet(configuration.fleet, logger: logger, vehicle: core.fleetState)
    for await wake in wakes {
      set(handle(wake, at: clock.now), on: clock)
      if stopped { break }
    }
    devices.store.flush()
    stopFleet()
    bridgeServer?.stop()
    devices.release(stopping: true)
    for task in lifetimeTasks { task.cancel() }
    for task in timers.values { task.cancel() }
    logger.notice("stopped after \(framesDrawn) frames drawn")
  }

  /// Sets and cancels timers on `clock`: each one due posts its wake to the inbox.
  func set(_ changes: [TimerChange<Timer>], on clock: any DaemonClock) {
    for change in changes {
      switch change {
      case .schedule(let timer, let due):
        timers[timer]?.cancel()
        timers[timer] = post(.timer(timer), at: due, on: clock)
      case .cancel(let timer):
        timers.removeValue(forKey: timer)?.cancel()
      }
    }
  }

  /// A task that posts `wake` to the inbox at `due` on `clock`, unless cancelled first.
  func post(_ wake: Wake, at due: Date, on clock: any DaemonClock) -> Task<Void, Never> {
    let inbox = self.inbox
    return Task {
      await clock.sleep(until: due)
      if !Task.isCancelled { inbox.yield(wake) }
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
    core.speedWarning.threshold =
      configuration.display.speedWarning?.threshold(units: configuration.units)
      ?? .standard(for: configuration.units)
    core.speedWarning.chime = configuration.display.speedChime
    core.music = configuration.music.enabled
    core.avoid = configuration.routing.avoid
    return core
  }
}

extension SteadyClock {
  /// The car's clock: jumps back are logged as a notice to `logger`.
  static func reporting(to logger: Logger) -> SteadyClock {
    SteadyClock(jumped: { [logger] jump in
      logger.notice(
        "the system clock went back \(Duration.seconds(clamping: jump.rounded()).secondsText) s;"
          + " the unit's time carries on from where it was")
    })
  }
}
