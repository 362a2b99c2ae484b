import Foundation

/// How high the sun stands above the horizon, from the position and the time alone (no
/// network, no table): the low-precision solar position of the Astronomical Almanac —
/// the sun's mean longitude and anomaly, the equation of centre, the obliquity of the
/// ecliptic, the equation of time — good to about 0.01° over 1950–2050, far finer than a
/// switch at civil twilight needs.
public enum SunElevation {
  /// The sun's centre above the horizon at `coordinate` and `date`, in degrees (negative
  /// below it), without refraction.
  public static func degrees(at coordinate: Coordinate, on date: Date) -> Double {
    let radians = Double.pi / 180
    // Days since J2000.0 (2000-01-01 12:00 UTC).
    let n = date.timeIntervalSince1970 / 86_400 - 10_957.5
    let meanLongitude = normalized(280.460 + 0.985_647_4 * n)
    let meanAnomaly = normalized(357.528 + 0.985_600_3 * n) * radians
    let eclipticLongitude =
      (meanLongitude + 1.915 * sin(meanAnomaly) + 0.020 * sin(2 * meanAnomaly)) * radians
    let obliquity = (23.439 - 0.000_000_4 * n) * radians
    let declination = asin(sin(obliquity) * sin(eclipticLongitude))
    let rightAscension = atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude))
    // Greenwich mean sidereal time, degrees, then the local hour angle.
    let sidereal = normalized(280.460_618_37 + 360.985_647_366_29 * n)
    let hourAngle = (sidereal + coordinate.longitude) * radians - rightAscension
    let latitude = coordinate.latitude * radians
    let sine =
      sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * cos(hourAngle)
    return asin(min(1, max(-1, sine))) / radians
  }

  private static func normalized(_ degrees: Double) -> Double {
    let r = degrees.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
  }
}

/// Day or night for a screen, switched at civil twilight (the sun 6° below the horizon,
/// when streetlights come on and headlights are needed) with a margin either side, so a
/// unit near the threshold — a drive along the dusk line, a fix that wanders — does not
/// flip the theme back and forth.
public struct Daylight: Sendable, Equatable {
  /// The sun's elevation at civil twilight, degrees.
  public static let civilTwilight = -6.0
  /// How far past the threshold the sun must be before the state changes, degrees.
  public static let margin = 0.5

  /// Whether it is day; nil until the first position.
  public private(set) var isDay: Bool?

  public init() {}

  /// Day or night at `coordinate` and `date`, given the last answer: day once the sun is
  /// above civil twilight by the margin, night once it is below by the margin, else as
  /// before (the first answer takes the threshold itself).
  public mutating func update(at coordinate: Coordinate, on date: Date) -> Bool {
    let elevation = SunElevation.degrees(at: coordinate, on: date)
    switch isDay {
    case nil: isDay = elevation >= Self.civilTwilight
    case true?: if elevation < Self.civilTwilight - Self.margin { isDay = false }
    case false?: if elevation > Self.civilTwilight + Self.margin { isDay = true }
    }
    return isDay ?? true
  }
}
