import Foundation
import Testing

@testable import Navigation

@Suite("Speed limits along a route")
struct RouteSpeedLimitsTests {
  static func kmh(_ value: Int) -> SpeedLimit {
    SpeedLimit(value: value, unit: .kilometresPerHour, source: .tagged)
  }

  @Test func spansAreOrderedMergedAndLookedUp() {
    let limits = RouteSpeedLimits(spans: [
      .init(start: 300, limit: Self.kmh(30)), .init(start: 100, limit: Self.kmh(50)),
      .init(start: 200, limit: Self.kmh(50)), .init(start: 500, limit: nil),
    ])
    #expect(limits.spans.map(\.start) == [0, 100, 300, 500])
    #expect(limits.limit(at: -5) == nil)
    #expect(limits.limit(at: 50) == nil)
    #expect(limits.limit(at: 100) == Self.kmh(50))
    #expect(limits.limit(at: 299.9) == Self.kmh(50))
    #expect(limits.limit(at: 300) == Self.kmh(30))
    #expect(limits.limit(at: 1e9) == nil)
    #expect(!limits.isEmpty)
    #expect(limits.problem == nil)
    #expect(RouteSpeedLimits(spans: [.init(start: .nan, limit: nil)]).isEmpty)
  }

  /// Read from a saved trip, spans skip the initializer: out of order or out of range, the
  /// route is refused with the reason.
  @Test(arguments: [
    (
      #"{"spans": [{"start": 0}, {"start": 50}, {"start": 20}]}"#,
      "spans[2].start: expected 0 first, then ever larger, got 20.0"
    ),
    (
      #"{"spans": [{"start": 5}]}"#, "spans[0].start: expected 0 first, then ever larger, got 5.0"
    ),
    (
      #"{"spans": [{"start": 0, "limit": {"value": 9999, "unit": 0, "source": 1}}]}"#,
      "spans[0].limit: expected 1–300, got 9999"
    ),
    (
      #"{"spans": [{"start": 0, "limit": {"value": -5, "unit": 1, "source": 1}}]}"#,
      "spans[0].limit: expected 1–200, got -5"
    ),
  ])
  func savedSpansAreChecked(_ json: String, _ problem: String) throws {
    let limits = try JSONDecoder().decode(RouteSpeedLimits.self, from: Data(json.utf8))
    #expect(limits.problem == problem)
    var route = SessionFixtures.route
    route.speedLimits = limits
    #expect(route.problem == "speedLimits." + problem)
  }
}
