import Foundation

/// Great-circle geometry on a spherical Earth (mean radius), accurate to about 0.5 %
/// — far better than GPS at the distances a car covers between two fixes.
public enum Earth {
  /// Mean Earth radius in metres (IUGG).
  public static let radius = 6_371_008.8

  /// Great-circle distance in metres (haversine).
  public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
    let lat1 = a.latitude.radians
    let lat2 = b.latitude.radians
    let dLat = lat2 - lat1
    let dLon = (b.longitude - a.longitude).radians
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * radius * asin(min(1, h.squareRoot()))
  }

  /// Initial bearing from `a` towards `b`, in degrees clockwise from north, in [0, 360).
  public static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
    let lat1 = a.latitude.radians
    let lat2 = b.latitude.radians
    let dLon = (b.longitude - a.longitude).radians
    let y = sin(dLon) * cos(lat2)
    let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
    return Angle.normalized(atan2(y, x).degrees)
  }

  /// The point reached from `start` after `distance` metres on initial `bearing` degrees.
  public static func destination(from start: Coordinate, bearing: Double, distance: Double)
    -> Coordinate
  {
    let angular = distance / radius
    let theta = bearing.radians
    let lat1 = start.latitude.radians
    let lon1 = start.longitude.radians
    let lat2 = asin(sin(lat1) * cos(angular) + cos(lat1) * sin(angular) * cos(theta))
    let lon2 =
      lon1 + atan2(sin(theta) * sin(angular) * cos(lat1), cos(angular) - sin(lat1) * sin(lat2))
    var longitude = lon2.degrees
    if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
    return Coordinate(latitude: lat2.degrees, longitude: longitude)
  }
}

/// Helpers for compass angles in degrees.
public enum Angle {
  /// `degrees` folded into [0, 360).
  public static func normalized(_ degrees: Double) -> Double {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
  }

  /// Signed turn from `from` to `to` in (-180, 180]; positive is clockwise (a right turn).
  public static func difference(from: Double, to: Double) -> Double {
    var d = normalized(to - from)
    if d > 180 { d -= 360 }
    return d
  }

  /// Whether `bearing` lies strictly inside the narrower angle between bearings `a` and `b`
  /// (more than a degree from either; never when they are opposite).
  public static func isBetween(_ bearing: Double, _ a: Double, _ b: Double) -> Bool {
    let span = abs(difference(from: a, to: b))
    let toA = abs(difference(from: bearing, to: a))
    let toB = abs(difference(from: bearing, to: b))
    return span < 180 && toA > 1 && toB > 1 && abs(toA + toB - span) < 0.5
  }
}

extension Double {
  @inlinable var radians: Double { self * .pi / 180 }
  @inlinable var degrees: Double { self * 180 / .pi }
}
