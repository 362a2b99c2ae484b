import Foundation
import Geo
import MapFile
import MapImport
import OSMPBF
import Routing

/// Synthetic extracts for the area tests: a box from 60.0° N, 25.0° E to 60.1° N, 25.1° E
/// with one street, and helpers to ask the built map what is where.
struct AreaExtract {
  var builder = RoadMapBuilder()
  private var nextNode: Int64 = 1000

  init() {
    builder.extractBox = (600_000_000, 250_000_000, 601_000_000, 251_000_000)
    builder.addNode(id: 1, coordinate: Coordinate(latitude: 60.001, longitude: 25.001))
    builder.addNode(id: 2, coordinate: Coordinate(latitude: 60.001, longitude: 25.002))
    builder.addWay(id: 1, nodes: [1, 2], tags: ["highway": "residential"])
  }

  /// Adds nodes at (latitude, longitude) pairs and returns their ids.
  mutating func nodes(_ points: [(Double, Double)]) -> [Int64] {
    points.map { lat, lon in
      nextNode += 1
      builder.addNode(id: nextNode, coordinate: Coordinate(latitude: lat, longitude: lon))
      return nextNode
    }
  }

  /// Node ids for points, without adding them (ids the extract lacks).
  mutating func missingNodes(_ count: Int) -> [Int64] {
    (0..<count).map { _ in
      nextNode += 1
      return nextNode
    }
  }

  mutating func way(_ id: Int64, _ nodes: [Int64], _ tags: [String: String] = [:]) {
    builder.addWay(id: id, nodes: nodes, tags: tags)
  }

  mutating func multipolygon(
    _ id: Int64, outer: [Int64], inner: [Int64] = [], _ tags: [String: String]
  ) {
    builder.addRelation(
      OSMRelation(
        id: id,
        members: outer.map { .init(type: .way, ref: $0, role: "outer") }
          + inner.map { .init(type: .way, ref: $0, role: "inner") },
        tags: ["type": "multipolygon"].merging(tags) { a, _ in a }))
  }

  func map() throws -> (RoadMap, RoadMapBuilder.Summary) {
    let output = builder.build()
    return (try RoadMap(data: output.data), output.summary)
  }
}

extension RoadMap {
  /// The kinds of the areas holding the point (holes left out).
  func kinds(at latitude: Double, _ longitude: Double) -> [MapArea.Kind] {
    let p = Coordinate(latitude: latitude, longitude: longitude)
    return areas(south: -90, west: -180, north: 90, east: 180).filter { area in
      Self.ring(area.outline, contains: p) && !area.holes.contains { Self.ring($0, contains: p) }
    }.map(\.kind)
  }

  static func ring(_ ring: [Coordinate], contains p: Coordinate) -> Bool {
    var inside = false
    var j = ring.count - 1
    for i in ring.indices {
      let a = ring[i]
      let b = ring[j]
      if (a.latitude > p.latitude) != (b.latitude > p.latitude) {
        let x =
          (b.longitude - a.longitude) * (p.latitude - a.latitude) / (b.latitude - a.latitude)
          + a.longitude
        if p.longitude < x { inside.toggle() }
      }
      j = i
    }
    return inside
  }
}
