import Foundation
import Geo
import Navigation

/// The vehicle as the daemon's core knows it, handed to `FleetService` after every event.
///
/// Cheap to copy (the route is shared, not copied); ``snapshot`` does the work of cutting
/// out the remaining route, on the service's queue and only when a tick reads it.
public struct FleetVehicleState: Sendable {
  public var location: Coordinate?
  /// Metres above mean sea level, of the fix that gave `location`.
  public var altitude: Double?
  /// The horizontal error estimate of that fix, metres.
  public var accuracy: Double?
  public var heading: Double?
  public var speed: Double?
  /// The route being guided, while a trip is under way.
  public var route: Route?
  /// Metres along `route` where the vehicle is taken to be.
  public var routeOffset: Double?
  public var remainingDistance: Double?
  public var eta: Date?

  public init(
    location: Coordinate? = nil, altitude: Double? = nil, accuracy: Double? = nil,
    heading: Double? = nil, speed: Double? = nil, route: Route? = nil,
    routeOffset: Double? = nil, remainingDistance: Double? = nil, eta: Date? = nil
  ) {
    self.location = location
    self.altitude = altitude
    self.accuracy = accuracy
    self.heading = heading
    self.speed = speed
    self.route = route
    self.routeOffset = routeOffset
    self.remainingDistance = remainingDistance
    self.eta = eta
  }

  /// What a report can carry; the remaining route from `route` past `routeOffset`; an
  /// altitude or accuracy out of the snapshot's ranges (a receiver's nonsense) left out.
  public var snapshot: FleetSnapshot {
    FleetSnapshot(
      location: location,
      altitude: location == nil
        ? nil : altitude.flatMap { FleetSnapshot.altitudes ~= $0 ? $0 : nil },
      accuracy: location == nil
        ? nil : accuracy.flatMap { FleetSnapshot.accuracies ~= $0 ? $0 : nil },
      heading: heading, speed: speed,
      route: route.map { FleetSnapshot.remaining(of: $0.geometry, after: routeOffset ?? 0) },
      remainingDistance: remainingDistance, eta: eta)
  }
}
