import Core
import Foundation
import HeadUnit
import Navigation
import Rendering
import Templates

/// Runs a recorded drive through the car's own daemon (`HeadUnitDaemon`, the type
/// `headunit run` runs) on a virtual clock, with the replay's devices, and keeps the
/// guidance timeline.
///
/// The drive starts the way a destination handed to the unit does (`.navigate` with
/// `start`): the built-in app previews the route's destination, starts guidance on it and
/// the session follows the fixes. Time is taken from the fixes: `VirtualClock` fires every
/// timer the daemon set (the core's, the next frame's) up to each fix's time before the
/// fix, so a 20-minute drive replays in milliseconds, the same every time. The devices
/// are `ReplayDevices`: opened at once, prompts and saves kept, routes from `router`
/// answered at the instant they are asked for, frames kept by a `FrameCapture` display
/// when asked for.
///
/// With a `router`, the session knows it can reroute (`hasRouter`), and each route
/// request gets a `reroute` (or `rerouteFailed`) line.
public struct Replay: Sendable {
  /// Answers a route request with `.routeComputed` or `.routeFailed`, synchronously.
  public typealias Router = @Sendable (RouteRequest) -> NavigationSession.Event

  /// What a replay gives: the timeline, the cores at the moments asked for, and what the
  /// prompt player was told, when.
  public struct Outcome {
    public var timeline: [TimelineEntry]
    public var captures: [Capture]
    /// The frame the daemon's display showed at each capture moment, in the order asked
    /// for; nil when no frames were drawn (or none yet at that moment).
    public var frames: [PixelBuffer?]
    /// The prompts to speak and the maneuver changes, with their instants; prompts made
    /// while muted are left out, as the player drops them.
    public var prompts: [(at: Date, cue: PromptCue)]
  }

  /// What the prompt player is told.
  public enum PromptCue: Equatable {
    case speak(Announcement)
    case maneuverChanged(next: Int)
  }

  /// The core at a moment of the drive, for drawing what the screen showed then.
  public struct Capture {
    public var core: HeadUnitCore
    public var at: Date
  }

  public var route: Route
  public var fixes: [Fix]
  public var phrases: Phrasebook
  public var configuration: HeadUnitCore.Configuration
  public var router: Router?

  public init(
    route: Route, fixes: [Fix], phrases: Phrasebook,
    configuration: NavigationSession.Configuration = .init(), router: Router? = nil
  ) {
    self.route = route
    self.fixes = fixes
    self.phrases = phrases
    self.configuration = HeadUnitCore.Configuration()
    self.configuration.session = configuration
    self.router = router
    if router != nil { self.configuration.session.hasRouter = true }
    if let first = fixes.first?.coordinate { self.configuration.home = first }
  }

  /// Replays the drive and returns its timeline, ending with a summary line.
  ///
  /// `observe` sees every effect of the core with its instant (for benchmarks, the voice
  /// mixdown and the saves).
  public func run(
    observe: (HeadUnitCore.Effect, Date) -> Void = { _, _ in }
  ) -> [TimelineEntry] {
    run(capturing: [], observe: observe).timeline
  }

  /// Replays the drive; also returns what the prompt player was told and the core as it
  /// stood `seconds` after the first fix, for each of `seconds` (in their order): every
  /// event up to that instant handled, none after it. With `size`, the daemon draws on a
  /// display of that size that keeps the frames at those moments.
  public func run(
    capturing seconds: [Double], drawing size: ScreenSize? = nil,
    observe: (HeadUnitCore.Effect, Date) -> Void = { _, _ in }
  ) -> Outcome {
    guard let first = fixes.first else {
      return Outcome(
        timeline: [TimelineEntry(t: 0, kind: .summary(ReplaySummary()))], captures: [],
        frames: [], prompts: [])
    }
    return withoutActuallyEscaping(observe) { observe in
      drive(from: first.time, capturing: seconds, drawing: size, observe: observe)
    }
  }

  private func drive(
    from origin: Date, capturing seconds: [Double], drawing: ScreenSize?,
    observe: @escaping (HeadUnitCore.Effect, Date) -> Void
  ) -> Outcome {
    let provider = EmbeddedRouteProvider(routes: [route])
    let end = fixes.last?.time ?? origin
    // A moment after the last fix is drawn as the screen stood at the last fix.
    let instants = seconds.map { min(origin.addingTimeInterval($0), max(end, origin)) }
    let frames = drawing.map { FrameCapture(size: $0, at: instants) }
    let devices = ReplayDevices(router: router, display: frames)
    var configuration = configuration
    if let drawing { configuration.mapControls = NavigationLayout(size: drawing).controlRoom }
    let daemon = HeadUnitDaemon(
      configuration: DaemonConfiguration(),
      core: HeadUnitCore(provider: provider, phrases: phrases, configuration: configuration),
      devices: devices, router: devices.router,
      // The map's layers are loaded only when frames are drawn.
      layers: frames == nil ? [] : FrameComposer.embeddedLayers,
      logger: Logger(label: "replay") { _ in })
    var recorder = TimelineRecorder(origin: origin)
    daemon.watch = { effect, instant, core in
      observe(effect, instant)
      recorder.record(effect, at: instant, core: core)
      devices.prompts.now = instant
    }
    devices.router?.answered = { request, answer in
      recorder.recordAnswer(answer, to: request, at: devices.prompts.now)
    }
    defer { daemon.watch = nil }
    var clock = VirtualClock(daemon, origin: origin)
    // The moments to capture, in time order, and where each goes in the answer.
    let order = seconds.indices.sorted { seconds[$0] < seconds[$1] }
    var captures = [Capture?](repeating: nil, count: seconds.count)
    var next = 0
    func capture(before instant: Date?) {
      while next < order.count {
        let t = origin.addingTimeInterval(seconds[order[next]])
        if let instant, instant <= t { return }
        clock.send(.frame, at: instant == nil ? clock.now : t)
        captures[order[next]] = Capture(core: daemon.core, at: t)
        next += 1
      }
    }
    clock.send(.core(.start(places: PlaceLists(), trip: nil)), at: origin)
    if let place = provider.places.first {
      clock.send(.core(.navigate(place, start: true)), at: origin)
    }
    for fix in fixes {
      capture(before: fix.time)
      recorder.summary.fixes += 1
      clock.send(.core(.position(.fix(fix))), at: fix.time)
    }
    capture(before: nil)
    var muted = false
    var prompts: [(at: Date, cue: PromptCue)] = []
    for (at, cue) in devices.prompts.cues {
      switch cue {
      case .speak(let announcement) where !muted: prompts.append((at, .speak(announcement)))
      case .speak: break
      case .maneuverChanged(let next): prompts.append((at, .maneuverChanged(next: next)))
      case .muted(let state): muted = state
      }
    }
    return Outcome(
      timeline: recorder.finish(at: end), captures: captures.compactMap { $0 },
      frames: instants.map { frames?.frame(at: $0) }, prompts: prompts)
  }
}
