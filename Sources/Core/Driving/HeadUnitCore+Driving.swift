import Foundation
import Geo
import Navigation

/// Driving: the road under the vehicle, its limit, and the speed warning.
extension HeadUnitCore {
  /// After a fix with a position (and after the session took it): the road driven and
  /// its limit, then the speed warning; a redraw when either changed, the chime when an
  /// excursion starts (unless prompts are muted).
  ///
  /// While guidance follows the route, the road is the route's (its name, its annotated
  /// limit) and the map fills in what the route does not say; otherwise it is the map's
  /// road nearest the position in the direction of travel.
  mutating func drive(_ fix: Fix, at now: Date) {
    guard let coordinate = fix.coordinate else { return }
    // Standing, the course is noise: the last heading while moving says which way.
    let moving = (fix.speed ?? 0) >= RouteMatcher.minimumSpeedForHeading
    var road = app.provider.road(
      near: coordinate, heading: moving ? fix.course ?? heading : heading)
    if let guidance, guidance.state == .navigating, guidance.offRoutePosition == nil,
      let update = guidance.latest
    {
      road = DrivenRoad(
        name: update.roadNameVariants.first ?? road?.name,
        speedLimit: guidance.route.speedLimits?.limit(at: update.offset) ?? road?.speedLimit)
    }
    if road?.name == nil, road?.speedLimit == nil { road = nil }
    var changed = road != self.road
    self.road = road
    let warning = speedWarning.handle(
      .update(speed: fix.speed ?? speed, limit: road?.speedLimit), at: now)
    for effect in warning {
      switch effect {
      case .warning: changed = true
      case .chime where !isMuted && isAudioAvailable: effects.append(.chime)
      case .chime: break
      }
    }
    if changed { effects.append(.redraw) }
  }

  /// Whether `speed` puts the driving limits on or off for the app on screen or the
  /// built-in one.
  func changesDrivingLimits(_ speed: Double) -> Bool {
    if (speed > app.controller.configuration.drivingSpeed) != app.controller.isDrivingLimited {
      return true
    }
    guard let screen = bridge.screen else { return false }
    return (speed > screen.controller.configuration.drivingSpeed)
      != screen.controller.isDrivingLimited
  }

  /// The headlights line settled at `on`: the screen is drawn again in its theme.
  mutating func headlights(_ on: Bool) {
    guard headlightsOn != on else { return }
    headlightsOn = on
    effects.append(.redraw)
  }
}
