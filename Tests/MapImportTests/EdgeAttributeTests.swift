import Foundation
import Geo
import MapFile
import MapImport
import Navigation
import Routing
import Testing

/// What each edge keeps beyond routing: its limit in its direction, bridges and tunnels,
/// and the overview geometry of the major roads.
@Suite("Edge attributes and overview")
struct EdgeAttributeTests {
  static func road(_ tags: [String: String], country: String? = "FI") throws -> RoadMap {
    var b = RoadMapBuilder(country: country)
    b.addNode(id: 1, coordinate: Coordinate(latitude: 60.17, longitude: 24.93))
    b.addNode(id: 2, coordinate: Coordinate(latitude: 60.17, longitude: 24.94))
    b.addWay(id: 10, nodes: [1, 2], tags: tags)
    return try b.map()
  }

  /// The edge leaving node 0 (west) and the one leaving node 1 (east).
  static func limits(_ map: RoadMap) -> (east: SpeedLimit?, west: SpeedLimit?) {
    let eastward = map.outgoing(from: 0).first.map { map.speedLimit(ofEdge: $0) } ?? nil
    let westward = map.outgoing(from: 1).first.map { map.speedLimit(ofEdge: $0) } ?? nil
    return (eastward, westward)
  }

  @Test func limitsPerDirection() throws {
    let map = try Self.road([
      "highway": "primary", "maxspeed:forward": "60", "maxspeed:backward": "40",
    ])
    let (east, west) = Self.limits(map)
    #expect(east == SpeedLimit(value: 60, unit: .kilometresPerHour, source: .tagged))
    #expect(west == SpeedLimit(value: 40, unit: .kilometresPerHour, source: .tagged))
  }

  @Test func limitsInMilesAndZones() throws {
    let mph = try Self.road(["highway": "primary", "maxspeed": "30 mph"], country: "GB")
    #expect(Self.limits(mph).east == SpeedLimit(value: 30, unit: .milesPerHour, source: .tagged))
    let zone = try Self.road(["highway": "residential", "maxspeed": "DE:zone30"])
    #expect(Self.limits(zone).east?.source == .zone)
    #expect(Self.limits(zone).east?.kilometresPerHour == 30)
    let nsl = try Self.road(["highway": "primary", "maxspeed": "GB:nsl_single"], country: "GB")
    #expect(Self.limits(nsl).east == SpeedLimit(value: 60, unit: .milesPerHour, source: .zone))
  }

  @Test func implicitLimitsSayTheyAre() throws {
    let rural = try Self.road(["highway": "primary"])
    #expect(
      Self.limits(rural).east
        == SpeedLimit(value: 80, unit: .kilometresPerHour, source: .implicitRural))
    let us = try Self.road(["highway": "motorway"], country: "US")
    #expect(
      Self.limits(us).east == SpeedLimit(value: 65, unit: .milesPerHour, source: .implicitRural))
    #expect(Self.limits(us).west == nil, "a oneway has no edge the other way")
  }

  @Test func bridgesAndTunnels() throws {
    let bridge = try Self.road(["highway": "primary", "bridge": "yes", "layer": "2"])
    #expect(bridge.structure(ofEdge: 0) == EdgeStructure(kind: .bridge, layer: 2))
    let tunnel = try Self.road(["highway": "primary", "tunnel": "yes"])
    #expect(tunnel.structure(ofEdge: 0) == EdgeStructure(kind: .tunnel, layer: -1))
    let passage = try Self.road(["highway": "service", "tunnel": "building_passage"])
    #expect(passage.structure(ofEdge: 0).kind == .tunnel)
    let ground = try Self.road(["highway": "primary", "bridge": "no", "layer": "9"])
    #expect(ground.structure(ofEdge: 0) == EdgeStructure(kind: .ground, layer: 5))
  }

  @Test("overview lines keep major roads within the band's tolerance")
  func overviewSimplification() throws {
    var b = RoadMapBuilder(country: "FI")
    // A primary road zigzagging by about a metre every 20 m, 2 km long; a street beside it.
    var points: [Coordinate] = []
    for i in 0...100 {
      points.append(
        Coordinate(
          latitude: 60.17 + (i % 2 == 0 ? 0 : 0.00001), longitude: 24.9 + Double(i) * 0.00036))
    }
    for (i, p) in points.enumerated() { b.addNode(id: Int64(i + 1), coordinate: p) }
    b.addWay(id: 10, nodes: (1...101).map(Int64.init), tags: ["highway": "primary"])
    b.addNode(id: 200, coordinate: Coordinate(latitude: 60.18, longitude: 24.9))
    b.addNode(id: 201, coordinate: Coordinate(latitude: 60.18, longitude: 24.92))
    b.addWay(id: 11, nodes: [200, 201], tags: ["highway": "residential"])
    let map = try b.map()
    for band in OverviewLine.Band.allCases {
      let lines = map.overviewLines(band: band, south: 59, west: 24, north: 61, east: 26)
      #expect(lines.count == 1, "\(band): the street is in no band")
      let line = try #require(lines.first)
      #expect(line.roadClass == .primary)
      #expect(line.points.count < 10, "\(band): \(line.points.count) points")
      #expect(line.points.first == points.first && line.points.last == points.last)
      for p in points {
        let d = Polyline(line.points).project(p)?.crossTrack ?? .infinity
        #expect(d <= band.tolerance + 0.1, "\(band): \(p) is \(d) m off")
      }
    }
    #expect(OverviewLine.Band.at(metresPerPixel: 1) == nil)
    #expect(OverviewLine.Band.at(metresPerPixel: 10) == .town)
    #expect(OverviewLine.Band.at(metresPerPixel: 500) == .country)
  }
}
