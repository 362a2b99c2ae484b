import Foundation
import Geo
import MapFile
import MapImport
import OSMPBF
import Routing
import Search

/// The OpenStreetMap importer and the map file the daemon routes on.
extension FuzzTarget {
  /// An OpenStreetMap PBF extract, imported as `headunit maps import` does; a map the
  /// importer writes must open and verify.
  static let pbf = FuzzTarget(name: "pbf") { data in
    guard let file = try? PBFFile(data: data),
      let output = try? MapImporter().importPBF(file)
    else { return }
    do throws(RoutingError) {
      try RoadMap(data: output.data, name: "imported").verify()
    } catch {
      preconditionFailure("the importer wrote a map its reader rejects: \(error)")
    }
  }

  /// A map file, opened as the daemon opens one (`RoadMap(contentsOf:)` maps the file; the
  /// bytes are the same), then verified, and used as the router and the road layer use it,
  /// whether or not it verified: the daemon does not verify.
  static let map = FuzzTarget(name: "map") { data in
    guard let map = try? RoadMap(data: data) else { return }
    try? map.verify()
    exercise(map)
  }

  /// Every query the daemon makes of a map, on the first nodes and edges.
  private static func exercise(_ map: RoadMap) {
    let nodes = 0..<min(map.nodeCount, 64)
    for node in nodes {
      _ = map.coordinate(ofNode: node)
      _ = map.incoming(to: node)
      _ = map.restrictions(at: node)
      for edge in map.outgoing(from: node).prefix(8) {
        _ = map.edge(edge)
        _ = map.geometry(ofEdge: edge)
      }
    }
    for edge in 0..<min(map.edgeCount, 64) {
      _ = map.edge(edge)
      _ = map.geometry(ofEdge: edge)
      _ = map.structure(ofEdge: edge)
      _ = map.speedLimit(ofEdge: edge)
    }
    _ = map.places
    guard let first = nodes.first, let last = nodes.last else { return }
    let start = map.coordinate(ofNode: first)
    let end = map.coordinate(ofNode: last)
    _ = map.edges(near: start, radius: 200)
    _ = map.areas(
      south: min(start.latitude, end.latitude), west: min(start.longitude, end.longitude),
      north: max(start.latitude, end.latitude), east: max(start.longitude, end.longitude))
    for area in map.areas(south: -90, west: -180, north: 90, east: 180, minimumSpan: 0) {
      _ = area.holes.count
    }
    for band in OverviewLine.Band.allCases {
      _ = map.overviewLines(band: band, south: -90, west: -180, north: 90, east: 180)
    }
    _ = try? Router(graph: map).routes(from: start, to: end, alternatives: 1)
    exerciseAddresses(map, near: start)
  }

  /// The address sections as the search reads them: records, the name index, queries.
  private static func exerciseAddresses(_ map: RoadMap, near: Coordinate) {
    for i in 0..<min(map.addressCount, 64) { _ = map.address(i) }
    for i in 0..<min(map.streetCount, 64) { _ = map.street(i) }
    for i in 0..<min(map.zoneCount, 16) { _ = map.zone(i) }
    let search = AddressSearch(map: map)
    for query in ["", "a", "1", "te 1", "1 te", "00100 te", "testikatu 5 testila"] {
      _ = search.results(for: query, near: near, limit: 5)
      _ = search.nextLetters(after: query)
    }
    _ = search.houseNumbers(onStreet: 0)
    if let road = search.results(for: "t", limit: 1).first?.roadPoint {
      _ = try? Router(graph: map).routes(from: near, to: road, facing: near)
    }
  }
}
