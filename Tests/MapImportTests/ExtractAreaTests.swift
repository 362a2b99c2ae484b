import Foundation
import Geo
import MapFile
import MapImport
import Routing
import Testing

/// The areas, the sea and the country of real extracts (Tests/Fixtures/osm, © OpenStreetMap
/// contributors, ODbL 1.0).
@Suite("Areas of real extracts")
struct ExtractAreaTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

  static func imported(_ name: String) throws -> (RoadMap, RoadMapBuilder.Summary) {
    let output = try MapImporter().importFile(
      atPath: fixtures.appendingPathComponent("\(name).osm.pbf").path)
    return (try RoadMap(data: output.data, name: name), output.summary)
  }

  /// Whether any point within `radius` metres of `center` (a ring of 16, every 25 m) is sea.
  static func seaNear(_ map: RoadMap, _ center: Coordinate, radius: Double) -> Bool {
    stride(from: 25.0, through: radius, by: 25).contains { r in
      (0..<16).contains { i in
        let p = Earth.destination(from: center, bearing: Double(i) * 22.5, distance: r)
        return map.kinds(at: p.latitude, p.longitude).contains(.sea)
      }
    }
  }

  static func place(_ map: RoadMap, _ name: String) throws -> Coordinate {
    try #require(map.places.first { $0.name == name }).coordinate
  }

  @Test func helsinkiHarbourIsSea() throws {
    let (map, summary) = try Self.imported("helsinki")
    let areas = summary.wholeMap.areas
    #expect(areas.coastlineWays == 4)
    #expect(areas.seaPolygons >= 1)
    #expect(areas.relations >= 50, "multipolygons drawn: \(areas.relations)")
    #expect(areas.buildings >= 300)
    #expect(areas.unclosableLines == 0)
    // Havis Amanda stands on the market square at the South Harbour's quay.
    let statue = try Self.place(map, "Havis Amanda")
    #expect(!map.kinds(at: statue.latitude, statue.longitude).contains(.sea))
    #expect(Self.seaNear(map, statue, radius: 150))
    // The railway station square is well inland.
    let square = try Self.place(map, "Rautatientori")
    #expect(!Self.seaNear(map, square, radius: 300))
    #expect(summary.country == "FI")
  }

  @Test func monacoHasItsCoast() throws {
    let (map, summary) = try Self.imported("monaco")
    #expect(summary.wholeMap.areas.coastlineWays > 0)
    #expect(summary.wholeMap.areas.seaPolygons >= 1)
    #expect(summary.country == "MC")
    // South-east of the harbour is the Mediterranean; the Prince's Palace is on its rock.
    #expect(map.kinds(at: 43.728, 7.43).contains(.sea))
    #expect(!map.kinds(at: 43.7312, 7.4199).contains(.sea))
  }

  @Test func andorraHasNoSea() throws {
    let (map, summary) = try Self.imported("andorra")
    #expect(summary.wholeMap.areas.coastlineWays == 0)
    #expect(summary.wholeMap.areas.seaPolygons == 0)
    #expect(map.areas(south: -90, west: -180, north: 90, east: 180).allSatisfy { $0.kind != .sea })
    #expect(summary.country == "AD")
    #expect(summary.wholeMap.bridgeEdges > 0 && summary.wholeMap.tunnelEdges > 0)
  }

  @Test(
    "the country table: the smallest box holding the point",
    arguments: [
      (47.14, 9.52, "LI"),  // Vaduz, inside Switzerland's and Austria's boxes
      (42.51, 1.52, "AD"),  // Andorra la Vella, inside Spain's and France's
      (43.74, 7.42, "MC"),
      (43.94, 12.45, "SM"),
      (48.14, 11.58, "DE"),  // Munich: not Austria
      (47.27, 11.39, "AT"),  // Innsbruck
      (60.17, 24.94, "FI"),
      (40.26, -76.88, "US"),
      (35.68, 139.69, "JP"),
      (0.0, -30.0, nil),  // the Atlantic
    ])
  func countryTable(latitude: Double, longitude: Double, code: String?) {
    #expect(CountryEvidence.country(near: latitude, longitude) == code)
  }

  @Test func aLiechtensteinExtractIsNotGermany() {
    var evidence = CountryEvidence()
    #expect(evidence.country(centre: (47.16, 9.53)) == "LI")
    // Addresses in the data outvote the boxes.
    evidence.noteAddress(["addr:country": "CH"])
    #expect(evidence.country(centre: (47.16, 9.53)) == "CH")
  }
}
