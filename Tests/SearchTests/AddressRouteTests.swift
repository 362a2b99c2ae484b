import Foundation
import Geo
import Maneuvers
import Navigation
import Routing
import Search
import Testing

/// Routes to the addresses search finds end at their road point, with the side of the
/// street the address is on.
@Suite struct AddressRouteTests {
  @Test(arguments: ["helsinki", "krems"])
  func aRouteToAnAddressArrivesOnItsSide(_ name: String) throws {
    let extract = try Extract.named(name)
    let router = Router(graph: extract.map)
    // From the middle of the map's nodes.
    let nodes = (0..<extract.map.nodeCount).map(extract.map.coordinate(ofNode:))
    let origin = Coordinate(
      latitude: nodes.map(\.latitude).reduce(0, +) / Double(nodes.count),
      longitude: nodes.map(\.longitude).reduce(0, +) / Double(nodes.count))
    var checked = 0
    var elsewhere = 0
    for address in extract.addressNodes(count: 20) {
      guard let result = extract.search.results(for: "\(address.street) \(address.number)").first,
        let road = result.roadPoint, Earth.distance(road.coordinate, result.coordinate) > 5
      else { continue }
      let paths = try router.paths(from: origin, to: road, facing: result.coordinate)
      let path = try #require(paths.first)
      // Where turn restrictions keep a route off the road point, it ends on the road
      // nearest the address instead: counted, not checked for the side.
      guard Earth.distance(path.end, road.coordinate) < 0.5 else {
        elsewhere += 1
        continue
      }
      // Arriving along the road point's edge, the side is the road point's; along the edge
      // back, the other.
      let last = try #require(path.edges.last)
      let expected: Maneuver.Side? =
        last == road.edge ? road.side : road.side == .left ? .right : .left
      let route = ManeuverBuilder(graph: extract.map).route(path)
      let arrival = try #require(route.steps.last?.maneuver)
      #expect(arrival.kind == .arrive)
      #expect(
        arrival.modifier == (expected == .left ? .left : .right),
        "\(result.label): arriving \(arrival.modifier?.rawValue ?? "-"), expected \(expected?.rawValue ?? "-")"
      )
      checked += 1
    }
    #expect(checked >= 5 && elsewhere * 10 <= checked)
  }
}
