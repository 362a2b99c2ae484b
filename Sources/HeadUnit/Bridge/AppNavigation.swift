import Foundation
import Navigation
import Rendering
import Templates

/// A navigation session whose maneuvers and estimates a bridge app supplies (CarPlay's
/// `CPNavigationSession` seen from the head unit): the trip and route choice it was
/// started for, the upcoming maneuvers, the latest estimates and whether it is paused.
///
/// A value; the head unit draws it as the guidance card, the "then" card and the trip
/// estimates over the map, and computes nothing itself.
public struct AppNavigation: Sendable, Equatable {
  public var trip: Templates.Trip
  public var routeChoice: Int
  /// Upcoming maneuvers, the next first.
  public var maneuvers: [BridgeManeuver] = []
  public var tripEstimates: BridgeEstimates?
  /// Estimates to the next maneuver; nil: the next maneuver's own initial estimates.
  public var maneuverEstimates: BridgeEstimates?
  /// Why guidance is paused, nil while it runs.
  public var pause: PauseReason?
  public var pauseDescription: String?

  public init(trip: Templates.Trip, routeChoice: Int) {
    self.trip = trip
    self.routeChoice = routeChoice
  }

  /// Puts the cards on `scene` (the bare map with the vehicle) for the instant `now`.
  public func decorate(
    _ scene: inout NavigationScene, phrases: Phrasebook, now: Date, timeZone: TimeZone
  ) {
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
          ? NavigationScreenModel.clock(now.addingTimeInterval(estimates.timeRemaining), timeZone)
          : "--:--",
        timeRemaining: known ? NavigationScreenModel.duration(estimates.timeRemaining) : "--",
        distanceRemaining: estimates.distanceRemaining >= 0
          ? phrases.displayDistance(estimates.distanceRemaining) : "--")
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
