import Foundation
import Geo

/// What the fleet reporter knows about the vehicle at one instant: the values a report can
/// carry, each nil when unknown (no fix yet, no route).
///
/// `route` is the remaining route as the vertices still ahead of the vehicle, destination
/// last; the vehicle's own point is `location`, so a server draws the remainder as
/// `location` followed by `route`. It goes on the wire as a polyline6 string.
public struct FleetSnapshot: Sendable, Equatable {
  public var location: Coordinate?
  /// Degrees clockwise from true north.
  public var heading: Double?
  /// Metres per second.
  public var speed: Double?
  /// The route's vertices ahead of the vehicle; nil when not navigating.
  public var route: [Coordinate]?
  /// Metres to the destination along the route.
  public var remainingDistance: Double?
  /// Estimated time of arrival.
  public var eta: Date?

  public init(
    location: Coordinate? = nil, heading: Double? = nil, speed: Double? = nil,
    route: [Coordinate]? = nil, remainingDistance: Double? = nil, eta: Date? = nil
  ) {
    self.location = location
    self.heading = heading
    self.speed = speed
    self.route = route
    self.remainingDistance = remainingDistance
    self.eta = eta
  }

  /// Nothing known.
  public static let empty = FleetSnapshot()

  /// The vertices of `geometry` more than `offset` metres along it (distances as
  /// `Polyline` measures them, which is how guidance measures its offset); at least the
  /// last vertex while `geometry` has one.
  public static func remaining(of geometry: [Coordinate], after offset: Double) -> [Coordinate] {
    guard let last = geometry.last else { return [] }
    let line = Polyline(geometry)
    guard let first = line.cumulative.firstIndex(where: { $0 > offset }) else { return [last] }
    return Array(geometry[first...])
  }
}
