import Foundation
import Geo
import MapFile
import MapImport
import Navigation
import Routing
import Testing

/// One hierarchy answers a route avoiding any kinds of road: on real extracts with tolls,
/// motorways and unpaved roads, the hierarchy's route avoiding a set costs what the plain
/// search restricted to the same edges costs, and drives on none of them.
@Suite("Routing hierarchy: avoiding kinds of road")
struct HierarchyAvoidTests {
  static let cases: [(String, AvoidableRoads)] = [
    ("composed-small", .tolls), ("composed-small", .motorways), ("composed-small", .unpaved),
    ("composed-small", [.tolls, .motorways, .unpaved]), ("harrisburg", .motorways),
    ("north-bayreuth", .unpaved),
  ]

  @Test(arguments: cases.indices)
  func sameCostAsThePlainSearchAndNoneOfTheKind(_ index: Int) throws {
    let (name, avoid) = Self.cases[index]
    let map = try HierarchyExactnessTests.map(name)
    let table = try #require(map.routingTable)
    #expect(table.knowsClasses)
    let kinds = (0..<map.edgeCount).reduce(into: AvoidableRoads()) {
      $0.formUnion(map.edge($1).avoidable)
    }
    #expect(kinds.isSuperset(of: avoid), "\(name) has \(kinds), the test avoids \(avoid)")
    let fast = Router(graph: map).avoiding(avoid)
    let plain = Router(graph: map, usingHierarchy: false).avoiding(avoid)
    var random = SplitMix64(seed: 39)
    var (routed, detoured) = (0, 0)
    for i in 0..<300 {
      let a = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      let b = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      let reference = try? plain.paths(from: a, heading: nil, to: b).first
      let found = try? fast.paths(from: a, heading: nil, to: b).first
      #expect((reference == nil) == (found == nil), "\(name) pair \(i)")
      guard let reference, let found else { continue }
      #expect(found.unavoided == reference.unavoided, "\(name) pair \(i)")
      if found.unavoided.isEmpty {
        let used = found.edges.dropFirst().filter { table.classes($0) & avoid.rawValue != 0 }
        #expect(used.isEmpty, "\(name) pair \(i) drives on \(used.count) avoided edges")
        let tolerance = 1e-3 + 1e-4 * Double(max(reference.edges.count, found.edges.count))
        #expect(
          abs(found.cost - reference.cost) <= tolerance,
          "\(name) pair \(i): \(found.cost) s through the hierarchy, \(reference.cost) s plainly")
      }
      let free = try? Router(graph: map).paths(from: a, heading: nil, to: b).first
      if let free, found.cost > free.cost + 1 { detoured += 1 }
      routed += 1
    }
    #expect(routed >= 200)
    #expect(detoured > 0, "avoiding \(avoid) on \(name) changed no route")
  }
}
