import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// Shortcuts dearer than a weight holds (119 h) are kept at the largest weight: routes
/// through them go to the plain search and come out the same, routes under 119 h stay
/// exact through the hierarchy.
@Suite("Routing hierarchy: the largest weights")
struct HierarchyWeightTests {
  /// A oneway ring road of sixteen pieces of about 220 km at 10 km/h (about 22 h each,
  /// 350 h around), centred on 0°N 10°E: with no end to take first, the contraction
  /// joins half rings into shortcuts of over 119 h.
  static func ring() throws -> RoadMap {
    var builder = RoadMapBuilder(country: "FI")
    for i in 0..<16 {
      let angle = Double(i) * .pi / 8
      builder.addNode(
        id: Int64(i + 1),
        coordinate: Coordinate(latitude: 5 * sin(angle), longitude: 10 + 5 * cos(angle)))
    }
    for i in 0..<16 {
      builder.addWay(
        id: Int64(100 + i), nodes: [Int64(i + 1), Int64((i + 1) % 16 + 1)],
        tags: ["highway": "residential", "oneway": "yes", "maxspeed": "10"])
    }
    return try builder.map(name: "ring road")
  }

  @Test func routesOverTheLargestWeightMatchThePlainSearch() throws {
    let map = try Self.ring()
    #expect(map.edgeCount == 16)
    guard case .success(let hierarchy)? = map.hierarchy else {
      Issue.record("no hierarchy: \(String(describing: map.hierarchy))")
      return
    }
    let capped = (0..<hierarchy.arcCount).filter {
      hierarchy.arc($0).weight >= Double(HierarchyTables.largestWeight) * HierarchyTables.weightUnit
    }
    let heaviest = (0..<hierarchy.arcCount).map { hierarchy.arc($0).weight }.max() ?? 0
    #expect(!capped.isEmpty, "no shortcut reached the largest weight (heaviest \(heaviest) s)")
    let fast = Router(graph: map)
    let plain = Router(graph: map, usingHierarchy: false)
    #expect(fast.usesHierarchy)
    for (from, to) in [(0, 15), (0, 3), (1, 5), (2, 13), (0, 8), (9, 4), (12, 11)] {
      let a = map.coordinate(ofNode: from)
      let b = map.coordinate(ofNode: to)
      let reference = try #require(try plain.paths(from: a, to: b).first, "\(from) → \(to)")
      let found = try #require(try fast.paths(from: a, to: b).first, "\(from) → \(to)")
      #expect(abs(found.duration - reference.duration) < 0.01, "\(from) → \(to)")
    }
  }
}
