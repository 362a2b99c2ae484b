import Foundation

/// A WGS84 position in degrees.
///
/// Latitude is positive north, longitude positive east. Values are not normalised;
/// readers validate ranges before they build one.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether both values are finite and within ±90° / ±180°.
  public var isValid: Bool {
    latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
  }

  public var description: String {
    String(format: "%.6f,%.6f", latitude, longitude)
  }
}
