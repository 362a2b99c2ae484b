import Foundation
import Geo
import MapFile
import Rendering
import Routing
import Testing

@testable import HeadUnit

/// A hand-made road graph: a two-way primary road west–east, a oneway service road
/// north from its middle, and a residential street far away.
struct SmallRoadGraph: RoadGraph {
  let nodes = [
    Coordinate(latitude: 60.170, longitude: 24.930),
    Coordinate(latitude: 60.170, longitude: 24.940),
    Coordinate(latitude: 60.170, longitude: 24.950),
    Coordinate(latitude: 60.175, longitude: 24.940),
    Coordinate(latitude: 61.000, longitude: 25.000),
    Coordinate(latitude: 61.001, longitude: 25.000),
  ]
  let roadEdges: [RoadEdge] = [
    RoadEdge(
      from: 0, to: 1, length: 555, speed: 14, roadClass: .primary, name: "Esplanadi",
      wayID: 1),
    RoadEdge(
      from: 1, to: 0, length: 555, speed: 14, roadClass: .primary, name: "Esplanadi",
      wayID: 1),
    RoadEdge(
      from: 1, to: 2, length: 555, speed: 14, roadClass: .primary, name: "", ref: "51",
      wayID: 2),
    RoadEdge(
      from: 2, to: 1, length: 555, speed: 14, roadClass: .primary, name: "", ref: "51",
      wayID: 2),
    RoadEdge(from: 1, to: 3, length: 556, speed: 5, roadClass: .service, name: "", wayID: 3),
    RoadEdge(
      from: 4, to: 5, length: 111, speed: 8, roadClass: .residential, name: "Far", wayID: 4),
  ]

  var nodeCount: Int { nodes.count }
  var edgeCount: Int { roadEdges.count }
  func coordinate(ofNode node: Int) -> Coordinate { nodes[node] }
  func outgoing(from node: Int) -> Range<Int> { 0..<0 }
  func incoming(to node: Int) -> [Int] { [] }
  func edge(_ id: Int) -> RoadEdge { roadEdges[id] }
  func geometry(ofEdge id: Int) -> [Coordinate] {
    [nodes[roadEdges[id].from], nodes[roadEdges[id].to]]
  }
  func restrictions(at node: Int) -> [TurnRestriction] { [] }
  func edges(near coordinate: Coordinate, radius: Double) -> [Int] {
    roadEdges.indices.filter { id in
      geometry(ofEdge: id).contains { Earth.distance($0, coordinate) <= radius + 600 }
    }
  }
  var places: [MapPlace] { [] }
}

@Suite("Road layer from an offline map")
struct RoadLayerTests {
  static func region(around c: Coordinate, metres: Double) -> MapRegion {
    let p = WebMercator.project(c)
    return MapRegion(
      minX: p.x - metres, minY: p.y - metres, maxX: p.x + metres, maxY: p.y + metres,
      mercatorPerPixel: 2)
  }

  @Test("one feature per stretch of road, drawn by class, named by name or ref; only nearby")
  func features() {
    let layer = RoadLayer(graph: SmallRoadGraph())
    let found = layer.features(
      in: Self.region(around: Coordinate(latitude: 60.170, longitude: 24.940), metres: 2000))
    #expect(found.count == 3, "two-way roads once, the far street not at all")
    #expect(
      found.filter { $0.kind == .majorRoad }.map(\.name).sorted { ($0 ?? "") < ($1 ?? "") } == [
        "51", "Esplanadi",
      ])
    #expect(found.filter { $0.kind == .minorRoad }.count == 1)
    #expect(!found.contains { $0.name == "Far" })
    // Asked again for the same area: the same answer.
    #expect(
      layer.features(
        in: Self.region(around: Coordinate(latitude: 60.170, longitude: 24.940), metres: 2000))
        == found)
  }

  @Test("road classes map to widths: motorways widest, service roads narrowest")
  func classes() {
    #expect(RoadLayer.kind(of: .motorway) == .motorway)
    #expect(RoadLayer.kind(of: .trunkLink) == .motorway)
    #expect(RoadLayer.kind(of: .secondary) == .majorRoad)
    #expect(RoadLayer.kind(of: .residential) == .road)
    #expect(RoadLayer.kind(of: .livingStreet) == .road)
    #expect(RoadLayer.kind(of: .service) == .minorRoad)
  }
}
