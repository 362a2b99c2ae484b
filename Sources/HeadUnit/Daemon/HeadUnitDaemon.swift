import Board
import Bridge
import Core
import Foundation
import Navigation
import Rendering

/// The head unit: owns a `HeadUnitCore` and carries out its effects on a set of devices —
/// the car's (`CarDevices`, in `headunit run`) or a replay's (in `demo`, `replay`,
/// `snapshot` and the benchmarks). Both run this one type.
///
/// It is a state machine itself: `handle(_:at:)` takes one wake (an event for the core, a
/// frame due, the watchdog, a reload, a stop) with its instant, hands it to the core,
/// carries out the effects on the devices, draws when a frame is due, and returns the
/// timers to set. The car's loop (`run(clock:)`) waits on them on the real clock; a replay
/// runs the daemon on `VirtualClock`, so a drive replays in milliseconds through the same
/// code the car runs.
///
/// One owner: every source (gpsd, GPIO, power, timers, signals, the watchdog) only posts
/// to the inbox, and the loop takes one wake at a time. Each device degrades on its own: no
/// gpsd shows "Locating", no sound card leaves prompts on screen only, no GPIO leaves the
/// unit without a knob — each logged once. File writes go to the store's queue; the loop
/// never waits on the disk except to flush on the way out.
public final class HeadUnitDaemon {
  /// What wakes the loop.
  public enum Wake: Sendable {
    case core(HeadUnitCore.Event)
    /// A gesture on the touch screen, in screen pixels: a tap becomes the core's tap on the
    /// element of the frame on screen under it (see `HeadUnitDaemon+Touch.swift`).
    case touch(TouchGesture)
    /// Time to draw a frame that was held back (frame-rate limit) or to animate.
    case frame
    case watchdog
    case reload
    case terminate(String)
  }

  /// The daemon's timers: the core's, and the next frame.
  public enum Timer: Hashable, Sendable {
    case core(HeadUnitCore.Timer)
    case frame
  }

  var configuration: DaemonConfiguration
  let configPath: String?
  var logger: Logger
  /// The core; read it, never change it from outside (it is the daemon's state).
  public private(set) var core: HeadUnitCore
  let wakes: AsyncStream<Wake>
  let inbox: AsyncStream<Wake>.Continuation
  let notifier: SystemdNotifier
  let started: ContinuousClock.Instant
  let devices: any DaemonDevices
  /// The routing server, then the offline router, for reroutes; nil without a map.
  let router: (any RouteService)?
  /// Where prompts go while the devices are held (nil: on screen only), the store and the
  /// router, as the core's effects see them.
  var deviceSet: DeviceSet
  var renderer: TemplateRenderer?
  /// What the last frame drawn showed that a tap can hit, in frame pixels, and where that
  /// frame sits on the display.
  var frameTargets: (targets: [FocusTarget], placement: FramePlacement)?
  var composer: FrameComposer
  var theme: ScreenTheme
  var lifetimeTasks: [Task<Void, Never>] = []
  /// The app bridge's socket; nil when off or when it could not be set up.
  var bridgeServer: BridgeServer?
  /// The kernel time (CLOCK_MONOTONIC) of the oldest knob or button edge not yet on
  /// screen, for the input → frame latency logged at debug level.
  var inputAt: Duration?
  var timers: [Timer: Task<Void, Never>] = [:]
  var devicesHeld = false
  var redrawPending = false
  var frameScheduled = false
  var lastFrame: Date?
  var firstFrameShown = false
  /// Frames presented on the display since the start, logged when the daemon stops.
  var framesDrawn = 0
  var stopped = false
  /// Fleet reporting, while configured on; see `HeadUnitDaemon+Fleet.swift`.
  var fleet: FleetService?
  /// The transport a dispatcher's commands come down and its answers go back, while on.
  var fleetCommands: MQTTTransport?
  /// Sees every effect of the core with its instant just before it is carried out, and the
  /// core as it stands after the event (a replay's timeline and effect log).
  public var watch: ((HeadUnitCore.Effect, Date, () -> HeadUnitCore) -> Void)?

  /// A daemon over `core` on `devices`. `inbox` is where the devices' sources and the
  /// router post (the car's loop reads it); `layers` are the map's base layers.
  public init(
    configuration: DaemonConfiguration, core: HeadUnitCore, devices: any DaemonDevices,
    router: (any RouteService)?, layers: [any MapLayer] = FrameComposer.embeddedLayers,
    logger: Logger, configPath: String? = nil, notifier: SystemdNotifier = SystemdNotifier(),
    inbox: (AsyncStream<Wake>, AsyncStream<Wake>.Continuation) = AsyncStream.makeStream(),
    started: ContinuousClock.Instant = .now
  ) {
    self.configuration = configuration
    self.core = core
    self.devices = devices
    self.router = router
    deviceSet = DeviceSet(
      prompts: nil, store: devices.store, router: router, music: devices.music)
    self.logger = logger
    self.configPath = configPath
    self.notifier = notifier
    (wakes, self.inbox) = inbox
    self.started = started
    theme = ScreenTheme(setting: configuration.display.theme)
    composer = FrameComposer(layers: layers)
    composer.timeZone = configuration.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
  }

  /// Handles one wake at `now`: the core's event and the effects that follow, then a frame
  /// when one is due. Returns the timers to set or cancel, in order.
  public func handle(_ wake: Wake, at now: Date) -> [TimerChange<Timer>] {
    var changes: [TimerChange<Timer>] = []
    switch wake {
    case .core(let event):
      if case .input(let input) = event, inputAt == nil { inputAt = input.kernelTime }
      perform(event, at: now, timers: &changes)
      if !redrawPending { inputAt = nil }  // the input changed nothing on screen
      if case .bridge(.line(let client, _)) = event { bridgeServer?.acknowledge(client) }
    case .touch(let gesture):
      guard let input = input(for: gesture) else { break }
      if inputAt == nil { inputAt = input.kernelTime }
      perform(.input(input), at: now, timers: &changes)
      if !redrawPending { inputAt = nil }
    case .frame:
      frameScheduled = false
      if core.isAnimating { redrawPending = true }
    case .watchdog: tell(.watchdog)
    case .reload: reload()
    case .terminate(let name):
      logger.notice("\(name): stopping")
      tell(.stopping)
      perform(.stop, at: now, timers: &changes)
    }
    if !stopped, let frame = drawIfDue(at: now) { changes.append(frame) }
    return changes
  }

  // MARK: - Effects

  /// Hands `event` to the core, then each event its effects lead to, in order.
  func perform(_ event: HeadUnitCore.Event, at now: Date, timers: inout [TimerChange<Timer>]) {
    // Most events lead to no other: the queue is only made for those that do.
    var queue = step(event, at: now, timers: &timers)
    var next = 0
    while next < queue.count {
      queue += step(queue[next], at: now, timers: &timers)
      next += 1
    }
    fleet?.observe(core.fleetState)
  }

  /// Hands one event to the core and carries out its effects; returns the events that
  /// follow from them.
  private func step(
    _ event: HeadUnitCore.Event, at now: Date, timers: inout [TimerChange<Timer>]
  ) -> [HeadUnitCore.Event] {
    var follow: [HeadUnitCore.Event] = []
    for effect in core.handle(event, at: now) {
      watch?(effect, now) { self.core }
      let more = carryOut(effect, timers: &timers)
      if !more.isEmpty { follow += more }
    }
    return follow
  }

  /// Carries out one effect; returns the events that must follow at once.
  func carryOut(
    _ effect: HeadUnitCore.Effect, timers: inout [TimerChange<Timer>]
  ) -> [HeadUnitCore.Event] {
    if let follow = deviceSet.carryOut(effect) { return follow }
    switch effect {
    case .redraw: redrawPending = true
    case .timer(let change): timers.append(change.map(Timer.core))
    case .acquireDevices:
      acquireDevices()
      return [.devicesReady]
    case .releaseDevices: releaseDevices()
    case .screen(let screen): show(screen)
    case .runShutdownCommand(let command): runShutdownCommand(command)
    case .stopped: stopped = true
    case .log(let level, let message): logger.log(level, message)
    case .guidance: break  // the core logs what matters of it
    case .fleetReply(let reply): fleetCommands?.reply(reply)
    case .bridge(let output):
      switch output {
      case .send(let client, let message): bridgeServer?.send(message, to: client)
      case .close(let client, let reason): bridgeServer?.close(client, reason: reason)
      }
    default: break  // the devices' own, above
    }
    return []
  }

  func acquireDevices() {
    guard !devicesHeld else { return }
    devicesHeld = true
    deviceSet.prompts = devices.acquire(language: core.phrases.language, muted: core.isMuted)
  }

  func releaseDevices() {
    guard devicesHeld else { return }
    devicesHeld = false
    devices.release(stopping: stopped)
    deviceSet.prompts = nil
    renderer = nil
    frameTargets = nil
    logger.info("devices released")
  }
}

extension HeadUnitDaemon: StateMachine {}

extension HeadUnitDaemon.Wake: TimerEvent {
  /// The wake a daemon timer brings: the core's timer as the core's event, or a frame.
  public static func timer(_ timer: HeadUnitDaemon.Timer) -> Self {
    switch timer {
    case .core(let timer): .core(.timer(timer))
    case .frame: .frame
    }
  }
}
