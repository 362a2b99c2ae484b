import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// Route choices between motorways and regional roads on a real extract
/// (Tests/Fixtures/osm/harrisburg.osm.pbf), imported as `headunit maps import` does.
@Suite struct SpeedRoutingTests {
  static let pbf = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm/harrisburg.osm.pbf")

  /// From Colonial Park to the south of Harrisburg the fastest way (by Valhalla too) is
  /// 3.7 km on I 83. With rural implicit limits on untagged suburban secondary and tertiary
  /// roads (55 mph) the route left I 83 early for Union Deposit Road; with the US minor-road
  /// limit (45 mph) it stays on the motorway.
  @Test func staysOnTheMotorwayRatherThanARegionalRoad() throws {
    let output = try MapImporter().importFile(atPath: Self.pbf.path)
    #expect(output.summary.country == "US")
    let map = try RoadMap(data: output.data, name: "harrisburg")
    let path = try #require(
      try Router(graph: map).paths(
        from: Coordinate(latitude: 40.3114813, longitude: -76.7973909),
        to: Coordinate(latitude: 40.2449966, longitude: -76.8280360)
      ).first)
    let motorway = path.edges.map(map.edge).filter { $0.roadClass == .motorway }
      .map(\.length).reduce(0, +)
    #expect(motorway > 3500, "\(motorway) m of motorway")
    let names = Set(path.edges.map { map.edge($0).name })
    #expect(!names.contains("Union Deposit Road"))
    #expect(abs(path.distance - 12_486) < 100, "\(path.distance) m")
  }
}
