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
  /// Metres above mean sea level, within ``altitudes``; reported with `location`.
  public var altitude: Double?
  /// The fix's horizontal error estimate (gpsd's `eph`, about 95 % confidence), metres,
  /// within ``accuracies``; reported with `location`.
  public var accuracy: Double?
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
    location: Coordinate? = nil, altitude: Double? = nil, accuracy: Double? = nil,
    heading: Double? = nil, speed: Double? = nil, route: [Coordinate]? = nil,
    remainingDistance: Double? = nil, eta: Date? = nil
  ) {
    self.location = location
    self.altitude = altitude
    self.accuracy = accuracy
    self.heading = heading
    self.speed = speed
    self.route = route
    self.remainingDistance = remainingDistance
    self.eta = eta
  }

  /// Altitudes a report carries: from the Dead Sea shore to well above any road; a
  /// receiver's value outside is left out.
  public static let altitudes = -500.0...9000.0
  /// Accuracies a report carries; a larger error estimate is no position worth a number.
  public static let accuracies = 0.0...100_000.0

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
