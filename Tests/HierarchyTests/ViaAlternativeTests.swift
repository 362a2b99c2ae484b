import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// Alternatives through the hierarchy's via nodes: each one different enough, not much
/// slower, without a loop; and not much less often than the penalty method finds them.
@Suite("Alternatives through the routing hierarchy")
struct ViaAlternativeTests {
  @Test(arguments: ["composed-small", "north-bayreuth"])
  func alternativesAreDistinctAndNotMuchSlower(_ name: String) throws {
    let map = try HierarchyExactnessTests.map(name)
    let fast = Router(graph: map)
    let plain = Router(graph: map, usingHierarchy: false)
    #expect(fast.usesHierarchy)
    let options = fast.options
    var random = SplitMix64(seed: 29)
    var pairs = 0
    var withAlternatives = (via: 0, penalty: 0)
    while pairs < 60 {
      let a = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      let b = map.coordinate(ofNode: Int.random(in: 0..<map.nodeCount, using: &random))
      guard let paths = try? fast.paths(from: a, to: b, alternatives: 2),
        let fastest = paths.first, fastest.distance > 2_000
      else { continue }
      pairs += 1
      let reference = try plain.paths(from: a, to: b, alternatives: 2)
      #expect(abs(reference[0].cost - fastest.cost) < 0.05)
      if paths.count > 1 { withAlternatives.via += 1 }
      if reference.count > 1 { withAlternatives.penalty += 1 }
      #expect(paths.count <= 3)
      for (i, path) in paths.enumerated().dropFirst() {
        #expect(Set(path.edges).count == path.edges.count, "\(name) pair \(pairs): a loop")
        #expect(path.cost >= paths[i - 1].cost)
        #expect(path.cost <= fastest.cost * options.alternativeMaximumStretch + 1e-6)
        for other in paths[..<i] {
          let shared = Self.sharedLength(path, other, map)
          #expect(
            shared < options.alternativeMaximumShare * min(path.distance, other.distance) + 1e-6,
            "\(name) pair \(pairs): \(Int(shared)) m of \(Int(other.distance)) m shared")
        }
      }
    }
    // Not far below the penalty method, which searches the whole map up to six times and
    // keeps detours the local optimality test refuses.
    #expect(
      Double(withAlternatives.via) >= 0.6 * Double(withAlternatives.penalty),
      "\(name): \(withAlternatives.via) pairs with alternatives through the hierarchy, \(withAlternatives.penalty) by penalties"
    )
    #expect(withAlternatives.via >= 15, "\(name): \(withAlternatives.via) of 60 pairs")
  }

  /// Metres of road both drive, either direction of a road counting as the same road.
  static func sharedLength(_ a: RoutePath, _ b: RoutePath, _ map: RoadMap) -> Double {
    func road(_ e: Int) -> [Int64] {
      let edge = map.edge(e)
      return [edge.wayID, Int64(min(edge.from, edge.to)), Int64(max(edge.from, edge.to))]
    }
    let roads = Set(b.edges.map(road))
    var shared = 0.0
    for (i, e) in a.edges.enumerated() where roads.contains(road(e)) {
      let span = a.span(ofEdgeAt: i)
      shared += (span.to - span.from) * map.edge(e).length
    }
    return shared
  }
}
