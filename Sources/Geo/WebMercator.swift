import Foundation

/// The spherical Web Mercator projection (EPSG:3857) used by web and offline map tiles.
///
/// Maps drawn in this plane line up with any tile or vector layer added later. Plane
/// units are "mercator metres": equal to ground metres at the equator and stretched by
/// `1 / cos(latitude)` elsewhere (`scale(atLatitude:)`).
public enum WebMercator {
  /// The sphere radius EPSG:3857 uses (the WGS84 semi-major axis), metres.
  public static let radius = 6_378_137.0
  /// Latitude beyond which the projection is cut off (the square world of web maps).
  public static let maximumLatitude = 85.051_128_779_806_59

  /// `c` in the plane: x east, y north, in mercator metres from (0°, 0°).
  public static func project(_ c: Coordinate) -> PlanePoint {
    let latitude = min(maximumLatitude, max(-maximumLatitude, c.latitude)) * .pi / 180
    return PlanePoint(
      x: radius * c.longitude * .pi / 180,
      y: radius * log(tan(.pi / 4 + latitude / 2)))
  }

  /// The coordinate at plane point `p` (the inverse of `project(_:)`).
  public static func unproject(_ p: PlanePoint) -> Coordinate {
    Coordinate(
      latitude: (2 * atan(exp(p.y / radius)) - .pi / 2) * 180 / .pi,
      longitude: p.x / radius * 180 / .pi)
  }

  /// Mercator metres per ground metre at `latitude` degrees.
  public static func scale(atLatitude latitude: Double) -> Double {
    1 / cos(min(maximumLatitude, abs(latitude)) * .pi / 180)
  }

  /// Ground metres per pixel at web-map zoom level `zoom` (256-pixel tiles) and `latitude`.
  public static func groundResolution(zoom: Double, latitude: Double) -> Double {
    2 * .pi * radius / (256 * pow(2, zoom)) / scale(atLatitude: latitude)
  }
}
