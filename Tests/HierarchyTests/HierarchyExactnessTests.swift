import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// The routing hierarchy gives the plain search's cost on real extracts: 1,000 pairs each,
/// some with a heading at the start.
@Suite("Routing hierarchy: exact on real extracts")
struct HierarchyExactnessTests {
  static let extracts = [
    "helsinki", "monaco", "krems", "andorra", "north-bayreuth", "harrisburg", "composed-small",
  ]
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

  static func map(_ name: String) throws -> RoadMap {
    let path = folder.appendingPathComponent("\(name).osm.pbf").path
    return try RoadMap(data: try MapImporter().importFile(atPath: path).data, name: name)
  }

  @Test(arguments: extracts)
  func sameCostAsThePlainSearch(_ name: String) throws {
    let map = try Self.map(name)
    // The stored routing table is the one built from the map's roads, byte for byte.
    #expect(map.hasRoutingTable)
    try map.verify()
    let fast = Router(graph: map)
    let plain = Router(graph: map, usingHierarchy: false)
    #expect(fast.usesHierarchy)
    #expect(!plain.usesHierarchy)
    var random = SplitMix64(seed: 16)
    var routed = 0
    for i in 0..<1000 {
      let a = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      let b = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      let heading = i % 3 == 0 ? Double.random(in: 0..<360, using: &random) : nil
      let reference = try? plain.paths(from: a, heading: heading, to: b).first
      let found = try? fast.paths(from: a, heading: heading, to: b).first
      #expect((reference == nil) == (found == nil), "\(name) pair \(i)")
      guard let reference, let found else { continue }
      let tolerance = 1e-3 + 1e-4 * Double(max(reference.edges.count, found.edges.count))
      #expect(
        abs(found.cost - reference.cost) <= tolerance,
        "\(name) pair \(i): \(found.cost) s through the hierarchy, \(reference.cost) s plainly"
      )
      routed += 1
    }
    #expect(routed >= 800)
  }
}
