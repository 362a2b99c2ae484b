import Foundation
import Navigation
import Templates

extension HeadUnitCore {
  // MARK: - Lifecycle

  mutating func lifecycle(_ event: LifecycleMachine.Event, at now: Date) {
    carryOut(lifecycle.handle(event, at: now), at: now)
  }

  mutating func carryOut(_ lifecycleEffects: [LifecycleMachine.Effect], at now: Date) {
    for effect in lifecycleEffects {
      switch effect {
      case .timer(let change): effects.append(.timer(change.map(Timer.lifecycle)))
      case .acquireDevices:
        // Back from parked before the screen blanked: the devices are still held.
        teardownPending = false
        cancel(.parked)
        if let since = suspendedAt, activeTrip != nil,
          now.timeIntervalSince(since) >= configuration.resumeWithin.seconds
        {
          effects.append(.log(.notice, "the trip is too old to resume after the stop"))
          app(.abandonTrip, at: now)
        }
        suspendedAt = nil
        effects.append(.acquireDevices)
      case .showMap:
        resumeMusicAfterParking()
        screen = .live
        effects += [.screen(.live), .redraw]
        effects.append(.log(.notice, "running"))
      case .persistSession:
        suspendedAt = now
        saveTrip(at: now)
      case .stopPrompts:
        effects.append(.stopPrompts)
      case .showParked:
        bridgeNavigationEnds(reason: "parked", at: now)
        pauseMusicForParking()
        screen = .parked
        effects += [.screen(.parked), .redraw]
        effects.append(.log(.notice, "parked: \(causes)"))
      case .blankScreen:
        teardownPending = true
        if configuration.parkedScreen > .zero {
          schedule(.parked, at: now.adding(configuration.parkedScreen))
        }
      case .releaseDevices:
        if configuration.parkedScreen <= .zero { finishTeardown() }
      case .runShutdownCommand(let command):
        if teardownPending { finishTeardown() }
        effects.append(
          .log(.notice, "running the shutdown command: \(command.joined(separator: " "))"))
        effects.append(.runShutdownCommand(command))
      }
    }
  }

  /// The Parked screen has had its time: blank, then let the devices go.
  mutating func finishTeardown() {
    teardownPending = false
    cancel(.parked)
    screen = .blank
    effects += [.screen(.blank), .releaseDevices]
  }

  private var causes: String {
    let names = lifecycle.causes.map { cause -> String in
      switch cause {
      case .ignitionOff: "ignition off"
      case .powerLost: "external power lost"
      case .bridgeGone: "bridge client gone"
      }
    }
    return names.sorted().joined(separator: ", ")
  }

  // MARK: - App

  mutating func app(_ event: NavigationApp.Event, at now: Date) {
    for effect in app.handle(event, at: now) {
      switch effect {
      case .interface(let uiEffect): interface(uiEffect)
      case .session(let sessionEvent): sessionRequested(sessionEvent, at: now)
      case .persist(let lists): effects.append(.savePlaces(lists))
      case .showOverview: effects.append(.redraw)
      case .failed(let error):
        effects.append(.log(.error, "the navigation app's request failed: \(error)"))
      case .music(let command): effects.append(.music(command))
      case .listMusic(let query): effects.append(.listMusic(query))
      }
    }
  }

  private mutating func interface(_ effect: UIEffect) {
    if messageReacted(to: effect) { return }
    switch effect {
    case .timer(let change): effects.append(.timer(change.map(Timer.interface)))
    case .muteToggled(let muted):
      isMuted = muted
      guidance?.isMuted = muted
      guidance?.template = .guidance(muted: muted, text: app.text)
      effects += [.setMuted(muted), .redraw]
    case .completion, .selected, .tripStarted, .previewSelected, .dismissedByUser,
      .navigationAlertDismissed, .drivingLimitsChanged, .searchTextChanged, .nowPlayingSeek,
      .messageSelected:
      effects.append(.redraw)
    case .render, .panned, .panningChanged, .cameraChanged:
      effects.append(.redraw)
    }
  }

  /// The app asks the session for something; the core keeps the trip it will save.
  private mutating func sessionRequested(_ event: NavigationSession.Event, at now: Date) {
    switch event {
    case .preview(let trip):
      // Every trip starts on a fresh session.
      session = NavigationSession(phrases: phrases, configuration: configuration.session)
      // The app's phase is already past the preview when its effects come out.
      switch app.phase {
      case .previewing(let place), .navigating(let place):
        activeTrip = ActiveTrip(
          place: place, trip: trip, choice: 0, progress: resuming?.progress,
          sequence: resuming?.sequence ?? 0)
        resuming = nil
      case .browsing:
        activeTrip = nil
      }
    case .selectRouteChoice(let index):
      activeTrip?.choice = index
    case .avoid(let kinds):
      activeTrip?.trip.avoid = kinds
    default:
      break
    }
    if event == .start, let trip = activeTrip,
      trip.trip.routeChoices.indices.contains(trip.choice),
      let route = trip.trip.routeChoices[trip.choice].route
    {
      showGuidance(along: route, to: trip.place)
    }
    sessionEvent(event, at: now)
    if event == .start { saveTrip(at: now) }
  }

  // MARK: - Session

  mutating func sessionEvent(_ event: NavigationSession.Event, at now: Date) {
    for effect in session.handle(event, at: now) {
      guidance?.apply(effect, at: now)
      switch effect {
      case .stateChanged, .maneuverChanged, .announce, .offRoute, .gpsLost, .gpsRestored,
        .arrived:
        effects.append(.guidance(effect))
      default: break
      }
      switch effect {
      case .stateChanged(let state):
        if let route = session.route, route != guidance?.route {
          adopt(route, at: now)
          guidance?.apply(effect, at: now)
        }
        effects.append(.redraw)
        effects.append(.log(.info, "guidance: \(state)"))
        if state == .finished || state == .cancelled { endTrip() }
      case .maneuverChanged(let index, _):
        effects += [.maneuverChanged(next: index), .redraw]
      case .announce(let announcement):
        if lifecycle.state != .suspended { effects.append(.speak(announcement)) }
      case .publish(let update):
        effects.append(.redraw)
        activeTrip?.progress = TripSnapshot.Progress(
          offset: update.offset, distanceRemaining: update.trip.distanceRemaining,
          nextStep: update.upcoming.first?.index ?? 0, position: update.position)
        if let last = activeTrip?.savedAt,
          now.timeIntervalSince(last) >= configuration.saveInterval.seconds
        {
          saveTrip(at: now)
        }
      case .timer(let change): effects.append(.timer(change.map(Timer.session)))
      case .requestRoute(let request):
        effects.append(.log(.info, "asking for a route (\(request.reason.rawValue))"))
        effects.append(.requestRoute(request))
      case .offRoute:
        effects += [.redraw, .log(.info, "off the route")]
      case .gpsLost:
        effects += [.redraw, .log(.info, "GPS lost: estimating along the route")]
      case .gpsRestored:
        effects += [.redraw, .log(.info, "GPS back")]
      case .arrived:
        effects.append(.log(.notice, "arrived"))
      case .rejected(let rejection):
        effects.append(.log(.warning, "the session refused: \(rejection)"))
      }
      switch effect {
      case .publish, .timer: break  // every fix; nothing the app shows
      default: app(.session(effect), at: now)
      }
    }
  }

  /// The session guides along a new route (a reroute): the screen follows it, and the
  /// trip to save holds it in place of the choice it replaced.
  private mutating func adopt(_ route: Route, at now: Date) {
    guard var trip = activeTrip else { return }
    effects.append(.log(.notice, "new route: \(Int(route.distance)) m"))
    if trip.trip.routeChoices.indices.contains(trip.choice) {
      trip.trip.routeChoices[trip.choice].route = route
    }
    activeTrip = trip
    showGuidance(along: route, to: trip.place)
  }

  /// The guidance screen for `route`, from scratch.
  private mutating func showGuidance(along route: Route, to place: Place) {
    app.drivenClasses = route.classes
    var model = GuidanceModel(route: route, destinationName: place.name)
    model.isMuted = isMuted
    model.template = .guidance(muted: isMuted, text: app.text)
    guidance = model
  }

  /// Writes the trip under way now, if there is one.
  mutating func saveTrip(at now: Date) {
    guard var trip = activeTrip, session.state.isActive || session.state == .arrived else {
      return
    }
    trip.sequence += 1
    trip.savedAt = now
    activeTrip = trip
    effects.append(
      .saveTrip(
        TripSnapshot(
          sequence: trip.sequence, savedAt: now, place: trip.place, trip: trip.trip,
          choice: trip.choice, progress: trip.progress)))
  }

  private mutating func endTrip() {
    guard activeTrip != nil else { return }
    activeTrip = nil
    guidance = nil
    effects.append(.clearTrip)
  }
}
