import Foundation

/// A point in a local metric plane: x east, y north, in metres.
public struct PlanePoint: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// An equirectangular projection centred on `origin`: metres east and north of it.
///
/// Within a few tens of kilometres of the origin the error is well under 0.1 %, which
/// makes it the fast path for matching fixes to a route (no trigonometry per point).
public struct LocalProjection: Sendable {
  public let origin: Coordinate
  private let metresPerDegreeLatitude: Double
  private let metresPerDegreeLongitude: Double

  public init(origin: Coordinate) {
    self.origin = origin
    metresPerDegreeLatitude = Earth.radius * .pi / 180
    metresPerDegreeLongitude = metresPerDegreeLatitude * cos(origin.latitude * .pi / 180)
  }

  public func project(_ c: Coordinate) -> PlanePoint {
    PlanePoint(
      x: (c.longitude - origin.longitude) * metresPerDegreeLongitude,
      y: (c.latitude - origin.latitude) * metresPerDegreeLatitude)
  }

  public func unproject(_ p: PlanePoint) -> Coordinate {
    Coordinate(
      latitude: origin.latitude + p.y / metresPerDegreeLatitude,
      longitude: origin.longitude + p.x / metresPerDegreeLongitude)
  }
}
