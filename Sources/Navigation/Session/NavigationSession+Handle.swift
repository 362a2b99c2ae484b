import Foundation
import Geo

extension NavigationSession {
  /// Takes in one event that happened at `now` and returns what to do about it.
  ///
  /// `now` must not go backwards between calls.
  public mutating func handle(_ event: Event, at now: Date) -> [Effect] {
    switch event {
    case .preview(let trip): return preview(trip)
    case .selectRouteChoice(let index): return select(index)
    case .start: return start(at: now)
    case .fix(let fix): return receive(fix, at: now)
    case .timer(let timer): return fire(timer, at: now)
    case .routeComputed(let route): return routeComputed(route, at: now)
    case .routeFailed(let reason): return routeFailed(reason)
    case .finish: return end(.finished, verb: "finish")
    case .cancel: return end(.cancelled, verb: "cancel")
    case .avoid(let kinds): return avoid(kinds)
    }
  }

  // MARK: - Trip selection

  private mutating func preview(_ trip: Trip) -> [Effect] {
    if state.isActive {
      return reject("preview a trip", "finish or cancel the trip under way first")
    }
    guard !trip.routeChoices.isEmpty else {
      return reject("preview a trip", "the trip has no route choices")
    }
    var trip = trip
    trip.routeChoices = Array(trip.routeChoices.prefix(Trip.maximumRouteChoices))
    self.trip = trip
    return transition(to: .previewing(selected: 0))
  }

  private mutating func select(_ index: Int) -> [Effect] {
    guard case .previewing = state, let trip else {
      return reject("select a route choice", "no trip is being previewed")
    }
    guard trip.routeChoices.indices.contains(index) else {
      return reject(
        "select route choice \(index)",
        "the trip has \(trip.routeChoices.count) choice(s), numbered from 0")
    }
    return transition(to: .previewing(selected: index))
  }

  private mutating func start(at now: Date) -> [Effect] {
    guard case .previewing(let selected) = state, let trip else {
      return reject("start", "no trip is being previewed")
    }
    guard let route = trip.routeChoices[selected].route else {
      pendingRequest = .initial
      return transition(to: .paused(.loading)) + [
        .requestRoute(
          RouteRequest(
            reason: .initial, origin: lastGoodFix?.coordinate ?? trip.origin,
            heading: movingCourse, destination: trip.destination, avoid: trip.avoid))
      ]
    }
    if let problem = Self.problem(with: route) { return reject("start", problem) }
    return begin(route, departed: false, at: now)
  }

  private mutating func routeComputed(_ route: Route, at now: Date) -> [Effect] {
    guard let reason = pendingRequest else {
      return reject("take a computed route", "no route was requested")
    }
    if let problem = Self.problem(with: route) { return reject("take a computed route", problem) }
    pendingRequest = nil
    return begin(route, departed: reason == .reroute, at: now)
  }

  private mutating func routeFailed(_ reason: String) -> [Effect] {
    guard let pending = pendingRequest else {
      return reject("take a routing failure", "no route was requested")
    }
    pendingRequest = nil
    switch pending {
    case .initial:
      return transition(to: .previewing(selected: 0))
    case .reroute:
      return state == .paused(.rerouting) ? transition(to: .paused(.proceedToRoute)) : []
    }
  }

  private mutating func end(_ final: State, verb: String) -> [Effect] {
    switch (state, final) {
    case (.navigating, _), (.paused, _), (.arrived, _), (.previewing, .cancelled):
      pendingRequest = nil
      gpsLostAt = nil
      estimatedOffset = nil
      return transition(to: final) + [
        .timer(.cancel(.fixWatchdog)), .timer(.cancel(.deadReckoning)),
      ]
    default:
      return reject(verb, "no trip is under way")
    }
  }

  /// Why `route` cannot be guided, or nil when it can.
  static func problem(with route: Route) -> String? {
    let steps = route.steps
    guard steps.count >= 2 else {
      return "the route has \(steps.count) step(s); at least 2 are needed"
    }
    guard steps.contains(where: { $0.geometry.count >= 2 }) else {
      return "the route has no geometry"
    }
    return route.problem
  }

  private mutating func begin(_ route: Route, departed: Bool, at now: Date) -> [Effect] {
    let prepared = GuidanceRoute(route)
    guidance = prepared
    planner = AnnouncementPlanner(route: prepared, phrases: phrases, departed: departed)
    matcher.reset()
    offRoute.reset()
    rejoin = 0
    offset = nil
    offsetTime = nil
    estimatedOffset = nil
    nextManeuver = nil
    lastPublish = nil
    arrivalFixes = 0
    guard let fix = lastGoodFix, let at = lastGoodAt, gpsLostAt == nil,
      now.timeIntervalSince(at) < configuration.fixTimeout.seconds
    else {
      return transition(to: .paused(.locating))
    }
    return transition(to: .navigating) + guide(fix, at: now)
  }

  // MARK: - Position

  private mutating func receive(_ fix: Fix, at now: Date) -> [Effect] {
    guard fix.hasPosition, let coordinate = fix.coordinate else { return [] }
    if let previous = lastGoodFix, let previousCoordinate = previous.coordinate, fix.speed == nil {
      let dt = fix.time.timeIntervalSince(previous.time)
      speed = dt > 0 ? Earth.distance(previousCoordinate, coordinate) / dt : speed
    } else {
      speed = fix.speed ?? 0
    }
    lastGoodFix = fix
    lastGoodAt = now
    var effects: [Effect] = [
      .timer(.schedule(.fixWatchdog, at: now.addingTimeInterval(configuration.fixTimeout.seconds)))
    ]
    if gpsLostAt != nil {
      gpsLostAt = nil
      estimatedOffset = nil
      effects += [.timer(.cancel(.deadReckoning)), .gpsRestored]
    }
    switch state {
    case .paused(.locating) where guidance != nil:
      effects += transition(to: .navigating)
      effects += guide(fix, at: now)
    case .navigating:
      effects += guide(fix, at: now)
    case .paused(.rerouting), .paused(.proceedToRoute):
      effects += offRouteFix(fix, at: now)
    default:
      break
    }
    return effects
  }

  /// Matches a good fix while navigating and derives everything that follows from it.
  private mutating func guide(_ fix: Fix, at now: Date) -> [Effect] {
    guard let guidance, let coordinate = fix.coordinate,
      let match = matcher.match(
        coordinate, speed: speed, course: fix.course, at: now, on: guidance)
    else { return [] }
    if offRoute.update(match) { return leaveRoute(fix) }
    if matcher.trusts(match) {
      // A GPS jump along the road must not carry guidance past a maneuver the car has not
      // reached: the offset advances at most as far as the car can have driven, at the
      // faster of its speeds then and now (after an outage it may have slowed down).
      if let previous = offset, let at = offsetTime {
        let fastest = max(speed, offsetSpeed, 3)
        let reach = fastest * max(0, now.timeIntervalSince(at)) * 1.5 + 15
        offset = min(match.offset, previous + reach)
      } else {
        offset = match.offset
      }
      offsetTime = now
      offsetSpeed = speed
    }
    return progress(at: now, quality: .good)
  }

  private mutating func leaveRoute(_ fix: Fix) -> [Effect] {
    offRoute.reset()
    rejoin = 0
    let coordinate =
      fix.coordinate ?? guidance?.destination ?? Coordinate(latitude: 0, longitude: 0)
    var effects: [Effect] = [.offRoute(coordinate)]
    if configuration.hasRouter, let guidance {
      pendingRequest = .reroute
      effects += transition(to: .paused(.rerouting))
      effects.append(
        .requestRoute(
          RouteRequest(
            reason: .reroute, origin: coordinate, heading: movingCourse,
            destination: trip?.destination ?? guidance.destination, avoid: trip?.avoid ?? [])))
    } else {
      effects += transition(to: .paused(.proceedToRoute))
    }
    return effects
  }

  /// While off the route: watch for arrival and for the vehicle coming back to the route.
  private mutating func offRouteFix(_ fix: Fix, at now: Date) -> [Effect] {
    guard let guidance, let coordinate = fix.coordinate else { return [] }
    if atDestination(arrivesOffRoute(coordinate, course: fix.course, on: guidance)) {
      return arrive()
    }
    let candidate = matcher.bestMatch(
      coordinate, speed: speed, course: fix.course, segments: 0..<guidance.line.segmentCount,
      on: guidance)
    guard let candidate, isBackOnRoute(candidate) else {
      rejoin = 0
      return []
    }
    rejoin += 1
    guard rejoin >= 3 else { return [] }
    rejoin = 0
    pendingRequest = nil
    matcher.reset(to: candidate.offset, at: now, speed: speed)
    offset = candidate.offset
    offsetTime = now
    offsetSpeed = speed
    return transition(to: .navigating) + progress(at: now, quality: .good)
  }

  /// Whether a match while off the route puts the vehicle back on it: close, and going its
  /// way (or too slow to tell).
  private func isBackOnRoute(_ match: RouteMatch) -> Bool {
    match.crossTrack <= 15 && (match.headingDifference ?? 0) <= 45
  }

  /// Whether a fix while off the route is one of arriving: the vehicle has reached the
  /// destination along the route's last step (back on it, going its way, within
  /// `arrivalDistance` of its end), or it has (nearly) stopped within
  /// `arrivalOffRouteDistance` of the destination. Passing close by on another road is
  /// neither.
  private func arrivesOffRoute(
    _ coordinate: Coordinate, course: Double?, on guidance: GuidanceRoute
  ) -> Bool {
    if speed < configuration.arrivalStopSpeed,
      Earth.distance(coordinate, guidance.destination) <= configuration.arrivalOffRouteDistance
    {
      return true
    }
    let line = guidance.line
    let lastStep = line.segment(containing: guidance.stepStart[guidance.steps.count - 2])
    guard
      let match = matcher.bestMatch(
        coordinate, speed: speed, course: course, segments: lastStep..<line.segmentCount,
        on: guidance)
    else { return false }
    return isBackOnRoute(match) && guidance.length - match.offset <= configuration.arrivalDistance
  }

  // MARK: - Timers

  private mutating func fire(_ timer: SessionTimer, at now: Date) -> [Effect] {
    switch timer {
    case .fixWatchdog:
      guard gpsLostAt == nil, let at = lastGoodAt,
        now.timeIntervalSince(at) >= configuration.fixTimeout.seconds
      else { return [] }
      gpsLostAt = now
      var effects: [Effect] = [.gpsLost]
      if state == .navigating, offset != nil {
        estimatedOffset = offset
        effects.append(.timer(.schedule(.deadReckoning, at: now.addingTimeInterval(1))))
        effects += progress(at: now, quality: .estimated)
      }
      return effects
    case .deadReckoning:
      guard let lostAt = gpsLostAt, state == .navigating, let offset, let at = lastGoodAt,
        let guidance
      else { return [] }
      if now.timeIntervalSince(lostAt) >= configuration.deadReckoningLimit.seconds {
        estimatedOffset = nil
        return transition(to: .paused(.locating))
      }
      estimatedOffset = min(guidance.length, offset + speed * now.timeIntervalSince(at))
      return progress(at: now, quality: .estimated) + [
        .timer(.schedule(.deadReckoning, at: now.addingTimeInterval(1)))
      ]
    }
  }

  // MARK: - Progress

  /// Arrival, maneuver changes, prompts and the published update for the current offset.
  private mutating func progress(at now: Date, quality: PositionQuality) -> [Effect] {
    guard let guidance, let at = estimatedOffset ?? offset else { return [] }
    let remaining = guidance.length - at
    let stopped = speed < configuration.arrivalStopSpeed
    if quality == .good,
      atDestination(
        remaining <= configuration.arrivalDistance
          || (remaining <= configuration.arrivalStopDistance && stopped))
    {
      return arrive()
    }
    var effects: [Effect] = []
    let next = guidance.stepIndex(at: at) + 1
    if next < guidance.steps.count, (nextManeuver ?? 0) < next {
      nextManeuver = next
      effects.append(
        .maneuverChanged(index: next, instruction: planner?.headline(for: next) ?? ""))
    }
    if let announcements = planner?.update(offset: at, speed: speed) {
      effects += announcements.map(Effect.announce)
    }
    if lastPublish.map({ now.timeIntervalSince($0) >= configuration.publishInterval.seconds })
      ?? true
    {
      lastPublish = now
      effects.append(.publish(update(guidance, offset: at, at: now, quality: quality)))
    }
    return effects
  }

  /// Counts consecutive fixes at the destination; true once there are enough that one
  /// jumpy fix cannot end the trip early.
  private mutating func atDestination(_ here: Bool) -> Bool {
    arrivalFixes = here ? arrivalFixes + 1 : 0
    return arrivalFixes >= 2
  }

  private mutating func arrive() -> [Effect] {
    gpsLostAt = nil
    estimatedOffset = nil
    return transition(to: .arrived) + [
      .arrived, .timer(.cancel(.fixWatchdog)), .timer(.cancel(.deadReckoning)),
    ]
  }

  private func update(
    _ guidance: GuidanceRoute, offset at: Double, at now: Date, quality: PositionQuality
  ) -> GuidanceUpdate {
    let current = guidance.stepIndex(at: at)
    let upcoming = (current + 1..<min(current + 3, guidance.steps.count)).map { i in
      UpcomingManeuver(
        index: i, step: guidance.steps[i], instruction: planner?.headline(for: i) ?? "",
        estimates: TravelEstimates(
          distanceRemaining: max(0, guidance.stepStart[i] - at),
          timeRemaining: .seconds(clamping: guidance.expectedTime(from: at, toManeuver: i))))
    }
    let state = planner?.maneuverState(offset: at, speed: speed) ?? .continue
    let timeLeft = guidance.expectedTimeRemaining(from: at)
    let step = guidance.steps[current]
    return GuidanceUpdate(
      upcoming: upcoming, maneuverState: state,
      trip: TravelEstimates(
        distanceRemaining: max(0, guidance.length - at), timeRemaining: .seconds(clamping: timeLeft)
      ),
      arrival: now.addingTimeInterval(timeLeft), position: guidance.line.coordinate(at: at),
      offset: at, quality: quality,
      roadNameVariants: [step.name, step.principalRef ?? ""].filter { !$0.isEmpty })
  }

  // MARK: - Helpers

  var movingCourse: Double? {
    speed >= RouteMatcher.minimumSpeedForHeading ? lastGoodFix?.course : nil
  }

  mutating func transition(to new: State) -> [Effect] {
    guard new != state else { return [] }
    state = new
    return [.stateChanged(new)]
  }

  func reject(_ event: String, _ reason: String) -> [Effect] {
    [.rejected(SessionRejection(event: event, state: state.description, reason: reason))]
  }
}
