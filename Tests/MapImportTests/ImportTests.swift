import Foundation
import Geo
import MapFile
import RoadCosts
import Routing
import Testing

@testable import MapImport
@testable import OSMPBF

@Suite struct ImportTests {
  let map: RoadMap
  let summary: RoadMapBuilder.Summary

  init() throws {
    let output = SyntheticNetwork.builder.build()
    map = try RoadMap(data: output.data)
    summary = output.summary
  }

  func edge(from a: Int64, to b: Int64) -> RoadEdge? {
    guard let from = map.node(osm: a), let to = map.node(osm: b) else { return nil }
    return map.outgoing(from: from).map(map.edge).first { $0.to == to }
  }

  @Test func graphHasAJunctionAtEverySharedNodeAndAnEdgePerDirection() throws {
    #expect(map.nodeCount == 11)
    #expect(map.edgeCount == 16)
    #expect(summary.nodes == 11 && summary.edges == 16)
    for interior: Int64 in [4, 6, 11, 12, 13] { #expect(map.node(osm: interior) == nil) }
    for dropped: Int64 in [9, 20] { #expect(map.node(osm: dropped) == nil) }
    #expect(map.edges(ofWay: 103).isEmpty && map.edges(ofWay: 107).isEmpty)
    #expect(map.edges(ofWay: 109).isEmpty)
    #expect(map.edges(ofWay: 100).count == 4)
    #expect(map.edges(ofWay: 110).count == 2)
    try map.verify()
  }

  @Test func edgesAreSortedByStartWithCSRRanges() {
    var seen = 0
    for node in 0..<map.nodeCount {
      let range = map.outgoing(from: node)
      #expect(range.lowerBound == seen)
      seen = range.upperBound
      for id in range { #expect(map.edge(id).from == node) }
      for id in map.incoming(to: node) { #expect(map.edge(id).to == node) }
    }
    #expect(seen == map.edgeCount)
    #expect((0..<map.nodeCount).map { map.incoming(to: $0).count }.reduce(0, +) == map.edgeCount)
  }

  @Test func onewaysRunOnlyTheirWay() {
    #expect(edge(from: 3, to: 7) != nil)
    #expect(edge(from: 7, to: 3) == nil)
    #expect(edge(from: 8, to: 3) != nil)
    #expect(edge(from: 3, to: 8) == nil)
    #expect(edge(from: 16, to: 17) != nil)  // motorway: implied oneway
    #expect(edge(from: 17, to: 16) == nil)
    #expect(edge(from: 3, to: 5) != nil && edge(from: 5, to: 3) != nil)
  }

  @Test func attributes() throws {
    let main = try #require(edge(from: 1, to: 2))
    #expect(main.name == "Main Street")
    #expect(main.roadClass == .primary)
    // Edge speeds are travel speeds: the limit at the share `TravelSpeed` gives (0.9 of a
    // tagged limit; of an implicit one, 0.7 on a residential street).
    #expect(abs(main.speed - 50 * 0.9 / 3.6) < 0.01)
    #expect(main.turnLanes == "left|through")
    #expect(edge(from: 2, to: 1)?.turnLanes == "through|right")
    #expect(edge(from: 3, to: 5)?.turnLanes == nil)
    let link = try #require(edge(from: 5, to: 10))
    #expect(abs(link.speed - 20 * 1.609_344 * 0.9 / 3.6) < 0.01)
    #expect(link.name == "")
    let motorway = try #require(edge(from: 16, to: 17))
    #expect(motorway.ref == "1" && motorway.roadClass == .motorway)
    #expect(abs(motorway.speed - 120 * 0.9 / 3.6) < 0.01)
    // No maxspeed: the Finnish default for the class (urban 50).
    #expect(abs((edge(from: 3, to: 7)?.speed ?? 0) - 50 * 0.7 / 3.6) < 0.01)
    #expect(summary.country == "FI")
  }

  @Test func roundaboutIsOneOnewayLoop() throws {
    let node = try #require(map.node(osm: 10))
    let loops = map.outgoing(from: node).map(map.edge).filter { $0.to == node }
    #expect(loops.count == 1)
    #expect(loops.first?.isRoundabout == true)
    #expect(map.geometry(ofEdge: map.edges(ofWay: 104)[0]).count == 5)
  }

  @Test func geometryRunsFromStartToEndInBothDirections() throws {
    for id in 0..<map.edgeCount {
      let edge = map.edge(id)
      let geometry = map.geometry(ofEdge: id)
      #expect(geometry.first == map.coordinate(ofNode: edge.from))
      #expect(geometry.last == map.coordinate(ofNode: edge.to))
      let length = zip(geometry, geometry.dropFirst()).map { Earth.distance($0, $1) }.reduce(0, +)
      #expect(abs(length - edge.length) < 0.02)
    }
    let forward = try #require(edge(from: 3, to: 5))
    let backward = try #require(edge(from: 5, to: 3))
    #expect(forward.length == backward.length)
    let ids = map.edges(ofWay: 110)
    #expect(map.geometry(ofEdge: ids[0]) == map.geometry(ofEdge: ids[1]).reversed())
  }

  @Test func wayClippedAtAMissingNodeKeepsBothParts() {
    #expect(edge(from: 2, to: 14) != nil)
    #expect(edge(from: 15, to: 16) != nil && edge(from: 16, to: 15) != nil)
    #expect(summary.waysSplitAtGaps == 1)
    #expect(summary.missingNodeReferences == 1)
  }

  @Test func restrictionsAreTiedToDirectedEdges() throws {
    let via = try #require(map.node(osm: 3))
    let restrictions = map.restrictions(at: via)
    #expect(restrictions.count == 2)
    let noLeft = try #require(restrictions.first { $0.kind == .no })
    #expect(map.edge(noLeft.from).wayID == 100 && map.edge(noLeft.from).to == via)
    #expect(map.edge(noLeft.to).wayID == 101 && map.edge(noLeft.to).from == via)
    let only = try #require(restrictions.first { $0.kind == .only })
    #expect(map.edge(only.from).wayID == 110 && map.edge(only.to).wayID == 100)
    #expect(map.edge(only.to).to == map.node(osm: 2))
    #expect(summary.restrictionsKept == 3)
    #expect(summary.restrictionsSkipped["via way"] == 1)
    #expect(summary.restrictionsSkipped["not for cars"] == 1)
    #expect(summary.restrictionsSkipped[RestrictionRule.Skip.ambiguous.rawValue] == 1)
    let two = try #require(map.node(osm: 2))
    for node in 0..<map.nodeCount where node != via && node != two {
      #expect(map.restrictions(at: node).isEmpty)
    }
  }

  @Test func aToWayThroughTheViaNodeIsResolvedByTheTurn() throws {
    // Coming north from 14 to 2, Main Street runs west (left, to 1) and east (right, to 3).
    let via = try #require(map.node(osm: 2))
    let restrictions = map.restrictions(at: via)
    #expect(restrictions.count == 1)
    let restriction = try #require(restrictions.first)
    #expect(restriction.kind == .no)
    #expect(map.edge(restriction.from).from == map.node(osm: 14))
    #expect(map.edge(restriction.to).to == map.node(osm: 1))
  }

  @Test func placesFromNodesAndWays() throws {
    let places = map.places
    #expect(places.count == 4)
    #expect(places.first { $0.name == "Neste" }?.category == "Fuel")
    #expect(places.first { $0.name == "Café Ursula" }?.category == "Café")
    #expect(places.first { $0.name == "Kamppi" }?.category == "Suburb")
    let parking = try #require(places.first { $0.name == "P-Center" })
    #expect(parking.category == "Parking")
    let (lat, lon) = SyntheticNetwork.coordinate(20.0 / 3, 7.0 / 3)
    #expect(abs(parking.coordinate.latitude * 1e7 - Double(lat)) < 2)
    #expect(abs(parking.coordinate.longitude * 1e7 - Double(lon)) < 2)
  }

  @Test func importingThePBFGivesTheSameBytesAsTheBuilder() throws {
    let direct = SyntheticNetwork.builder.build().data
    for (compress, dense) in [(true, true), (false, false), (true, false)] {
      var encoder = SyntheticNetwork.encoder
      encoder.compress = compress
      encoder.dense = dense
      encoder.elementsPerBlob = 5
      let pbf = try PBFFile(data: encoder.data(), name: "synthetic.osm.pbf")
      let imported = try MapImporter().importPBF(pbf)
      #expect(imported.data == direct)
      #expect(imported.summary == SyntheticNetwork.builder.build().summary)
    }
  }

  @Test func buildIsIndependentOfInputOrder() {
    var builder = RoadMapBuilder()
    for relation in SyntheticNetwork.relations.reversed() { builder.addRelation(relation) }
    for way in SyntheticNetwork.ways.reversed() { builder.addWay(way) }
    for node in SyntheticNetwork.nodes.reversed() { builder.addNode(node) }
    #expect(builder.build().data == SyntheticNetwork.builder.build().data)
  }

  @Test func edgesNearReturnTheNearestFirst() throws {
    // A point 10 m north of the middle of 3–5 (Main Street), far from the rest.
    let a = map.coordinate(ofNode: try #require(map.node(osm: 3)))
    let b = map.coordinate(ofNode: try #require(map.node(osm: 5)))
    let middle = Coordinate(
      latitude: (a.latitude + b.latitude) / 2 + 10 / 111_195,
      longitude: (a.longitude + b.longitude) / 2)
    let near = map.edges(near: middle, radius: 30)
    #expect(Set(near) == Set(map.edges(ofWay: 110)))
    let wider = map.edges(near: middle, radius: 300)
    #expect(Set(wider.prefix(2)) == Set(map.edges(ofWay: 110)))
    #expect(wider.count > 2)
    // Each next edge is no nearer than the one before.
    let distances = wider.map { id in
      map.geometry(ofEdge: id).map { Earth.distance($0, middle) }.min()!
    }
    #expect(distances.first! < 12)
    #expect(map.edges(near: Coordinate(latitude: 10, longitude: 10), radius: 1000).isEmpty)
    #expect(map.edges(near: middle, radius: 0.5).isEmpty)
    // Absurd input gives an answer, not a trap.
    #expect(map.edges(near: middle, radius: 1e300).count == map.edgeCount)
    #expect(map.edges(near: middle, radius: .nan).isEmpty)
    #expect(map.edges(near: Coordinate(latitude: .nan, longitude: 0), radius: 10).isEmpty)
  }

  @Test func profileDecisions() {
    let profile = CarProfile(limits: SpeedLimits(country: "FI"))
    #expect(profile.way(tags: ["highway": "service"]) != nil)
    #expect(profile.way(tags: ["highway": "service", "service": "driveway"]) == nil)
    #expect(profile.way(tags: ["highway": "residential", "motor_vehicle": "no"]) == nil)
    #expect(
      profile.way(tags: ["highway": "residential", "access": "no", "motorcar": "yes"]) != nil)
    #expect(profile.way(tags: ["highway": "pedestrian"]) == nil)
    #expect(profile.way(tags: ["highway": "primary", "area": "yes"]) == nil)
    #expect(profile.way(tags: ["highway": "motorway_link"])?.backward == false)
    #expect(profile.way(tags: ["highway": "trunk_link"])?.backward == true)
    #expect(profile.way(tags: ["highway": "motorway", "oneway": "no"])?.backward == true)
    #expect(profile.way(tags: ["highway": "primary", "junction": "circular"])?.backward == false)
    #expect(profile.way(tags: ["highway": "primary", "oneway": "reversible"]) == nil)
  }

  @Test(arguments: [
    ("50", "FI", 50.0), ("30 mph", "GB", 48.28), ("30mph", "US", 48.28), ("FI:urban", "FI", 50),
    ("FI:rural", "FI", 80), ("DE:zone30", "DE", 30), ("DE:zone:20", "DE", 20),
    ("GB:nsl_single", "GB", 96.56), ("walk", "DE", 6), ("none", "DE", 130), ("40;60", "FI", 40),
    ("20 knots", "FI", 37.04),
  ])
  func maxspeedValues(value: String, country: String, kmh: Double) throws {
    let parsed = try #require(SpeedLimits(country: country).parse(value, roadClass: .primary))
    #expect(abs(parsed - kmh) < 0.01)
  }

  @Test func speedDefaultsPerCountry() {
    #expect(SpeedLimits(country: "FI").defaultLimit(for: .residential) == 50)
    #expect(SpeedLimits(country: "DE").defaultLimit(for: .motorway) == 130)
    #expect(SpeedLimits(country: "XX").country == "default")
    #expect(SpeedLimits(country: nil).parse("signals", roadClass: .primary) == nil)
    let tags = ["highway": "residential", "source:maxspeed": "FI:urban"]
    #expect(
      SpeedLimits(country: "FI").limit(tags: tags, roadClass: .residential, forward: true) == 50)
    #expect(SpeedLimits.country(near: 60.17, 24.94) == "FI")
    #expect(SpeedLimits.country(near: 52.5, 13.4) == "DE")
    #expect(SpeedLimits.country(near: -33.9, 151.2) == "AU")  // a country without a table
    #expect(SpeedLimits(country: "AU").country == "default")
  }
}
