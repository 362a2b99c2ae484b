import Foundation
import Geo

/// Why guidance is paused (CarPlay's `CPTripPauseReason`, same raw values).
public enum PauseReason: Int, Sendable, Equatable, CustomStringConvertible {
  case arrived = 1
  /// The route is being computed.
  case loading
  /// No position.
  case locating
  /// Off the route, a new one is being computed.
  case rerouting
  /// Off the route with no router: drive back to it.
  case proceedToRoute

  public var description: String {
    switch self {
    case .arrived: "arrived"
    case .loading: "loading"
    case .locating: "locating"
    case .rerouting: "rerouting"
    case .proceedToRoute: "proceedToRoute"
    }
  }
}

/// Timers the session asks its owner to run; each fires back as `.timer(id)`.
public enum SessionTimer: String, Sendable, Hashable {
  /// Fires 2 s after the last good fix: the fix is then stale.
  case fixWatchdog
  /// Advances the estimated position once a second while the fix is lost.
  case deadReckoning
}

/// A route the session needs computed.
public struct RouteRequest: Sendable, Equatable {
  public enum Reason: String, Sendable {
    case initial
    case reroute
  }
  public var reason: Reason
  /// Start point; nil when no position is known yet.
  public var origin: Coordinate?
  /// Heading at the start, degrees, when moving.
  public var heading: Double?
  public var destination: Coordinate
  /// The kinds of road the trip keeps off where it can (the driver's route options).
  public var avoid: AvoidableRoads = []

  public init(
    reason: Reason, origin: Coordinate?, heading: Double?, destination: Coordinate,
    avoid: AvoidableRoads = []
  ) {
    self.reason = reason
    self.origin = origin
    self.heading = heading
    self.destination = destination
    self.avoid = avoid
  }
}

/// An event the session could not take in its current state; returned, never thrown.
public struct SessionRejection: Sendable, Equatable, CustomStringConvertible {
  public var event: String
  public var state: String
  public var reason: String
  public var description: String { "cannot \(event) while \(state): \(reason)" }
}
