import Foundation
import Geo
import Navigation
import Templates

/// Everything the car daemon decides, as one pure state machine: the lifecycle (run,
/// drain, park, shut down), the built-in navigation app and its interface controller, the
/// navigation session, the trip to save and resume, and what the screen shows.
///
/// In the car `HeadUnitDaemon` is its one owner: it feeds every event (position, knob,
/// buttons, ignition, power, timers, signals) with the instant it happened and carries out
/// the returned effects in order. Nothing here reads a clock or touches a device, so the
/// replay, the demo and the tests run the same core on `VirtualClock`. The screen is
/// pulled, not pushed: `.redraw` says something changed, and the app's `FrameComposer`
/// draws it from the core's state (`screen`, `guidance`, `activeController`, …).
///
/// Timers of the three inner machines share one namespace (`Timer`); a timer event for a
/// timer no longer pending is ignored by the machine that owns it.
public struct HeadUnitCore: Sendable {
  /// Every timer the core schedules.
  public enum Timer: Sendable, Hashable {
    case lifecycle(LifecycleMachine.Timer)
    case session(SessionTimer)
    case interface(TimerID)
    /// The Parked screen has been shown long enough: blank and release.
    case parked
    /// The minute changed: the status clock needs a redraw.
    case clock
    case bridge(BridgeTimer)
  }

  /// Something that happened, with the instant given to `handle`.
  public enum Event: Sendable, Equatable, TimerEvent {
    /// The first event: the saved places, and the saved trip if any.
    indirect case start(places: PlaceLists, trip: TripSnapshot?)
    /// The devices asked for with `.acquireDevices` are open (or degraded).
    case devicesReady
    case position(PositionEvent)
    /// A decoded knob, button or ignition event.
    case input(InputEvent)
    /// External power (battery or UPS input) present or not.
    case externalPower(Bool)
    /// The bridge client is alive.
    case bridgeHeartbeat
    /// The bridge client said goodbye.
    case bridgeDisconnected
    /// A bridge client connected, sent a line, or went away.
    indirect case bridge(BridgeEvent)
    case timer(Timer)
    /// The sound card works (again), or prompts cannot be heard: the status chip shows a
    /// muted speaker while they cannot.
    case audio(available: Bool)
    /// The route asked for with `.requestRoute` is ready.
    case routeComputed(Route)
    /// The route asked for could not be computed; why, for the log.
    case routeFailed(String)
    /// The routing server named `server` did not answer and the offline router did, for
    /// a notice over the map.
    case routedOffline(server: String)
    /// A destination from elsewhere than the knob (a replayed drive's route): its trip
    /// preview, or guidance on its first route choice at once with `start`.
    indirect case navigate(Place, start: Bool)
    /// A dispatcher sent a destination (checked at the transport): its preview for the
    /// driver to accept or decline, never started by itself.
    indirect case dispatch(FleetDispatch)
    /// The music source's state, or why it is unavailable.
    indirect case music(MusicUpdate)
    /// The listing asked for with `.listMusic`, or why it could not be read.
    indirect case musicListed(MusicQuery, Result<MusicListing, MusicError>)
    /// A command given with `.music` failed.
    indirect case musicFailed(MusicCommand, MusicError)
    /// Stop now (SIGTERM, SIGINT): save, silence, blank, release.
    case stop
  }

  /// Work for the owner, in order.
  public enum Effect: Sendable, Equatable, TimerEffect {
    /// The screen's content changed; draw `frame(at:size:theme:)`.
    case redraw
    case timer(TimerChange<Timer>)
    case speak(Announcement)
    /// Step `next` is now the next maneuver: waiting prompts about earlier ones are moot.
    case maneuverChanged(next: Int)
    case setMuted(Bool)
    /// Silence the prompt playing and drop the queued ones.
    case stopPrompts
    /// The speed warning's tone, once; never over a prompt being spoken.
    case chime
    indirect case saveTrip(TripSnapshot)
    /// Compute a route (a reroute from where the car is), answered with `.routeComputed`
    /// or `.routeFailed`. Only with `Configuration.session.hasRouter`.
    case requestRoute(RouteRequest)
    /// The trip ended: forget the saved one.
    case clearTrip
    indirect case savePlaces(PlaceLists)
    /// Open gpsd, audio, the framebuffer and the power source, then send `.devicesReady`.
    case acquireDevices
    /// Close them (GPIO stays: the ignition line wakes the unit).
    case releaseDevices
    case screen(Screen)
    indirect case runShutdownCommand([String])
    /// The core stopped (after `.stop`); the owner may exit.
    case stopped
    case log(LogLevel, String)
    /// A line for a bridge client, or its connection to close.
    indirect case bridge(BridgeOutput)
    /// What the navigation session reported (state, next maneuver, prompt, off route, GPS
    /// lost or back, arrival), for whoever keeps a timeline; the car only logs it.
    case guidance(NavigationSession.Effect)
    /// An answer to a dispatcher's command, for the fleet transport to send back.
    case fleetReply(FleetCommandReply)
    /// A command for the music source; a failure comes back as `.musicFailed`.
    indirect case music(MusicCommand)
    /// Ask the music source for a listing, answered with `.musicListed`.
    indirect case listMusic(MusicQuery)

    public var timerChange: TimerChange<Timer>? {
      if case .timer(let change) = self { change } else { nil }
    }
  }

  public let configuration: Configuration
  public internal(set) var lifecycle: LifecycleMachine
  public internal(set) var app: NavigationApp
  public internal(set) var session: NavigationSession
  public internal(set) var screen = Screen.off
  /// The guidance screen of the trip under way.
  public internal(set) var guidance: GuidanceModel?
  /// The latest position and course, from any fix.
  public internal(set) var position: Coordinate?
  public internal(set) var heading = 0.0
  /// Metres above mean sea level and the horizontal error estimate (metres) of the fix
  /// that gave `position`; nil when it had none.
  public internal(set) var altitude: Double?
  public internal(set) var accuracy: Double?
  /// Ground speed of the latest fix that had one, m/s.
  public internal(set) var speed: Double?
  public internal(set) var positionStatus: PositionStatus?
  /// The road driven and its limit, from the latest fix; nil when not known.
  public internal(set) var road: DrivenRoad?
  /// Whether the vehicle is over the limit by more than the driver tolerates.
  public internal(set) var speedWarning: SpeedWarning
  public internal(set) var isMuted: Bool
  /// Whether prompts can be heard (a sound card answered).
  public internal(set) var isAudioAvailable = true
  public internal(set) var isStopped = false
  /// The headlights line's state (nil without one): while known it chooses the theme.
  public internal(set) var headlightsOn: Bool?
  /// The bridge's clients and the bridge app on screen.
  public internal(set) var bridge = BridgeState()
  var activeTrip: ActiveTrip?
  /// The dispatched destination on screen that the driver has not answered yet.
  public internal(set) var pendingDispatch: FleetDispatch?
  /// The saved trip being resumed, until the app has handed it to the session.
  var resuming: TripSnapshot?
  /// Buttons whose long press was reported, so their release is not a short press.
  var heldLong: Set<InputRole> = []
  /// Timers the core itself scheduled and that are pending.
  public internal(set) var ownTimers: [Timer: Date] = [:]
  /// Blank and release wait for the Parked screen's time.
  var teardownPending = false
  /// When the unit last tore down; a trip older than `resumeWithin` by the wake is ended.
  var suspendedAt: Date?
  /// The music played when the unit parked: it plays again when the unit runs again.
  var musicPausedByParking = false
  public let phrases: Phrasebook
  var effects: [Effect] = []

  public init(
    provider: any RouteProvider, phrases: Phrasebook, configuration: Configuration = .init()
  ) {
    self.configuration = configuration
    self.phrases = phrases
    lifecycle = LifecycleMachine(configuration: configuration.lifecycle)
    app = NavigationApp(
      provider: provider,
      configuration: InterfaceConfiguration(
        text: phrases.screenText, mapControls: configuration.mapControls),
      music: configuration.music, avoid: configuration.avoid)
    session = NavigationSession(phrases: phrases, configuration: configuration.session)
    isMuted = configuration.muted
    speedWarning = SpeedWarning(configuration: configuration.speedWarning)
  }

  /// Handles one event at `now` and returns what to do, in order.
  public mutating func handle(_ event: Event, at now: Date) -> [Effect] {
    effects = []
    defer { effects = [] }
    guard !isStopped else { return [] }
    switch event {
    case .start(let places, let trip):
      start(places: places, trip: trip, at: now)
    case .devicesReady: lifecycle(.devicesReady, at: now)
    case .position(let report): position(report, at: now)
    case .input(let input): self.input(input, at: now)
    case .externalPower(let present):
      lifecycle(present ? .powerRestored : .powerLost, at: now)
    case .bridgeHeartbeat: lifecycle(.heartbeat, at: now)
    case .bridgeDisconnected: lifecycle(.bridgeDisconnected, at: now)
    case .bridge(let bridgeEvent): self.bridgeEvent(bridgeEvent, at: now)
    case .timer(let timer): fire(timer, at: now)
    case .audio(let available):
      guard available != isAudioAvailable else { break }
      isAudioAvailable = available
      effects.append(.redraw)
    case .routeComputed(let route): sessionEvent(.routeComputed(route), at: now)
    case .routedOffline(let server):
      effects.append(.log(.notice, "offline route: \(server) did not answer"))
      let detail = app.text.text(.serverNoAnswer, ["server": server])
      if screen == .live { app(.notice(title: app.text[.offlineRoute], detail: detail), at: now) }
    case .routeFailed(let reason):
      effects.append(.log(.warning, "no route: \(reason)"))
      sessionEvent(.routeFailed(reason), at: now)
    case .navigate(let place, let start): app(.navigate(place, start: start), at: now)
    case .dispatch(let dispatch): self.dispatch(dispatch, at: now)
    case .music, .musicListed, .musicFailed: music(event, at: now)
    case .stop: stop(at: now)
    }
    settleDispatch()
    settleMessages(at: now)
    settlePointNavigation()
    return effects
  }

  private mutating func start(places: PlaceLists, trip snapshot: TripSnapshot?, at now: Date) {
    app(.launch, at: now)
    app(.restore(places), at: now)
    if let snapshot {
      let name = snapshot.place.name
      switch snapshot.resumption(at: now, within: configuration.resumeWithin) {
      case .resume where configuration.resumeWithin > .zero:
        effects.append(.log(.notice, "resuming the trip to \(name)"))
        position = snapshot.progress?.position
        resume(snapshot, at: now)
      case .resume:
        effects.append(.log(.info, "the saved trip to \(name) is not resumed (resume is off)"))
        effects.append(.clearTrip)
      case .tooOld(let age):
        let minutes = Duration.seconds(clamping: age / 60).secondsText
        effects.append(
          .log(.info, "the saved trip to \(name) is too old to resume (saved \(minutes) min ago)"))
        effects.append(.clearTrip)
      case .savedAhead(let ahead):
        // Its age is unknown: it is what the driver was doing last, so it resumes.
        let seconds = Duration.seconds(clamping: ahead.rounded()).secondsText
        effects.append(
          .log(
            .notice,
            "the saved trip to \(name) was saved \(seconds) s after what the clock says now "
              + "(did the clock go back?); resuming it"))
        position = snapshot.progress?.position
        resume(snapshot, at: now)
      }
    }
    carryOut(LifecycleMachine.startEffects, at: now)
    scheduleClock(at: now)
  }

  private mutating func resume(_ snapshot: TripSnapshot, at now: Date) {
    resuming = snapshot
    app(.resume(snapshot.place, snapshot.trip, choice: snapshot.choice), at: now)
  }

  private mutating func position(_ report: PositionEvent, at now: Date) {
    // Torn down, the position source is closed: a report still on its way (or a replay
    // that goes on) must not move the trip on, nor save it again.
    guard lifecycle.state != .suspended else { return }
    switch report {
    case .status(let status):
      guard status != positionStatus else { return }
      positionStatus = status
      effects.append(.log(.info, "position: \(Self.describe(status))"))
      effects.append(.redraw)
    case .fix(let fix):
      if fix.hasPosition, let coordinate = fix.coordinate {
        position = coordinate
        altitude = fix.altitude
        accuracy = fix.horizontalError
        if let course = fix.course, (fix.speed ?? 0) >= RouteMatcher.minimumSpeedForHeading {
          heading = course
        }
        positionStatus = .connected
        app.vehicleMoved(to: coordinate)
        if let speed = fix.speed {
          self.speed = speed
          // Every fix has a speed; the screens only care when the driving limits change.
          if changesDrivingLimits(speed) { ui(.vehicleSpeed(speed), at: now) }
        }
      }
      if session.state.isActive {
        sessionEvent(.fix(fix), at: now)
      } else {
        effects.append(.redraw)
      }
      if fix.hasPosition, fix.coordinate != nil { drive(fix, at: now) }
    }
  }

  private mutating func input(_ input: InputEvent, at now: Date) {
    switch input {
    case .rotated(let detents, _):
      ui(.encoder(detents), at: now)
    case .button(let role, let action, _):
      switch action {
      case .press:
        heldLong.remove(role)
      case .longPress:
        heldLong.insert(role)
        if role == .home, bridge.screen != nil {
          takeScreenFromBridge(at: now)
        } else {
          ui(.press(role, long: true), at: now)
        }
      case .release:
        if heldLong.remove(role) == nil { ui(.press(role, long: false), at: now) }
      }
    case .ignition(let on, _):
      lifecycle(on ? .ignitionOn : .ignitionOff, at: now)
    case .headlights(let on, _): headlights(on)
    case .tap(let element, _):
      ui(.tap(element), at: now)
    case .drag(let offset, _):
      ui(.drag(offset), at: now)
    case .pinch(let scale, _):
      // Each doubling of the fingers' distance is one zoom level, as on phones' maps.
      guard scale > 0, scale.isFinite else { return }
      ui(.zoom(log2(scale)), at: now)
    }
  }

  private mutating func fire(_ timer: Timer, at now: Date) {
    switch timer {
    case .lifecycle(let inner): lifecycle(.timer(inner), at: now)
    case .session(let inner):
      // Parked, the car is off: no estimating along the route, no saves; the session arms
      // its timers again with the first fix after the wake.
      guard lifecycle.state != .suspended else { return }
      sessionEvent(.timer(inner), at: now)
    case .interface(let id): app(.interface(.timer(id)), at: now)
    case .parked:
      guard ownTimers.removeValue(forKey: .parked) != nil, teardownPending else { return }
      finishTeardown()
    case .clock:
      guard ownTimers.removeValue(forKey: .clock) != nil else { return }
      if screen == .live { effects.append(.redraw) }
      scheduleClock(at: now)
    case .bridge(let inner): bridgeTimer(inner, at: now)
    }
  }

  /// SIGTERM: the same teardown as a power loss, at once, and nothing after it.
  private mutating func stop(at now: Date) {
    bridgeNavigationEnds(reason: "stopped", at: now)
    saveTrip(at: now)
    effects.append(.stopPrompts)
    for timer in ownTimers.keys.sorted(by: { "\($0)" < "\($1)" }) {
      effects.append(.timer(.cancel(timer)))
    }
    ownTimers = [:]
    screen = .blank
    effects += [.screen(.blank), .releaseDevices, .stopped]
    isStopped = true
  }

  mutating func schedule(_ timer: Timer, at instant: Date) {
    ownTimers[timer] = instant
    effects.append(.timer(.schedule(timer, at: instant)))
  }

  mutating func cancel(_ timer: Timer) {
    guard ownTimers.removeValue(forKey: timer) != nil else { return }
    effects.append(.timer(.cancel(timer)))
  }

  /// The status clock shows minutes: redraw when the next one starts.
  private mutating func scheduleClock(at now: Date) {
    let next = (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
    schedule(.clock, at: Date(timeIntervalSince1970: next))
  }

  static func describe(_ status: PositionStatus) -> String {
    switch status {
    case .connected: "connected"
    case .noFix: "no fix yet"
    case .stale: "no report for 2 s"
    case .disconnected(let reason): reason
    case .finished: "the source ended"
    }
  }
}
