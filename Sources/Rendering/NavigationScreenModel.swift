import Foundation
import Geo
import MapLayers
import Navigation
import Templates

/// Turns what the navigation session says (its effects) into scenes for the renderer:
/// keeps the latest guidance update and state, words the card, and points the camera.
///
/// A value fed by one owner; `scene(at:size:)` is a pure function of what it was fed and
/// the instant asked for, so a replay gives the same frames every time.
public struct NavigationScreenModel: Sendable {
  /// What the session said, as the core keeps it.
  public var guidance: GuidanceModel
  public let route: MapRoute
  public let phrases: Phrasebook
  /// For the clock and the arrival time.
  public var timeZone: TimeZone
  public var theme: Theme = .day
  public var camera = FollowingCamera()
  public var layers: [any MapLayer] = []
  /// The maneuver after the next gets a "Then" card when it is at most this far after it.
  public var thenDistance = 150.0
  /// Lanes are shown from this far before the maneuver.
  public var lanesDistance = 600.0
  /// The limit of the road driven as the map knows it, for where the route does not say.
  public var mapSpeedLimit: SpeedLimit?

  public var destinationName: String? {
    get { guidance.destinationName }
    set { guidance.destinationName = newValue }
  }
  public var template: MapTemplate {
    get { guidance.template }
    set { guidance.template = newValue }
  }
  public var isMuted: Bool {
    get { guidance.isMuted }
    set { guidance.isMuted = newValue }
  }
  public var state: NavigationSession.State { guidance.state }
  public var latest: GuidanceUpdate? { guidance.latest }
  private var latestAt: Date? { guidance.latestAt }
  private var offRoutePosition: Coordinate? { guidance.offRoutePosition }
  private var speed: Double { guidance.speed }

  public init(
    route: MapRoute, phrases: Phrasebook, timeZone: TimeZone = .current,
    destinationName: String? = nil
  ) {
    self.init(
      guidance: GuidanceModel(route: route.guidance.route, destinationName: destinationName),
      route: route, phrases: phrases, timeZone: timeZone)
  }

  /// The picture of `guidance`, whose route `route` is prepared for drawing.
  public init(
    guidance: GuidanceModel, route: MapRoute, phrases: Phrasebook, timeZone: TimeZone = .current
  ) {
    self.guidance = guidance
    self.route = route
    self.phrases = phrases
    self.timeZone = timeZone
  }

  /// Takes in one effect of the session, which happened at `instant`.
  public mutating func apply(_ effect: NavigationSession.Effect, at instant: Date) {
    guidance.apply(effect, at: instant)
  }

  /// The screen at `now`: between two updates the vehicle is moved on at the last speed
  /// (for at most 1.5 s), so frames drawn faster than updates arrive move smoothly.
  public func scene(at now: Date, size: ScreenSize) -> NavigationScene {
    let layout = NavigationLayout(size: size)
    let text = phrases.screenText
    let status = StatusContent(gps: gpsState, isMuted: isMuted, clock: text.clock(now, timeZone))
    var scene = NavigationScene(
      size: size, theme: theme,
      camera: MapCamera(
        center: route.origin,
        heading: camera.orientation == .headingUp ? route.viewHeading(at: 0) : 0,
        metresPerPixel: camera.minimumAhead / layout.pixelsAhead, anchor: .vehicle),
      route: route, layers: layers, status: status, template: template)
    scene.text = text
    if case .paused(let reason) = state { scene.banner = .paused(reason) }
    if state == .arrived || state == .finished { scene.banner = .arrived(destinationName) }
    guard let update = latest, let updateAt = latestAt else { return scene }

    let moving = state == .navigating && update.quality != .lost
    let ahead = moving ? speed * min(1.5, max(0, now.timeIntervalSince(updateAt))) : 0
    let offset = state == .arrived ? route.length : min(route.length, update.offset + ahead)
    let position = route.guidance.line.coordinate(at: offset)
    let next = update.upcoming.first
    let toManeuver = next.map { max(0, $0.estimates.distanceRemaining - ahead) }
    scene.progress = offset
    scene.nextManeuverOffset = next.map { route.guidance.stepStart[$0.index] }
    scene.vehicle = VehiclePose(
      coordinate: position, heading: route.guidance.line.bearing(at: offset),
      isEstimated: update.quality != .good)
    scene.camera = camera.camera(
      position: position, heading: route.viewHeading(at: offset), speed: speed,
      distanceToManeuver: toManeuver, pixelsAhead: layout.pixelsAhead)
    scene.driver = DriverContent.make(
      road: update.roadNameVariants.first, speed: moving ? speed : 0,
      limit: route.guidance.route.speedLimits?.limit(at: offset) ?? mapSpeedLimit,
      units: phrases.units, isWarning: false, now: now, text: text)
    if let off = offRoutePosition, scene.banner != nil, state != .arrived {
      // Off the route: show where the vehicle really is, the route for context.
      scene.vehicle?.coordinate = off
      scene.camera.center = off
    }
    guard scene.banner == nil else { return scene }

    if let next, let toManeuver {
      scene.maneuver = content(next.step, distance: toManeuver)
      let lanes = next.step.lanes
      if !lanes.isEmpty, lanes.contains(where: \.valid), toManeuver <= lanesDistance {
        scene.secondary = .lanes(
          lanes.map {
            LaneContent(indications: $0.indications, isValid: $0.valid, isRecommended: $0.preferred)
          })
      } else if update.upcoming.count > 1 {
        let then = update.upcoming[1]
        let gap = then.estimates.distanceRemaining - next.estimates.distanceRemaining
        if gap <= thenDistance {
          scene.secondary = .then(content(then.step, distance: gap))
        }
      }
    }
    let timeLeft = max(0, update.trip.timeRemaining.seconds - ahead / max(speed, 1))
    scene.trip = TripContent(
      arrival: text.clock(update.arrival, timeZone),
      timeRemaining: text.duration(timeLeft),
      distanceRemaining: text.distance(max(0, update.trip.distanceRemaining - ahead)))
    return scene
  }

  private var gpsState: PositionQuality {
    if case .paused(.locating) = state { return .lost }
    return latest?.quality ?? .lost
  }

  /// The card's words for the maneuver of `step`, `distance` metres ahead: the road by its
  /// name, else by its most significant reference (`RouteStep.principalRef`), and the
  /// step's signpost (exit number and where it leads). The instructions are written from
  /// the step's maneuver in the screen's language at the moment asked
  /// (`ScreenText.instructions(for:ended:)`), so a change of language shows at once; the
  /// route's own instructions join them as variants only when their locale is the screen's
  /// language (`ScreenText.speaks(_:)`). Like signs, the card's texts end without a full
  /// stop, but keep the dot a road's abbreviated name ends in.
  func content(_ step: RouteStep, distance: Double) -> ManeuverContent {
    let road: String
    if step.maneuver.kind == .arrive {
      road = destinationName ?? ""
    } else {
      road = step.roadLabel?.text ?? ""
    }
    let text = phrases.screenText
    // The source's texts for an arrival describe having arrived, not the approach; and
    // texts in another language than the screen's (a router's English) would mix two.
    let keepsSource = step.maneuver.kind != .arrive && text.speaks(route.guidance.route.locale)
    let names =
      [step.name, step.principalRef ?? ""] + (step.signpost.map { $0.destinations + $0.refs } ?? [])
    let source =
      keepsSource
      ? step.instructionVariants.map { SentenceEnd.removing(from: $0, keeping: names) } : []
    var variants: [String] = []
    for t in text.instructions(for: step, ended: false) + source
    where !t.isEmpty && t != road && !variants.contains(t) {
      variants.append(t)
    }
    // Longest first: the card shows the longest that fits, the shortest when none does.
    variants.sort { $0.count > $1.count }
    return ManeuverContent(
      type: step.maneuver.type, drivingSide: step.drivingSide,
      distance: phrases.displayDistance(distance), instructionVariants: variants, road: road,
      exitNumber: step.signpost?.exit, towardsVariants: step.signpost?.towardsVariants ?? [])
  }
}
