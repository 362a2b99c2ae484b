import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// Version 3 of the map file: its sections read back, checked by `verify`, and older files
/// still open.
@Suite("Map file version 3")
struct MapFormatTests {
  static let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/corpus/map/areas.map")

  /// A small map with every section of version 3: a lake with an island, a building, the
  /// sea, a bridge, limits and an overview line.
  static func extract() -> AreaExtract {
    var x = AreaExtract()
    let c = x.nodes([(60.02, 25.02), (60.02, 25.04), (60.04, 25.04), (60.04, 25.02)])
    let h = x.nodes([(60.025, 25.025), (60.025, 25.03), (60.03, 25.03), (60.03, 25.025)])
    x.way(10, [c[0], c[1], c[2], c[3], c[0]])
    x.way(11, [h[0], h[1], h[2], h[3], h[0]])
    x.multipolygon(100, outer: [10], inner: [11], ["natural": "water"])
    let b = x.nodes([(60.05, 25.05), (60.05, 25.051), (60.051, 25.051), (60.051, 25.05)])
    x.way(12, [b[0], b[1], b[2], b[3], b[0]], ["building": "yes"])
    let coast = x.nodes([(60.08, 25.1), (60.08, 25.0)])
    x.way(13, coast, ["natural": "coastline"])
    let road = x.nodes([(60.002, 25.003), (60.002, 25.004), (60.0025, 25.005)])
    x.way(14, road, ["highway": "primary", "bridge": "yes", "maxspeed": "50"])
    return x
  }

  @Test func everySectionReadsBackAndVerifies() throws {
    let data = Self.extract().builder.build().data
    let map = try RoadMap(data: data)
    try map.verify()
    #expect(map.version == 3)
    let kinds = map.areas(south: 59, west: 24, north: 61, east: 26).map(\.kind)
    #expect(kinds == [.sea, .water, .building])
    #expect(
      map.areas(south: 59, west: 24, north: 61, east: 26, minimumSpan: 0.005).map(\.kind) == [
        .sea, .water,
      ])
    let bridge = try #require(
      (0..<map.edgeCount).first { map.structure(ofEdge: $0).kind == .bridge })
    #expect(map.speedLimit(ofEdge: bridge)?.value == 50)
    #expect(map.overviewLines(band: .town, south: 59, west: 24, north: 61, east: 26).count == 1)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
      try data.write(to: Self.seed)
    } else {
      #expect(
        try Data(contentsOf: Self.seed) == data,
        "Fuzz/corpus/map/areas.map is stale: UPDATE_GOLDENS=1")
    }
  }

  @Test("a damaged record of a version-3 section fails verify, naming it")
  func damagedRecords() throws {
    let data = Self.extract().builder.build().data
    let sections = Int(data[12])
    for tag in ["POLY", "RING", "RPTS", "PGRE", "EATR", "OVLN"] {
      var damaged = data
      guard
        let entry = (0..<sections).map({ 32 + $0 * 24 }).first(where: {
          damaged[$0..<$0 + 4].elementsEqual(Array(tag.utf8))
        })
      else {
        Issue.record("no \(tag)")
        continue
      }
      let offset =
        Int(damaged[entry + 8]) | Int(damaged[entry + 9]) << 8 | Int(damaged[entry + 10]) << 16
      for b in 0..<8 { damaged[offset + b] = 0xFF }
      let map = try RoadMap(data: damaged)
      // Reading never traps, whatever the bytes.
      _ = map.areas(south: -90, west: -180, north: 90, east: 180)
      _ = map.overviewLines(band: .town, south: -90, west: -180, north: 90, east: 180)
      for edge in 0..<map.edgeCount {
        _ = map.structure(ofEdge: edge)
        _ = map.speedLimit(ofEdge: edge)
      }
      #expect(throws: RoutingError.self, "\(tag)") { try map.verify() }
    }
  }

  @Test("a version-2 file reads as one without the new sections")
  func versionTwo() throws {
    var content = MapContent()
    content.nodes = [(601_700_000, 249_300_000), (601_700_000, 249_400_000)]
    content.strings = ["", "Katu"]
    content.edges = [
      MapContent.Edge(
        wayID: 1, from: 0, to: 1, lengthCentimetres: 55_000, geometryStart: 0, geometryCount: 0,
        name: 1, ref: MapFileLayout.noString, turnLanes: MapFileLayout.noString,
        speedCentimetresPerSecond: 1_000, roadClass: 6, flags: 0)
    ]
    content.areas = [
      (
        1,
        [
          (601_710_000, 249_310_000), (601_710_000, 249_330_000), (601_730_000, 249_320_000),
          (601_710_000, 249_310_000),
        ]
      )
    ]
    var data = MapFileWriter(content: content).data()
    data[8] = 2
    let map = try RoadMap(data: data)
    #expect(map.version == 2)
    #expect(map.areas(south: 59, west: 24, north: 61, east: 26).map(\.kind) == [.water])
    #expect(map.structure(ofEdge: 0) == .ground)
    #expect(map.speedLimit(ofEdge: 0) == nil)
    #expect(map.overviewLines(band: .town, south: 59, west: 24, north: 61, east: 26).isEmpty)
    data[8] = 4
    #expect(throws: RoutingError.self) { _ = try RoadMap(data: data) }
  }
}
