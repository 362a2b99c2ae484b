import Core
import Foundation
import Geo
import JSON

extension FleetReport {
  /// The report as a JSON object, keys sorted; `null` for a field that became unknown.
  /// `location` carries the fix's `altitude` and `accuracy` (metres, one decimal) when
  /// known; they change with it, never on their own.
  public var object: JSONValue {
    var members: [(String, JSONValue)] = [
      ("vehicleId", .string(vehicleId)), ("sequence", .number(Double(sequence))),
      ("time", .string(Self.timestamp(time))),
    ]
    func put(_ key: String, _ value: JSONValue?) { members.append((key, value ?? .null)) }
    for field in fields {
      switch field {
      case .location:
        put(
          "location",
          values.location.map { location in
            var members: [(String, JSONValue)] = [
              ("latitude", .number(Self.rounded(location.latitude, 6))),
              ("longitude", .number(Self.rounded(location.longitude, 6))),
            ]
            if let altitude = values.altitude {
              members.append(("altitude", .number(Self.rounded(altitude, 1))))
            }
            if let accuracy = values.accuracy {
              members.append(("accuracy", .number(Self.rounded(accuracy, 1))))
            }
            return JSONValue.object(members)
          })
      case .heading: put("heading", values.heading.map { .number(Self.rounded($0, 1)) })
      case .speed: put("speed", values.speed.map { .number(Self.rounded($0, 1)) })
      case .route:
        put(
          "remainingPolyline",
          values.route.map { .string(PolylineCodec.encode($0, precision: 6)) })
      case .remainingDistance:
        put("remainingDistance", values.remainingDistance.map { .number($0.rounded()) })
      case .eta: put("eta", values.eta.map { .string(Self.timestamp($0)) })
      }
    }
    return JSONValue.object(members).sortingKeys()
  }

  /// The request body: ``object`` as compact JSON text.
  public var json: Data { Data(object.serialized.utf8) }

  private static func rounded(_ value: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
  }
}
