import Foundation
import Geo

/// One report to the fleet endpoint: who, which one, when, and the fields that changed
/// since the server last acknowledged a report.
///
/// On the wire (`FleetReport+JSON.swift` in the app), keys sorted, a field that became unknown sent as `null`:
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

  /// `2026-05-01T12:30:06Z`: whole seconds, UTC.
  public static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0,
      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
  }

}
