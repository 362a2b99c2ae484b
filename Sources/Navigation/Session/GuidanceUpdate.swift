import Foundation
import Geo

/// Distance and time still to go, to a maneuver or to the destination.
///
/// Negative values mean unknown ("--" on screen); zero means arriving.
public struct TravelEstimates: Sendable, Equatable {
  public var distanceRemaining: Double
  public var timeRemaining: Duration

  public init(distanceRemaining: Double, timeRemaining: Duration) {
    self.distanceRemaining = distanceRemaining
    self.timeRemaining = timeRemaining
  }
}

/// How close the vehicle is to the upcoming maneuver (CarPlay's `CPManeuverState`).
public enum ManeuverState: Int, Sendable, Equatable {
  /// Far from it: follow the road.
  case `continue` = 0
  /// Just started guidance towards it.
  case initial
  /// Inside the early-prompt zone.
  case prepare
  /// Inside the final-prompt zone: act now.
  case execute
}

/// Whether the position shown comes from a fresh fix or from dead reckoning.
public enum PositionQuality: String, Sendable, Equatable {
  case good
  /// No fix for more than 2 s: advanced along the route at the last speed.
  case estimated
  /// No position (before the first fix, or estimation gave up).
  case lost
}

/// A maneuver ahead with its distance and time from the vehicle.
public struct UpcomingManeuver: Sendable, Equatable {
  /// Index of the step whose maneuver this is.
  public var index: Int
  public var step: RouteStep
  /// The instruction as text, in the session's language.
  public var instruction: String
  public var estimates: TravelEstimates
}

/// What the screens and a bridge client show while guiding; published at most once a second.
public struct GuidanceUpdate: Sendable, Equatable {
  /// The next maneuver and, when there is one, the one after it.
  public var upcoming: [UpcomingManeuver]
  public var maneuverState: ManeuverState
  /// To the destination.
  public var trip: TravelEstimates
  /// Estimated arrival time.
  public var arrival: Date
  /// Where the vehicle is taken to be on the route.
  public var position: Coordinate
  /// Metres along the route.
  public var offset: Double
  public var quality: PositionQuality
  /// The road being driven, most to least verbose.
  public var roadNameVariants: [String]
}
