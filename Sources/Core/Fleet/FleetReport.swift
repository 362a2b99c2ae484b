import Foundation
import Geo
import JSON

/// One report to the fleet endpoint: who, which one, when, and the fields that changed
/// since the server last acknowledged a report.
///
/// On the wire (``json``), keys sorted, a field that became unknown sent as `null`:
///
///     {"eta": "2026-05-01T12:34:56Z", "heading": 92.5,
///      "location": {"latitude": 60.169857, "longitude": 24.938379},
///      "remainingDistance": 1840, "remainingPolyline": "…polyline6…",
///      "sequence": 17, "speed": 8.3, "time": "2026-05-01T12:30:06Z", "vehicleId": "van-7"}
///
/// `sequence` counts reports made from 1 since the reporter started; a gap means reports
/// were dropped from a full queue. Units: degrees, metres, metres per second, ISO-8601 UTC.
public struct FleetReport: Sendable, Equatable {
  public var vehicleId: String
  public var sequence: Int
  /// When the values were read.
  public var time: Date
  /// The values; only those in `fields` are sent.
  public var values: FleetSnapshot
  public var fields: Set<FleetField>

  public init(
    vehicleId: String, sequence: Int, time: Date, values: FleetSnapshot, fields: Set<FleetField>
  ) {
    self.vehicleId = vehicleId
    self.sequence = sequence
    self.time = time
    self.values = values
    self.fields = fields
  }

  /// The report as a JSON object, keys sorted; `null` for a field that became unknown.
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
          values.location.map {
            .object([
              ("latitude", .number(Self.rounded($0.latitude, 6))),
              ("longitude", .number(Self.rounded($0.longitude, 6))),
            ])
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

  /// `2026-05-01T12:30:06Z`: whole seconds, UTC.
  public static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0,
      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
  }

  private static func rounded(_ value: Double, _ digits: Int) -> Double {
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
  }
}
