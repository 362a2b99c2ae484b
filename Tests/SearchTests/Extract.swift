import Foundation
import Geo
import MapFile
import Routing
import Search
import Synchronization

@testable import MapImport
@testable import OSMPBF

/// A real extract from `Tests/Fixtures/osm`, imported as `headunit maps import` does, with
/// the raw OSM elements the tests pick their addresses from.
final class Extract: Sendable {
  let name: String
  let map: RoadMap
  let summary: RoadMapBuilder.Summary
  let search: AddressSearch
  /// Nodes with tags, and ways with tags (node lists), straight from the PBF.
  let nodes: [Int64: OSMNode]
  let ways: [OSMWay]

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

  init(_ name: String) throws {
    self.name = name
    let path = Self.folder.appendingPathComponent("\(name).osm.pbf").path
    let output = try MapImporter().importFile(atPath: path)
    summary = output.summary
    map = try RoadMap(data: output.data, name: "\(name).map")
    search = AddressSearch(map: map)
    let file = try PBFFile(contentsOf: path)
    var nodes: [Int64: OSMNode] = [:]
    var ways: [OSMWay] = []
    for blob in file.dataBlobs {
      let block = try file.block(blob, contents: [.nodes, .ways])
      for node in block.nodes { nodes[node.id] = node }
      ways += block.ways.filter { !$0.tags.isEmpty }
    }
    self.nodes = nodes
    self.ways = ways.sorted { $0.id < $1.id }
  }

  private static let cache = Mutex<[String: Extract]>([:])

  /// The extract, imported once per test run.
  static func named(_ name: String) throws -> Extract {
    if let done = cache.withLock({ $0[name] }) { return done }
    let extract = try Extract(name)
    cache.withLock { $0[name] = extract }
    return extract
  }

  func coordinate(_ node: Int64) -> Coordinate? {
    nodes[node].map {
      Coordinate(latitude: Double($0.latitudeE7) / 1e7, longitude: Double($0.longitudeE7) / 1e7)
    }
  }

  /// Address nodes of the data (one number, a street), every `stride`-th by id, whose street
  /// and number are on no other address of the map (so the query names one place).
  func addressNodes(count: Int) -> [(street: String, number: String, at: Coordinate)] {
    let all = nodes.values.filter {
      $0.tags["addr:street"] != nil
        && ($0.tags["addr:housenumber"].map { !$0.contains(";") } ?? false)
    }.sorted { $0.id < $1.id }
    let stride = max(1, all.count / count)
    return Swift.stride(from: 0, to: all.count, by: stride).prefix(count).compactMap { i in
      let node = all[i]
      let street = node.tags["addr:street"]!
      let number = node.tags["addr:housenumber"]!
      guard matchingAddresses(street: street, number: number).count == 1 else { return nil }
      return (street, number, coordinate(node.id)!)
    }
  }

  /// The map's addresses with this street and number (folded).
  func matchingAddresses(street: String, number: String) -> [MapAddress] {
    let s = SearchText.fold(street)
    let n = SearchText.foldNumber(number)
    return (0..<map.addressCount).map(map.address).filter {
      SearchText.fold($0.street) == s && SearchText.foldNumber($0.number) == n
    }
  }
}
