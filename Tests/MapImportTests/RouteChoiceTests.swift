import Geo
import MapFile
import MapImport
import OSMPBF
import RoadCosts
import Routing
import Testing

/// Which route the import's costs choose: routing speeds, node obstacles, roads under
/// works, a small roundabout driven round, time-bound restrictions.
@Suite("Route choice from the map's costs")
struct RouteChoiceTests {
  typealias Maps = SpeedDefaultsTests.Maps

  /// A map of `ways` (node ids, tags) over nodes at metres east and north of a point in
  /// Helsinki; `nodeTags` on some of the nodes.
  static func map(
    nodes: [Int64: (Double, Double)], ways: [(Int64, [Int64], [String: String])],
    nodeTags: [Int64: [String: String]] = [:], relations: [OSMRelation] = []
  ) throws -> RoadMap {
    var builder = RoadMapBuilder(country: "FI")
    for (id, p) in nodes.sorted(by: { $0.key < $1.key }) {
      builder.addNode(id: id, coordinate: Maps.point(p.0, p.1), tags: nodeTags[id] ?? [:])
    }
    for (id, refs, tags) in ways { builder.addWay(id: id, nodes: refs, tags: tags) }
    for relation in relations { builder.addRelation(relation) }
    return try builder.map()
  }

  /// A straight street from west to east through node 2, a detour north of it, and a road
  /// on from each end.
  static let street: [Int64: (Double, Double)] = [
    0: (-200, 0), 1: (0, 0), 2: (300, 0), 3: (600, 0), 4: (0, 400), 5: (600, 400),
    7: (800, 0),
  ]
  static func streetWays(_ main: [String: String]) -> [(Int64, [Int64], [String: String])] {
    [
      (1, [1, 2, 3], main),
      (2, [1, 4, 5, 3], ["highway": "residential"]),
      (3, [0, 1], ["highway": "residential"]),
      (4, [3, 7], ["highway": "residential"]),
    ]
  }

  static func route(_ map: RoadMap, _ from: (Double, Double), _ to: (Double, Double)) throws
    -> RoutePath
  {
    try #require(
      try Router(graph: map).paths(from: Maps.point(from.0, from.1), to: Maps.point(to.0, to.1))
        .first)
  }

  @Test func ratesFollowTheCarProfile() {
    #expect(RoutingRate.kmh(tags: [:], roadClass: .primary, taggedLimit: nil, twoWay: true) == 65)
    #expect(
      RoutingRate.kmh(tags: [:], roadClass: .residential, taggedLimit: nil, twoWay: true) == 25)
    #expect(RoutingRate.kmh(tags: [:], roadClass: .primary, taggedLimit: 50, twoWay: true) == 40)
    #expect(
      RoutingRate.kmh(
        tags: ["surface": "cobblestone"], roadClass: .secondary, taggedLimit: nil, twoWay: true)
        == 30)
    #expect(
      RoutingRate.kmh(
        tags: ["service": "parking_aisle"], roadClass: .service, taggedLimit: nil, twoWay: true)
        == 7.5)
    // One lane both ways is halved; a oneway lane is not.
    #expect(
      RoutingRate.kmh(tags: ["lanes": "1"], roadClass: .tertiary, taggedLimit: nil, twoWay: true)
        == 20)
    #expect(
      RoutingRate.kmh(
        tags: ["lanes": "1"], roadClass: .tertiary, taggedLimit: nil, twoWay: false) == 40)
    #expect(
      RoutingRate.kmh(
        tags: ["width": "3,5 m"], roadClass: .tertiary, taggedLimit: nil, twoWay: true) == 24)
  }

  @Test func nodeObstacles() {
    #expect(NodeObstacle.of(["barrier": "bollard"]) == .closed)
    #expect(NodeObstacle.of(["barrier": "bollard", "bollard": "rising"]) == nil)
    #expect(NodeObstacle.of(["barrier": "block", "motor_vehicle": "yes"]) == nil)
    #expect(NodeObstacle.of(["barrier": "gate"]) == .delay(seconds: 60))
    #expect(NodeObstacle.of(["barrier": "lift_gate", "access": "no"]) == .closed)
    #expect(NodeObstacle.of(["barrier": "kerb", "kerb": "lowered"]) == nil)
    #expect(NodeObstacle.of(["barrier": "toll_booth"]) == nil)
    #expect(NodeObstacle.of(["highway": "traffic_signals"]) == .delay(seconds: 2))
    #expect(NodeObstacle.of(["highway": "give_way"]) == .delay(seconds: 1))
    #expect(NodeObstacle.of(["highway": "crossing"]) == nil)
    #expect(NodeObstacle.of([:]) == nil)
  }

  /// A bollard in the middle of the street: the route goes round by the detour, and a
  /// destination beyond it is reached from the other side.
  @Test func aBollardClosesTheStreet() throws {
    let open = try Self.map(nodes: Self.street, ways: Self.streetWays(["highway": "residential"]))
    #expect(abs(try Self.route(open, (50, 0), (550, 0)).distance - 500) < 1)
    let closed = try Self.map(
      nodes: Self.street, ways: Self.streetWays(["highway": "residential"]),
      nodeTags: [2: ["barrier": "bollard"]])
    let round = try Self.route(closed, (50, 0), (550, 0))
    #expect(abs(round.distance - 1500) < 1, "\(round.distance)")
    // Just past the bollard: from the east, not through it.
    let beyond = try Self.route(closed, (50, 0), (320, 0))
    #expect(abs(beyond.distance - (50 + 400 + 600 + 400 + 280)) < 1, "\(beyond.distance)")
  }

  /// A gate costs a minute of route choice, not of the estimate: a detour of under a
  /// minute more is taken, and the route's time is the roads' alone.
  @Test func aGateIsAvoidedWhenTheWayRoundIsShort() throws {
    var nodes = Self.street
    nodes[4] = (0, 50)
    nodes[5] = (600, 50)
    let ways = Self.streetWays(["highway": "residential"])
    let gated = try Self.map(nodes: nodes, ways: ways, nodeTags: [2: ["barrier": "gate"]])
    // 700 m round at 25 km/h (101 s) against 600 m and the gate (86 s + 60 s).
    let round = try Self.route(gated, (50, 0), (550, 0))
    #expect(abs(round.distance - 800) < 1, "\(round.distance) \(round.cost) \(round.duration)")
    let through = try Self.map(
      nodes: Self.street, ways: [(1, [1, 2, 3], ["highway": "residential"])],
      nodeTags: [2: ["barrier": "gate"]])
    let path = try Self.route(through, (50, 0), (550, 0))
    #expect(abs(path.distance - 500) < 1)
    #expect(path.duration < 60, "the gate's minute is not in the estimate: \(path.duration) s")
    #expect(path.cost > path.duration + 59)
  }

  /// A road under works is driven only where nothing else gets there within an hour, or to
  /// reach a destination on it.
  @Test func aRoadUnderWorksIsAvoided() throws {
    let works = ["highway": "primary", "construction": "primary"]
    let map = try Self.map(nodes: Self.street, ways: Self.streetWays(works))
    #expect(abs(try Self.route(map, (-100, 0), (700, 0)).distance - 1600) < 1)
    #expect(abs(try Self.route(map, (50, 0), (550, 0)).distance - 500) < 1, "on the road itself")
    let minor = try Self.map(
      nodes: Self.street, ways: Self.streetWays(["highway": "primary", "construction": "minor"]))
    #expect(abs(try Self.route(minor, (-100, 0), (700, 0)).distance - 800) < 1)
  }

  /// A roundabout whose way meets other roads at two nodes only is two edges between the
  /// same nodes, both driven forward: going on round it from one to the other is not a
  /// U-turn, so a route round it does not go out to a dead end and back.
  @Test func aSmallRoundaboutIsDrivenRound() throws {
    let nodes: [Int64: (Double, Double)] = [
      1: (0, -30), 2: (30, 0), 3: (0, 30), 4: (-30, 0), 5: (0, -230), 6: (0, 230),
    ]
    let map = try Self.map(
      nodes: nodes,
      ways: [
        (1, [1, 2, 3, 4, 1], ["highway": "residential", "junction": "roundabout"]),
        (2, [1, 5], ["highway": "residential"]),
        (3, [3, 6], ["highway": "residential", "oneway": "yes"]),
      ])
    // From the roundabout just before node 1 (on its way from 3 round by 4) out to road 3.
    let path = try Self.route(map, (-20, -10), (0, 130))
    #expect(path.distance < 250, "round the roundabout, not out to road 2's end: \(path.distance)")
  }

  /// A restriction for certain hours (`day_on`, `hour_on`) holds at every hour.
  @Test func aRestrictionForCertainHoursHolds() throws {
    let nodes: [Int64: (Double, Double)] = [1: (0, 0), 2: (300, 0), 3: (300, 300), 4: (600, 0)]
    let ways: [(Int64, [Int64], [String: String])] = [
      (1, [1, 2], ["highway": "residential"]), (2, [2, 3], ["highway": "residential"]),
      (3, [2, 4], ["highway": "residential"]), (4, [4, 3], ["highway": "residential"]),
    ]
    let restriction = OSMRelation(
      id: 9,
      members: [
        .init(type: .way, ref: 1, role: "from"), .init(type: .node, ref: 2, role: "via"),
        .init(type: .way, ref: 2, role: "to"),
      ],
      tags: [
        "type": "restriction", "restriction": "no_left_turn", "day_on": "Mo", "day_off": "Fr",
        "hour_on": "7", "hour_off": "18",
      ])
    let free = try Self.map(nodes: nodes, ways: ways)
    #expect(abs(try Self.route(free, (10, 0), (300, 290)).distance - 580) < 1)
    let map = try Self.map(nodes: nodes, ways: ways, relations: [restriction])
    let path = try Self.route(map, (10, 0), (300, 290))
    #expect(abs(path.distance - (290 + 300 + 424.3 + 10)) < 2, "\(path.distance)")
  }
}
