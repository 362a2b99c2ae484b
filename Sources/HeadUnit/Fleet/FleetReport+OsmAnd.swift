import Core
import Foundation

extension FleetReport {
  /// The report as the OsmAnd protocol's query parameters, as Traccar reads them
  /// (traccar.org/osmand): `id` (the vehicle id), `timestamp` (UNIX seconds), `lat`, `lon`
  /// (degrees, 6 decimals), `speed` (knots, Traccar's default unit for this protocol),
  /// `bearing` (degrees), `altitude` (metres), `accuracy` (metres); nil without a fix. Like
  /// OwnTracks, each request carries the current values in full; what is not known is
  /// left out. The unit runs on the car's power and knows no battery level, so `batt` is
  /// never sent.
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
    if let altitude = values.altitude {
      parameters.append(("altitude", String(format: "%.1f", altitude)))
    }
    if let accuracy = values.accuracy {
      parameters.append(("accuracy", String(format: "%.1f", accuracy)))
    }
    return parameters
  }

  /// One knot: a nautical mile (1852 m) an hour.
  static let metresPerSecondPerKnot = 1852.0 / 3600
}
