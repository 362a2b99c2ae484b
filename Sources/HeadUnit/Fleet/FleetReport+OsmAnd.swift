import Core
import Foundation

extension FleetReport {
  /// The report as the OsmAnd protocol's query parameters, as Traccar reads them
  /// (traccar.org/osmand): `id` (the vehicle id), `timestamp` (UNIX seconds), `lat`, `lon`
  /// (degrees, 6 decimals), `speed` (knots, Traccar's default unit for this protocol),
  /// `bearing` (degrees); nil without a fix. Like OwnTracks, each request carries the
  /// current values in full. The unit knows no altitude, accuracy or battery level, so
  /// `altitude`, `accuracy` and `batt` are left out (Traccar keeps its last values).
  public var osmAndParameters: [(String, String)]? {
    guard let location = values.location else { return nil }
    var parameters = [
      ("id", vehicleId),
      ("timestamp", String(Int(time.timeIntervalSince1970.rounded(.down)))),
      ("lat", String(format: "%.6f", location.latitude)),
      ("lon", String(format: "%.6f", location.longitude)),
    ]
    if let speed = values.speed {
      parameters.append(("speed", String(format: "%.1f", speed / Self.metresPerSecondPerKnot)))
    }
    if let heading = values.heading {
      parameters.append(("bearing", String(format: "%.1f", heading)))
    }
    return parameters
  }

  /// One knot: a nautical mile (1852 m) an hour.
  static let metresPerSecondPerKnot = 1852.0 / 3600
}
