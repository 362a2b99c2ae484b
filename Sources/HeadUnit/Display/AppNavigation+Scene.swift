import Core
import Foundation
import Navigation
import Rendering
import Templates

extension AppNavigation {
  /// Puts the cards on `scene` (the bare map with the vehicle) for the instant `now`.
  public func decorate(
    _ scene: inout NavigationScene, phrases: Phrasebook, now: Date, timeZone: TimeZone
  ) {
    let text = phrases.screenText
    scene.text = text
    // The app's maneuvers stand whatever the unit's own GPS says; only its pause shows.
    scene.banner = nil
    if let pause {
      scene.banner =
        pause == .arrived ? .arrived(trip.destinationNameVariants.first) : .paused(pause)
      return
    }
    if let next = maneuvers.first {
      let distance = maneuverEstimates?.distanceRemaining ?? next.estimates?.distanceRemaining
      scene.maneuver = content(next, distance: distance, phrases: phrases)
      if maneuvers.count > 1 {
        let then = maneuvers[1]
        scene.secondary = .then(
          content(then, distance: then.estimates?.distanceRemaining, phrases: phrases))
      }
    }
    if let estimates = tripEstimates {
      let known = estimates.timeRemaining >= 0
      scene.trip = TripContent(
        arrival: known
          ? text.clock(now.addingTimeInterval(estimates.timeRemaining), timeZone)
          : "--:--",
        timeRemaining: known ? text.duration(estimates.timeRemaining) : "--",
        distanceRemaining: estimates.distanceRemaining >= 0
          ? text.distance(estimates.distanceRemaining) : "--")
    }
  }

  private func content(_ maneuver: BridgeManeuver, distance: Double?, phrases: Phrasebook)
    -> ManeuverContent
  {
    ManeuverContent(
      type: maneuver.type, drivingSide: maneuver.drivingSide,
      distance: distance.map { $0 >= 0 ? phrases.displayDistance($0) : "--" } ?? "",
      instructionVariants: maneuver.instructionVariants.sorted { $0.count > $1.count },
      road: maneuver.road)
  }
}
