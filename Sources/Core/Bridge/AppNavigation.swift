import Foundation
import Navigation
import Templates

/// A navigation session whose maneuvers and estimates a bridge app supplies (CarPlay's
/// `CPNavigationSession` seen from the head unit): the trip and route choice it was
/// started for, the upcoming maneuvers, the latest estimates and whether it is paused.
///
/// A value; the head unit draws it as the guidance card, the "then" card and the trip
/// estimates over the map (`AppNavigation+Scene.swift` in the app), and computes nothing
/// itself.
public struct AppNavigation: Sendable, Equatable {
  public var trip: Trip
  public var routeChoice: Int
  /// Upcoming maneuvers, the next first.
  public var maneuvers: [BridgeManeuver] = []
  public var tripEstimates: BridgeEstimates?
  /// Estimates to the next maneuver; nil: the next maneuver's own initial estimates.
  public var maneuverEstimates: BridgeEstimates?
  /// Why guidance is paused, nil while it runs.
  public var pause: PauseReason?
  public var pauseDescription: String?

  public init(trip: Trip, routeChoice: Int) {
    self.trip = trip
    self.routeChoice = routeChoice
  }
}
