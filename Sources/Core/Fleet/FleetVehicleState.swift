import Foundation
import Geo
import Navigation

/// The vehicle as the daemon's core knows it, handed to `FleetService` after every event.
///
/// Cheap to copy (the route is shared, not copied); ``snapshot`` does the work of cutting
/// out the remaining route, on the service's queue and only when a tick reads it.
public struct FleetVehicleState: Sendable {
  public var location: Coordinate?
  public var heading: Double?
  public var speed: Double?
  /// The route being guided, while a trip is under way.
  public var route: Route?
  /// Metres along `route` where the vehicle is taken to be.
  public var routeOffset: Double?
  public var remainingDistance: Double?
  public var eta: Date?

  public init(
    location: Coordinate? = nil, heading: Double? = nil, speed: Double? = nil,
    route: Route? = nil, routeOffset: Double? = nil, remainingDistance: Double? = nil,
    eta: Date? = nil
  ) {
    self.location = location
    self.heading = heading
    self.speed = speed
    self.route = route
    self.routeOffset = routeOffset
    self.remainingDistance = remainingDistance
    self.eta = eta
  }

  /// What a report can carry; the remaining route from `route` past `routeOffset`.
  public var snapshot: FleetSnapshot {
    FleetSnapshot(
      location: location, heading: heading, speed: speed,
      route: route.map { FleetSnapshot.remaining(of: $0.geometry, after: routeOffset ?? 0) },
      remainingDistance: remainingDistance, eta: eta)
  }
}
