import Foundation
import Geo
import Maneuvers
import MapFile
import MapImport
import Navigation
import Routing
import Testing

/// What the importer keeps for the route options — tolls (tagged, and a toll booth on the
/// way), motorways, ferries a car may take with their duration, unpaved surfaces — and
/// routes that avoid them where they can.
@Suite("Roads to avoid: import and routing")
struct AvoidableRoadTests {
  /// Node `i` at `i` hundredths of a degree east of 60° N 25° E, and `j` north.
  static func at(_ east: Double, _ north: Double = 0) -> Coordinate {
    Coordinate(latitude: 60 + north / 100, longitude: 25 + east / 100)
  }

  static func map(
    _ ways: [(nodes: [Int64], tags: [String: String])], nodes: [Int64: (Double, Double)],
    nodeTags: [Int64: [String: String]] = [:]
  ) throws -> RoadMap {
    var b = RoadMapBuilder(country: "FI")
    for (id, p) in nodes.sorted(by: { $0.key < $1.key }) {
      b.addNode(id: id, coordinate: at(p.0, p.1), tags: nodeTags[id] ?? [:])
    }
    for (i, way) in ways.enumerated() {
      b.addWay(id: Int64(100 + i), nodes: way.nodes, tags: way.tags)
    }
    return try b.map()
  }

  /// The kinds of the edge from the node at `from` toward the node at `to`.
  static func kinds(_ map: RoadMap, _ from: Coordinate, _ to: Coordinate) -> AvoidableRoads? {
    let start = (0..<map.nodeCount).first { Earth.distance(map.coordinate(ofNode: $0), from) < 1 }
    let end = (0..<map.nodeCount).first { Earth.distance(map.coordinate(ofNode: $0), to) < 1 }
    guard let start, let end else { return nil }
    return map.outgoing(from: start).first { map.edge($0).to == end }.map { map.edge($0).avoidable }
  }

  @Test func tagsBecomeKinds() throws {
    let nodes: [Int64: (Double, Double)] = [
      1: (0, 0), 2: (1, 0), 3: (2, 0), 4: (3, 0), 5: (4, 0), 6: (5, 0), 7: (6, 0),
    ]
    let map = try Self.map(
      [
        ([1, 2], ["highway": "primary", "toll": "yes"]),
        ([2, 3], ["highway": "motorway"]),
        ([3, 4], ["highway": "unclassified", "tracktype": "grade3"]),
        ([4, 5], ["highway": "secondary", "surface": "gravel"]),
        ([5, 6], ["highway": "secondary"]),
        ([6, 7], ["highway": "secondary", "surface": "asphalt"]),
      ], nodes: nodes, nodeTags: [6: ["barrier": "toll_booth"]])
    #expect(Self.kinds(map, Self.at(0), Self.at(1)) == .tolls)
    #expect(Self.kinds(map, Self.at(1), Self.at(2)) == .motorways)
    #expect(Self.kinds(map, Self.at(2), Self.at(3)) == .unpaved)
    #expect(Self.kinds(map, Self.at(3), Self.at(4)) == .unpaved)
    #expect(Self.kinds(map, Self.at(4), Self.at(5)) == .tolls, "the way into a toll booth")
    #expect(Self.kinds(map, Self.at(5), Self.at(6)) == .tolls, "the way out of a toll booth")
  }

  /// Two shores joined by a car ferry of 1 h over 12 km, and a passenger ferry beside it.
  static func ferries() throws -> RoadMap {
    let nodes: [Int64: (Double, Double)] = [
      1: (0, 0), 2: (1, 0), 3: (20, 0), 4: (21, 0), 5: (1, 1), 6: (20, 1),
    ]
    return try map(
      [
        ([1, 2], ["highway": "residential", "name": "Harbour road"]),
        (
          [2, 3],
          ["route": "ferry", "name": "Island ferry", "duration": "01:00", "motor_vehicle": "yes"]
        ),
        ([3, 4], ["highway": "residential", "name": "Island road"]),
        ([5, 6], ["route": "ferry", "foot": "yes"]),
        ([2, 5], ["highway": "residential"]),
      ], nodes: nodes)
  }

  @Test func carFerriesWithTheirDuration() throws {
    let map = try Self.ferries()
    #expect(Self.kinds(map, Self.at(1), Self.at(20)) == .ferries)
    #expect(Self.kinds(map, Self.at(1, 1), Self.at(20, 1)) == nil, "a passenger ferry is no road")
    let route = try #require(
      try Router(graph: map).routes(from: Self.at(0.5), to: Self.at(20.5)).first)
    // 1 h on the ferry, a minute or so on the roads.
    #expect(route.duration > 3600 && route.duration < 3800, "\(route.duration) s")
    let kinds = route.steps.map(\.maneuver.kind)
    #expect(kinds.contains(.enterFerry) && kinds.contains(.exitFerry), "\(kinds)")
    #expect(route.classes == .ferries)
    // Avoiding ferries: none goes the other way, so the route still takes it and says so.
    let avoiding = try #require(
      try Router(graph: map).avoiding(.ferries).paths(
        from: Self.at(0.5), heading: nil, to: Self.at(20.5)
      ).first)
    #expect(avoiding.unavoided == .ferries)
  }

  /// A toll motorway straight from west to east, and a free road round by the north twice
  /// as long.
  static func tollOrFree() throws -> RoadMap {
    let nodes: [Int64: (Double, Double)] = [
      1: (0, 0), 2: (1, 0), 3: (9, 0), 4: (10, 0), 5: (1, 4), 6: (9, 4),
    ]
    return try map(
      [
        ([1, 2], ["highway": "primary"]),
        ([2, 3], ["highway": "motorway", "toll": "yes", "oneway": "no"]),
        ([3, 4], ["highway": "primary"]),
        ([2, 5, 6, 3], ["highway": "primary"]),
      ], nodes: nodes)
  }

  @Test func avoidingTollsAndMotorwaysTakesTheFreeRoad() throws {
    let map = try Self.tollOrFree()
    for usingHierarchy in [true, false] {
      let router = Router(graph: map, usingHierarchy: usingHierarchy)
      let direct = try #require(try router.routes(from: Self.at(0.5), to: Self.at(9.5)).first)
      #expect(direct.classes == [.tolls, .motorways])
      for avoid in [AvoidableRoads.tolls, .motorways, [.tolls, .motorways], .all] {
        let around = try #require(
          try router.avoiding(avoid).routes(from: Self.at(0.5), to: Self.at(9.5)).first)
        #expect(around.classes.isEmpty, "avoiding \(avoid)")
        #expect(around.distance > direct.distance * 1.5)
        let path = try #require(
          try router.avoiding(avoid).paths(from: Self.at(0.5), heading: nil, to: Self.at(9.5)).first
        )
        #expect(path.unavoided.isEmpty)
      }
      #expect(
        try router.avoiding(.ferries).routes(from: Self.at(0.5), to: Self.at(9.5)).first?.distance
          == direct.distance)
    }
  }

  @Test func aDestinationOnlyATollReachesIsStillReached() throws {
    let nodes: [Int64: (Double, Double)] = [1: (0, 0), 2: (1, 0), 3: (2, 0), 4: (3, 0)]
    let map = try Self.map(
      [
        ([1, 2], ["highway": "primary"]), ([2, 3], ["highway": "primary", "toll": "yes"]),
        ([3, 4], ["highway": "primary", "surface": "dirt"]),
      ], nodes: nodes)
    let path = try #require(
      try Router(graph: map).avoiding([.tolls, .unpaved, .ferries]).paths(
        from: Self.at(0.5), heading: nil, to: Self.at(2.5)
      ).first)
    #expect(path.unavoided == [.tolls, .unpaved])
  }
}
