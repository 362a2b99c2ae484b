import Geo
import MapFile
import Routing

@testable import MapImport
@testable import OSMPBF

/// A small road network near Helsinki with one of each thing the importer must handle:
/// a two-way street split at a junction, oneways both ways, a private road, a roundabout,
/// a way clipped at a missing node, an implied-oneway motorway, a footway, turn
/// restrictions (kept, via-way, for lorries only), places on nodes and on a closed way.
///
///     1 ── 2 ── 3 ── 4 ── 5 ── 10 ⟲ (10 11 12 13)
///          │    ↑↓        ...
///         14    7 (north, oneway from 3), 8 (south, oneway into 3)
///     15 ── 16 ⇒ 17 (motorway)
enum SyntheticNetwork {
  static func coordinate(_ x: Double, _ y: Double) -> (Int32, Int32) {
    (Int32(((60.17 + y * 0.001) * 1e7).rounded()), Int32(((24.94 + x * 0.002) * 1e7).rounded()))
  }

  static let positions: [Int64: (Double, Double)] = [
    1: (0, 0), 2: (1, 0), 3: (2, 0), 4: (3, 0), 5: (4, 0), 6: (2, 1), 7: (2, 2), 8: (2, -1),
    9: (3, -1), 10: (5, 0), 11: (5.5, 0.5), 12: (6, 0), 13: (5.5, -0.5), 14: (1, -1),
    15: (1, -3), 16: (2, -3), 17: (4, -3), 20: (0, 1),
    30: (0, 2), 31: (1, 2), 32: (3, 2), 33: (4, 2), 40: (6, 2), 41: (7, 2), 42: (7, 3),
  ]

  static var nodes: [OSMNode] {
    positions.keys.sorted().map { id in
      let (lat, lon) = coordinate(positions[id]!.0, positions[id]!.1)
      var tags: [String: String] = [:]
      switch id {
      case 30: tags = ["amenity": "fuel", "name": "Neste"]
      case 31: tags = ["amenity": "cafe", "name": "Café Ursula"]
      case 32: tags = ["place": "suburb", "name": "Kamppi"]
      case 33: tags = ["amenity": "bench"]
      default: break
      }
      return OSMNode(id: id, latitudeE7: lat, longitudeE7: lon, tags: tags)
    }
  }

  static let ways: [OSMWay] = [
    OSMWay(
      id: 100, nodes: [1, 2, 3],
      tags: [
        "highway": "primary", "name": "Main Street", "maxspeed": "50",
        "turn:lanes:forward": "left|through", "turn:lanes:backward": "through|right",
      ]),
    OSMWay(
      id: 110, nodes: [3, 4, 5],
      tags: ["highway": "primary", "name": "Main Street", "maxspeed": "50"]),
    OSMWay(
      id: 101, nodes: [3, 6, 7],
      tags: ["highway": "residential", "name": "North Road", "oneway": "yes"]),
    OSMWay(
      id: 102, nodes: [3, 8],
      tags: ["highway": "residential", "name": "South Road", "oneway": "-1"]),
    OSMWay(
      id: 103, nodes: [4, 9],
      tags: ["highway": "residential", "name": "Private", "access": "private"]),
    OSMWay(
      id: 104, nodes: [10, 11, 12, 13, 10],
      tags: ["highway": "tertiary", "junction": "roundabout", "name": "Ring"]),
    OSMWay(id: 105, nodes: [5, 10], tags: ["highway": "tertiary", "maxspeed": "20 mph"]),
    OSMWay(
      id: 106, nodes: [2, 14, 999, 15, 16],
      tags: ["highway": "secondary", "name": "Clipped", "oneway": "no"]),
    OSMWay(id: 107, nodes: [1, 20], tags: ["highway": "footway"]),
    OSMWay(
      id: 108, nodes: [16, 17], tags: ["highway": "motorway", "ref": "1", "name": "Ring I"]),
    OSMWay(id: 109, nodes: [4, 9], tags: ["highway": "service", "service": "parking_aisle"]),
    OSMWay(
      id: 120, nodes: [40, 41, 42, 40],
      tags: ["amenity": "parking", "name": "P-Center", "building": "yes"]),
  ]

  static let relations: [OSMRelation] = [
    OSMRelation(
      id: 500,
      members: [
        .init(type: .way, ref: 100, role: "from"), .init(type: .node, ref: 3, role: "via"),
        .init(type: .way, ref: 101, role: "to"),
      ],
      tags: ["type": "restriction", "restriction": "no_left_turn"]),
    OSMRelation(
      id: 501,
      members: [
        .init(type: .way, ref: 110, role: "from"), .init(type: .node, ref: 3, role: "via"),
        .init(type: .way, ref: 100, role: "to"),
      ],
      tags: ["type": "restriction", "restriction:motorcar": "only_straight_on"]),
    OSMRelation(
      id: 502,
      members: [
        .init(type: .way, ref: 100, role: "from"), .init(type: .way, ref: 110, role: "via"),
        .init(type: .way, ref: 105, role: "to"),
      ],
      tags: ["type": "restriction", "restriction": "no_u_turn"]),
    OSMRelation(
      id: 503,
      members: [
        .init(type: .way, ref: 102, role: "from"), .init(type: .node, ref: 3, role: "via"),
        .init(type: .way, ref: 110, role: "to"),
      ],
      tags: ["type": "restriction", "restriction:hgv": "no_left_turn"]),
    OSMRelation(id: 504, members: [], tags: ["type": "multipolygon"]),
    // Main Street (100) passes through node 2: the turn names which side.
    OSMRelation(
      id: 505,
      members: [
        .init(type: .way, ref: 106, role: "from"), .init(type: .node, ref: 2, role: "via"),
        .init(type: .way, ref: 100, role: "to"),
      ],
      tags: ["type": "restriction", "restriction": "no_left_turn"]),
    OSMRelation(
      id: 506,
      members: [
        .init(type: .way, ref: 106, role: "from"), .init(type: .node, ref: 2, role: "via"),
        .init(type: .way, ref: 100, role: "to"),
      ],
      tags: ["type": "restriction", "restriction": "no_entry"]),
  ]

  static var builder: RoadMapBuilder {
    var builder = RoadMapBuilder()
    for node in nodes { builder.addNode(node) }
    for way in ways { builder.addWay(way) }
    for relation in relations { builder.addRelation(relation) }
    return builder
  }

  static var encoder: PBFWriter {
    PBFWriter(nodes: nodes, ways: ways, relations: relations)
  }
}

extension RoadMap {
  /// The graph node at an OSM node's position in `SyntheticNetwork`.
  func node(osm id: Int64) -> Int? {
    let (lat, lon) = SyntheticNetwork.coordinate(
      SyntheticNetwork.positions[id]!.0, SyntheticNetwork.positions[id]!.1)
    return (0..<nodeCount).first {
      let c = coordinate(ofNode: $0)
      return Int32((c.latitude * 1e7).rounded()) == lat
        && Int32((c.longitude * 1e7).rounded()) == lon
    }
  }

  /// The edges of an OSM way, as (from, to) graph nodes.
  func edges(ofWay way: Int64) -> [Int] {
    (0..<edgeCount).filter { edge($0).wayID == way }
  }
}
