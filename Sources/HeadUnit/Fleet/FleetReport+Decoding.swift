import Core
import Foundation
import Geo
import JSON
import Readers

extension FleetReport {
  /// The longest `vehicleId` read back; the configuration's own is far shorter.
  static let vehicleIdLimit = 256

  /// Reads back a report from its ``object`` form, as the saved queue holds it: the keys
  /// present are its fields (`null` for a field that became unknown), each value checked
  /// into its range, any other key an error. Encoding the result gives the same object.
  ///
  /// - Throws: `JSONError` naming the JSON path and what was expected there.
  public init(object node: JSONNode) throws(JSONError) {
    let keys = ["vehicleId", "sequence", "time"] + FleetField.allCases.map(\.key)
    let members = try node.object(keys: keys)
    let vehicleIdNode = try node.required("vehicleId")
    let vehicleId = try vehicleIdNode.nonEmptyString()
    guard vehicleId.utf8.count <= Self.vehicleIdLimit else {
      throw vehicleIdNode.error(
        expected: "at most \(Self.vehicleIdLimit) bytes", code: .outOfRange)
    }
    let sequence = try node.required("sequence").integer(
      in: 1...Int(JSONNode.integerLimit) - 1)
    let time = try Self.date(node.required("time"))
    var values = FleetSnapshot.empty
    var fields: Set<FleetField> = []
    for field in FleetField.allCases {
      guard let member = members[field.key] else { continue }
      fields.insert(field)
      guard let value = member.nonNull else { continue }
      switch field {
      case .location:
        _ = try value.object(keys: ["latitude", "longitude", "altitude", "accuracy"])
        values.location = Coordinate(
          latitude: try value.required("latitude").number(in: -90...90),
          longitude: try value.required("longitude").number(in: -180...180))
        values.altitude = try value.optional("altitude")?.number(in: FleetSnapshot.altitudes)
        values.accuracy = try value.optional("accuracy")?.number(in: FleetSnapshot.accuracies)
      case .heading: values.heading = try value.number(in: 0...360)
      case .speed: values.speed = try value.number(in: 0...1000)
      case .route: values.route = try Self.polyline(value)
      case .remainingDistance: values.remainingDistance = try value.number(in: 0...1e8)
      case .eta: values.eta = try Self.date(value)
      }
    }
    self.init(
      vehicleId: vehicleId, sequence: sequence, time: time, values: values, fields: fields)
  }

  /// A timestamp as ``timestamp(_:)`` writes it (any ISO 8601 time is taken), from the
  /// years 2000–2199: a unit's reports are never older, and a year of fewer or more than
  /// four digits would not be written back the same.
  static func date(_ node: JSONNode) throws(JSONError) -> Date {
    let text = try node.string()
    guard let date = UTCTime.parseISO8601(text), validTimes.contains(date.timeIntervalSince1970)
    else {
      throw node.error(
        expected: "an ISO 8601 time from 2000 to 2199 such as 2027-01-15T08:02:40Z")
    }
    return date
  }

  /// 2000-01-01T00:00:00Z ..< 2200-01-01T00:00:00Z, in seconds since 1970.
  private static let validTimes = 946_684_800.0..<7_258_118_400.0

  /// The remaining route, a polyline6 string with at least one point in range.
  private static func polyline(_ node: JSONNode) throws(JSONError) -> [Coordinate] {
    let text = try node.string()
    let points: [Coordinate]
    do throws(PolylineCodec.DecodingError) {
      points = try PolylineCodec.decode(text, precision: 6)
    } catch {
      throw node.error("not a polyline6 (\(error))")
    }
    let valid = points.allSatisfy {
      (-90...90).contains($0.latitude) && (-180...180).contains($0.longitude)
    }
    guard valid, !points.isEmpty else {
      throw node.error(expected: "a polyline6 of at least one point, each on the globe")
    }
    return points
  }
}

extension FleetField {
  /// The report's key for this field.
  var key: String {
    switch self {
    case .location: "location"
    case .heading: "heading"
    case .speed: "speed"
    case .route: "remainingPolyline"
    case .remainingDistance: "remainingDistance"
    case .eta: "eta"
    }
  }
}
