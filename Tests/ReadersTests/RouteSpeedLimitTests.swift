import Foundation
import JSON
import Navigation
import Testing

@testable import Readers

/// Speed limits from a route's annotations: read where they fit the leg's shape, ignored
/// (entry by entry, or the leg's whole list) where they do not.
@Suite struct RouteSpeedLimitTests {
  /// helsinki-1.json as read without annotations.
  func plain() throws -> Route {
    try #require(try OSRMRouteReader.read(contentsOf: ReaderFixtures.route("helsinki-1")).first)
  }

  /// helsinki-1.json with `annotation` set on its first leg.
  func annotated(_ annotation: [String: Any]) throws -> Route {
    let data = try Data(contentsOf: ReaderFixtures.route("helsinki-1"))
    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var routes = try #require(json["routes"] as? [[String: Any]])
    var legs = try #require(routes[0]["legs"] as? [[String: Any]])
    legs[0]["annotation"] = annotation
    routes[0]["legs"] = legs
    json["routes"] = routes
    let changed = try JSONSerialization.data(withJSONObject: json)
    return try #require(try OSRMRouteReader.read(changed).first)
  }

  func segments() throws -> (count: Int, offsets: [Double]) {
    let shape = OSRMRouteReader.shape(of: try plain().legs[0])
    return (shape.count - 1, shape.map(\.offset))
  }

  static func kmh(_ value: Int) -> [String: Any] { ["speed": value, "unit": "km/h"] }

  @Test func routeWithoutAnnotationsHasNoLimits() throws {
    #expect(try plain().speedLimits == nil)
  }

  @Test func maxspeedGivesTheLimitAlongTheRoute() throws {
    let (count, offsets) = try segments()
    let half = count / 2
    var entries: [[String: Any]] = (0..<count).map { $0 < half ? Self.kmh(50) : Self.kmh(30) }
    entries[count - 1] = ["unknown": true]
    let route = try annotated(["maxspeed": entries])
    let limits = try #require(route.speedLimits)
    #expect(limits.limit(at: 0)?.value == 50)
    #expect(limits.limit(at: (offsets[half] + offsets[half + 1]) / 2)?.value == 30)
    #expect(limits.limit(at: offsets[count - 1] + 0.1) == nil)
    #expect(limits.limit(at: 1e9) == nil)
  }

  @Test func malformedEntriesAreIgnored() throws {
    let (count, offsets) = try segments()
    let bad: [Any] = [
      ["speed": -5, "unit": "km/h"], ["speed": 9999, "unit": "km/h"], ["speed": "50"],
      ["speed": 50, "unit": "knots"], [:] as [String: Any], ["speed": 12.5], "fifty",
    ]
    var entries: [Any] = Array(repeating: Self.kmh(40), count: count)
    for (i, value) in bad.enumerated() where i < count { entries[i] = value }
    let route = try annotated(["maxspeed": entries])
    let limits = try #require(route.speedLimits)
    #expect(limits.limit(at: 0) == nil)
    #expect(limits.limit(at: offsets[bad.count] + 0.1)?.value == 40)
  }

  @Test func aListThatDoesNotFitTheShapeIsDropped() throws {
    let (count, _) = try segments()
    let route = try annotated(["maxspeed": Array(repeating: Self.kmh(50), count: count + 3)])
    #expect(route.speedLimits == nil)
    #expect(route.steps.count == (try plain()).steps.count)
    #expect(try annotated(["maxspeed": "50"]).speedLimits == nil)
  }

  @Test func valhallaSpeedLimitsInKilometresPerHour() throws {
    let (count, offsets) = try segments()
    var entries: [Any] = Array(repeating: 60, count: count)
    entries[0] = 0
    entries[1] = "unlimited"
    entries[2] = -3
    let route = try annotated(["speed_limit": entries])
    let limits = try #require(route.speedLimits)
    #expect(limits.limit(at: 0) == nil)
    #expect(
      limits.limit(at: offsets[3] + 0.1)
        == SpeedLimit(value: 60, unit: .kilometresPerHour, source: .tagged))
  }

  struct Entry: Sendable, CustomStringConvertible {
    var json: String
    var code: JSONError.Code?
    var limit: SpeedLimit?
    var description: String { json }
  }

  static let entries: [Entry] = [
    Entry(
      json: #"{"speed": 50, "unit": "km/h"}"#,
      limit: .init(value: 50, unit: .kilometresPerHour, source: .tagged)),
    Entry(
      json: #"{"speed": 30, "unit": "mph"}"#,
      limit: .init(value: 30, unit: .milesPerHour, source: .tagged)),
    Entry(
      json: #"{"speed": 80}"#, limit: .init(value: 80, unit: .kilometresPerHour, source: .tagged)),
    Entry(json: #"{"unknown": true}"#),
    Entry(json: #"{"none": true}"#),
    Entry(json: #"{"speed": -5, "unit": "km/h"}"#, code: .outOfRange),
    Entry(json: #"{"speed": 0, "unit": "km/h"}"#, code: .outOfRange),
    Entry(json: #"{"speed": 9999, "unit": "km/h"}"#, code: .outOfRange),
    Entry(json: #"{"speed": 250, "unit": "mph"}"#, code: .outOfRange),
    Entry(json: #"{"speed": 12.5}"#, code: .outOfRange),
    Entry(json: #"{"speed": "50"}"#, code: .wrongType),
    Entry(json: #"{"speed": 50, "unit": "knots"}"#, code: .invalid),
    Entry(json: #"{}"#, code: .invalid),
    Entry(json: #""50""#, code: .wrongType),
  ]

  @Test(arguments: entries)
  func maxspeedEntry(_ entry: Entry) throws {
    let node = try JSONNode(parsing: Data(entry.json.utf8))
    do throws(JSONError) {
      let limit = try OSRMRouteReader.speedLimit(maxspeed: node)
      #expect(entry.code == nil, "read \(String(describing: limit))")
      #expect(limit == entry.limit)
    } catch {
      #expect(error.code == entry.code, "\(error)")
    }
  }
}
