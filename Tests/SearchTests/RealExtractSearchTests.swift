import Foundation
import Geo
import MapFile
import Routing
import Search
import Testing

/// Addresses picked from the real extracts' data, searched as a driver types them.
@Suite struct RealExtractSearchTests {
  static let extracts = ["helsinki", "north-bayreuth", "krems", "harrisburg", "andorra"]

  @Test(arguments: extracts)
  func addressesOfTheDataAreFoundFirstWithTheirRoadPoint(_ name: String) throws {
    let extract = try Extract.named(name)
    let picked = extract.addressNodes(count: 40)
    #expect(!picked.isEmpty || name == "andorra")
    let reachable = Router(graph: extract.map).edgesReachableFromMainComponent()
    var within30 = 0
    var total = 0
    for address in picked {
      for query in ["\(address.street) \(address.number)", "\(address.number) \(address.street)"] {
        let first = try #require(extract.search.results(for: query).first, "\(name): \(query)")
        #expect(first.kind == .address, "\(name): \(query)")
        #expect(
          SearchText.foldNumber(first.number ?? "") == SearchText.foldNumber(address.number)
            && SearchText.fold(first.name) == SearchText.fold(address.street),
          "\(name): \(query) → \(first.label)")
        #expect(Earth.distance(first.coordinate, address.at) < 150, "\(name): \(query)")
      }
      let result = try #require(
        extract.search.results(for: "\(address.street) \(address.number)").first)
      let road = try #require(result.roadPoint, "\(name): \(result.label) has no road point")
      let distance = Earth.distance(road.coordinate, result.coordinate)
      // The nearest road a route can arrive on (not a piece cut off by the extract's edge).
      let nearest = extract.map.edges(near: result.coordinate, radius: 500).first(where: {
        reachable[$0]
      }).map {
        extract.map.roadPoint(onEdge: $0, facing: result.coordinate)!.distance
      }
      let a = extract.matchingAddresses(street: address.street, number: address.number)[0]
      // Within 30 m where a road is that near; where none is (a pedestrian old town, a
      // house set back from a rural road) on the street at most 25 m farther than the
      // nearest road.
      let allowed = max(30, (nearest ?? 0) + 25)
      #expect(
        distance <= allowed,
        "\(name): \(result.label) is \(Int(distance)) m from its road point, the nearest road \(Int(nearest ?? -1)) m (\(a.flags))"
      )
      if distance <= 30 { within30 += 1 }
      total += 1
      if distance > 1 {
        #expect(
          road.side == SideCheck.side(of: result.coordinate, from: road, on: extract.map),
          "\(name): \(result.label) on the \(road.side?.rawValue ?? "road")")
      }
    }
    print("\(name): \(within30) of \(total) addresses within 30 m of their road point")
  }
}
