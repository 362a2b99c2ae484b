import Geo
import MapFile
import MapImport
import Routing
import Testing

/// Regressions found by comparing routes with OSRM and Valhalla over the Helsinki extract
/// (`Tools/compare-routes.py`).
@Suite struct RouteQualityTests {
  typealias Maps = SyntheticMaps

  /// A map from nodes (id: metres east, north) and ways (nodes, tags), through the importer.
  static func map(
    nodes: [Int64: (Double, Double)], ways: [(nodes: [Int64], tags: [String: String])]
  ) throws -> RoadMap {
    var builder = RoadMapBuilder(country: "FI")
    for (id, p) in nodes { builder.addNode(id: id, coordinate: Maps.point(p.0, p.1)) }
    for (i, way) in ways.enumerated() {
      builder.addWay(id: Int64(i + 1), nodes: way.nodes, tags: way.tags)
    }
    return try builder.map()
  }

  static let street = ["highway": "residential"]

  /// A start whose nearest road is a oneway stub leading out of the network moves to the
  /// nearest road of the network; the destination stays on its own road (it used to move
  /// too, to whatever road within 200 m was cheapest to reach).
  @Test func onlyTheEndThatLeadsNowhereMovesOffItsNearestRoad() throws {
    let map = try Self.map(
      nodes: [
        1: (0, 0), 2: (300, 0), 3: (300, 300), 4: (0, 300), 5: (-150, 0), 6: (150, 250),
      ],
      ways: [
        ([1, 2, 3, 4, 1], Self.street),
        // A oneway out of the network to the edge of the extract.
        ([1, 5], Self.street.merging(["oneway": "yes"]) { $1 }),
        // A spur toward the destination, cheaper to reach than the road it lies on.
        ([2, 6], Self.street),
      ])
    let router = Router(graph: map)
    let destination = Maps.point(150, 300)
    let path = try #require(
      try router.paths(from: Maps.point(-150, 10), to: destination).first)
    #expect(Earth.distance(path.end, destination) < 1, "ended \(path.end)")
    // On the square's west side, 150 m away, rather than at the stub's dead end.
    #expect(Earth.distance(path.start, Maps.point(0, 10)) < 1, "started \(path.start)")
    #expect(abs(path.distance - 440) < 2, "\(path.distance)")
  }

  /// `motor_vehicle=destination` (or `access=destination`) roads are no shortcut, but a
  /// destination on one is still reached along it.
  @Test func destinationOnlyRoadsAreNoShortcut() throws {
    for tags in [["motor_vehicle": "destination"], ["access": "destination"]] {
      let map = try Self.map(
        nodes: [1: (-100, 0), 2: (0, 0), 3: (100, 0), 4: (200, 0), 5: (0, 100), 6: (200, 100)],
        ways: [
          ([1, 2], Self.street),
          ([2, 3], Self.street.merging(tags) { $1 }),
          ([3, 4], Self.street),
          ([2, 5, 6, 4], Self.street),
        ])
      #expect((0..<map.edgeCount).filter { map.edge($0).isDestinationOnly }.count == 2)
      let router = Router(graph: map)
      let around = try #require(
        try router.paths(from: Maps.point(-50, 0), to: Maps.point(150, 0)).first)
      // 50 + 100 + 200 + 100 + 50 m round the block instead of 200 m straight through.
      #expect(abs(around.distance - 500) < 2, "\(tags): \(around.distance)")
      // The penalty steers the search; it is not part of the driving time.
      #expect(around.duration < 120, "\(around.duration)")
      let onIt = try #require(
        try router.paths(from: Maps.point(-50, 0), to: Maps.point(50, 0)).first)
      #expect(abs(onIt.distance - 100) < 2, "\(tags): \(onIt.distance)")
      #expect(onIt.duration < 60, "\(onIt.duration)")
    }
  }

  @Test func profileMarksDestinationOnlyWays() {
    let profile = CarProfile(limits: SpeedLimits(country: "FI"))
    #expect(profile.way(tags: ["highway": "residential"])?.isDestinationOnly == false)
    #expect(
      profile.way(tags: ["highway": "residential", "motor_vehicle": "destination"])?
        .isDestinationOnly == true)
    #expect(
      profile.way(tags: ["highway": "service", "access": "customers"])?.isDestinationOnly
        == true)
    // The most specific key wins.
    #expect(
      profile.way(tags: ["highway": "residential", "access": "destination", "motorcar": "yes"])?
        .isDestinationOnly == false)
  }
}
