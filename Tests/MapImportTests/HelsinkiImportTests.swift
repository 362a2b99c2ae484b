import Foundation
import Geo
import MapFile
import Routing
import Testing

@testable import MapImport
@testable import OSMPBF

/// The embedded extract of central Helsinki (Sources/HeadUnit/Resources/Helsinki).
enum Helsinki {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")
  static let pbf = folder.appendingPathComponent("helsinki.osm.pbf")
  static let map = folder.appendingPathComponent("helsinki.map")

  /// One import shared by the tests (the file is small, but there are many tests).
  static let imported: Result<RoadMapBuilder.Output, RoutingError> = Result {
    () throws(RoutingError) in try MapImporter().importFile(atPath: pbf.path)
  }
}

@Suite struct HelsinkiImportTests {
  @Test func importGivesTheCommittedMapByteForByte() throws {
    let output = try Helsinki.imported.get()
    let committed = try Data(contentsOf: Helsinki.map)
    #expect(
      output.data == committed,
      "Sources/HeadUnit/Resources/Helsinki/helsinki.map is stale: run `headunit maps import Sources/HeadUnit/Resources/Helsinki/helsinki.osm.pbf`"
    )
  }

  @Test func countsAreInPlausibleRanges() throws {
    let output = try Helsinki.imported.get()
    let s = output.summary
    #expect((500...5000).contains(s.nodes))
    #expect((1000...10000).contains(s.edges))
    #expect((15_000...60_000).contains(s.roadLength))
    #expect(s.restrictionsKept > 0)
    #expect(s.places > 200)
    #expect(s.country == "FI")
    // The extract was clipped with every way's nodes kept in the file.
    #expect(s.missingNodeReferences == 0)
    #expect(s.waysDropped == 0)
    let map = try RoadMap(data: output.data)
    try map.verify()
    #expect(map.restrictionCount > 0)
  }

  @Test func mannerheimintieIsADualCarriagewayOfOnewayPrimaryRoads() throws {
    let map = try RoadMap(contentsOf: Helsinki.map)
    let edges = (0..<map.edgeCount).map(map.edge).filter { $0.name == "Mannerheimintie" }
    #expect(edges.count > 10)
    #expect(edges.allSatisfy { $0.roadClass == .primary })
    // In the centre each carriageway is its own oneway way: no edge has a twin running the
    // other way on the same way.
    let directed = Set(edges.map { [Int($0.wayID), $0.from, $0.to] })
    #expect(!edges.contains { directed.contains([Int($0.wayID), $0.to, $0.from]) })
    #expect(Set(edges.map(\.wayID)).count > 4)
    #expect(edges.allSatisfy { $0.speed > 5 && $0.speed < 25 })
  }

  @Test func everyEdgeGeometryStartsAndEndsAtItsNodes() throws {
    let map = try RoadMap(contentsOf: Helsinki.map)
    for id in 0..<map.edgeCount {
      let edge = map.edge(id)
      let geometry = map.geometry(ofEdge: id)
      #expect(geometry.count >= 2)
      #expect(geometry.first == map.coordinate(ofNode: edge.from))
      #expect(geometry.last == map.coordinate(ofNode: edge.to))
      #expect(edge.length > 0 || edge.from == edge.to)
    }
    for node in 0..<map.nodeCount {
      let c = map.coordinate(ofNode: node)
      #expect((60.15...60.19).contains(c.latitude) && (24.92...24.97).contains(c.longitude))
    }
  }

  @Test func everyWayNodeReferenceResolves() throws {
    let file = try PBFFile(contentsOf: Helsinki.pbf.path)
    var nodes = Set<Int64>()
    var references = Set<Int64>()
    for blob in file.dataBlobs {
      let block = try file.block(blob, contents: [.nodes, .ways])
      for node in block.nodes { nodes.insert(node.id) }
      for way in block.ways { references.formUnion(way.nodes) }
    }
    #expect(nodes.count > 20_000)
    #expect(references.isSubset(of: nodes))
    #expect(try file.header().requiredFeatures.contains("DenseNodes"))
  }

  @Test func restrictionsPointAtEdgesThroughTheirViaNode() throws {
    let map = try RoadMap(contentsOf: Helsinki.map)
    var total = 0
    for node in 0..<map.nodeCount {
      for restriction in map.restrictions(at: node) {
        total += 1
        #expect(map.edge(restriction.from).to == node)
        #expect(map.edge(restriction.to).from == node)
      }
    }
    #expect(total == map.restrictionCount)
  }

  @Test func nearestEdgeToAPointOnMannerheimintie() throws {
    let map = try RoadMap(contentsOf: Helsinki.map)
    let id = try #require(
      (0..<map.edgeCount).first {
        map.edge($0).name == "Mannerheimintie" && map.edge($0).length > 40
      })
    let geometry = map.geometry(ofEdge: id)
    let a = geometry[0]
    let b = geometry[1]
    let point = Coordinate(
      latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
    let near = map.edges(near: point, radius: 50)
    #expect(map.edge(try #require(near.first)).name == "Mannerheimintie")
    #expect(near.contains(id))
  }

  @Test func placesHaveHumanCategories() throws {
    let map = try RoadMap(contentsOf: Helsinki.map)
    let categories = Set(map.places.compactMap(\.category))
    #expect(categories.contains("Restaurant"))
    #expect(categories.contains("Café"))
    #expect(map.places.allSatisfy { !$0.name.isEmpty })
  }
}
