import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// Water and green areas in the map file.
@Suite("Map areas")
struct AreaTests {
  /// A street, a square park, a lake, an untagged closed way, and a park cut by the
  /// extract's edge (one node missing).
  static func builder() -> RoadMapBuilder {
    var b = RoadMapBuilder()
    func node(_ id: Int64, _ lat: Double, _ lon: Double) {
      b.addNode(id: id, coordinate: Coordinate(latitude: lat, longitude: lon))
    }
    node(1, 60.170, 24.930)
    node(2, 60.170, 24.940)
    b.addWay(id: 100, nodes: [1, 2], tags: ["highway": "residential", "name": "Katu"])
    for (i, (lat, lon)) in [(60.171, 24.931), (60.171, 24.933), (60.173, 24.933), (60.173, 24.931)]
      .enumerated()
    {
      node(10 + Int64(i), lat, lon)
    }
    b.addWay(id: 200, nodes: [10, 11, 12, 13, 10], tags: ["leisure": "park", "name": "Puisto"])
    for (i, (lat, lon)) in [(60.175, 24.935), (60.175, 24.938), (60.177, 24.936)].enumerated() {
      node(20 + Int64(i), lat, lon)
    }
    b.addWay(id: 300, nodes: [20, 21, 22, 20], tags: ["natural": "water"])
    b.addWay(id: 400, nodes: [20, 21, 22, 20], tags: ["building": "yes"])
    node(30, 60.180, 24.935)
    node(31, 60.180, 24.937)
    b.addWay(id: 500, nodes: [30, 31, 32, 30], tags: ["landuse": "grass"])
    return b
  }

  @Test(
    "closed park, water and building ways become areas; one of which only a line is left is not")
  func areas() throws {
    let built = Self.builder().build()
    #expect(built.summary.areas == 3)
    let map = try RoadMap(data: built.data)
    let all = map.areas(south: 60, west: 24, north: 61, east: 25)
    #expect(all.map(\.kind) == [.park, .water, .building])
    let park = try #require(all.first)
    #expect(park.outline.count == 5 && park.outline.first == park.outline.last)
    #expect(park.outline.contains(Coordinate(latitude: 60.173, longitude: 24.933)))
    // Only areas whose box meets the one asked for.
    #expect(
      map.areas(south: 60.1745, west: 24.934, north: 60.18, east: 24.94).map(\.kind) == [
        .water, .building,
      ])
    #expect(map.areas(south: 60.16, west: 24.95, north: 60.17, east: 24.96).isEmpty)
  }

  @Test("a map without area sections opens and has no areas")
  func roadsOnly() throws {
    var b = RoadMapBuilder()
    b.addNode(id: 1, coordinate: Coordinate(latitude: 60.17, longitude: 24.93))
    b.addNode(id: 2, coordinate: Coordinate(latitude: 60.17, longitude: 24.94))
    b.addWay(id: 1, nodes: [1, 2], tags: ["highway": "residential"])
    let map = try b.map()
    #expect(map.areas(south: -90, west: -180, north: 90, east: 180).isEmpty)
  }
}

extension AreaTests {
  @Test("a POLY section that runs past the end of the file is an error naming it")
  func damagedAreaSection() throws {
    var data = Self.builder().build().data
    let sections = Int(data[12])
    for i in 0..<sections {
      let entry = 32 + i * 24
      guard data[entry..<entry + 4].elementsEqual(Array("POLY".utf8)) else { continue }
      for b in 0..<8 { data[entry + 8 + b] = b == 0 ? 0xF0 : (b < 4 ? 0xFF : 0) }
    }
    #expect(throws: RoutingError.self) { _ = try RoadMap(data: data) }
    do {
      _ = try RoadMap(data: data)
    } catch {
      #expect(error.section == "POLY", "\(error)")
    }
  }
}
