import Geo
import MapFile
import MapImport
import RoadCosts
import Routing
import Testing

/// Implicit speed limits per country, class, built-up area and zone tags; the travel speed
/// below the limit; and the country an extract is in.
@Suite struct SpeedDefaultsTests {
  /// Points laid out in metres east and north of a point in Helsinki, as the router tests'
  /// `SyntheticMaps` lay theirs out.
  enum Maps {
    static func point(_ east: Double, _ north: Double) -> Coordinate {
      LocalProjection(origin: Coordinate(latitude: 60.17, longitude: 24.94))
        .unproject(PlanePoint(x: east, y: north))
    }
  }

  @Test(arguments: [
    ("DE", RoadClass.primary, false, 100.0), ("DE", .primary, true, 50),
    ("DE", .motorway, true, 130), ("DE", .unclassified, false, 100),
    ("DE", .residential, false, 50), ("DE", .livingStreet, false, 7),
    ("AT", .trunk, false, 100), ("AT", .motorway, false, 130), ("AT", .secondary, true, 50),
    ("FI", .primary, false, 80), ("FI", .trunk, false, 100), ("FI", .motorway, false, 120),
    ("FR", .primary, false, 80), ("FR", .trunk, false, 110), ("FR", .motorway, false, 130),
    ("IT", .secondary, false, 90), ("IT", .trunk, false, 110), ("IT", .motorway, false, 130),
    ("ES", .primary, false, 90), ("ES", .trunk, false, 120), ("ES", .residential, true, 30),
    ("GB", .primary, false, 96.56), ("GB", .primary, true, 48.28), ("GB", .motorway, false, 112.65),
    ("US", .motorway, false, 104.61), ("US", .primary, false, 88.51), ("US", .primary, true, 56.33),
    ("US", .residential, true, 40.23), ("US", .tertiary, false, 72.42),
    ("AD", .primary, false, 90), ("AD", .primary, true, 50), ("MC", .primary, false, 50),
    ("XX", .primary, false, 90), ("XX", .motorway, false, 120),
    ("DE", .motorwayLink, false, 80), ("FI", .primaryLink, false, 80),
  ])
  func implicitLimits(country: String, roadClass: RoadClass, urban: Bool, kmh: Double) {
    let limit = SpeedLimits(country: country).defaultLimit(for: roadClass, urban: urban)
    #expect(abs(limit - kmh) < 0.01, "\(country) \(roadClass) urban \(urban): \(limit)")
  }

  @Test func zoneTagsSayUrbanOrRural() {
    #expect(SpeedLimits.area(tags: ["zone:traffic": "DE:urban"]) == .urban)
    #expect(SpeedLimits.area(tags: ["zone:traffic": "AT:rural"]) == .rural)
    #expect(SpeedLimits.area(tags: ["source:maxspeed": "DE:zone30"]) == .urban)
    #expect(SpeedLimits.area(tags: ["maxspeed:type": "GB:nsl_single"]) == .rural)
    #expect(SpeedLimits.area(tags: ["source:maxspeed": "sign"]) == nil)
    #expect(SpeedLimits.area(tags: ["maxspeed": "50"]) == nil)
    // A zone is read with the table of the country it names.
    let de = SpeedLimits(country: "DE")
    #expect(
      de.taggedLimit(tags: ["zone:traffic": "AT:rural"], roadClass: .primary, forward: true) == 100)
    #expect(
      de.taggedLimit(tags: ["zone:traffic": "FI:rural"], roadClass: .primary, forward: true) == 80)
    #expect(
      de.taggedLimit(tags: ["source:maxspeed": "DE:sign"], roadClass: .primary, forward: true)
        == nil)
  }

  @Test func travelSpeedIsAShareOfTheLimit() {
    #expect(abs(TravelSpeed.kmh(limit: 130, roadClass: .motorway, urban: false) - 117) < 0.01)
    #expect(abs(TravelSpeed.kmh(limit: 100, roadClass: .primary, urban: false) - 85) < 0.01)
    #expect(abs(TravelSpeed.kmh(limit: 50, roadClass: .primary, urban: true) - 40) < 0.01)
    #expect(abs(TravelSpeed.kmh(limit: 50, roadClass: .residential, urban: true) - 35) < 0.01)
    #expect(abs(TravelSpeed.kmh(limit: 100, roadClass: .unclassified, urban: false) - 45) < 0.01)
    // A tagged limit is driven at 0.9 of it whatever the class: a country lane signed 100.
    #expect(
      abs(TravelSpeed.kmh(limit: 100, roadClass: .unclassified, urban: false, tagged: true) - 90)
        < 0.01)
    #expect(
      abs(TravelSpeed.kmh(limit: 50, roadClass: .residential, urban: true, tagged: true) - 45)
        < 0.01)
    // Slow limits are kept.
    #expect(TravelSpeed.kmh(limit: 20, roadClass: .livingStreet, urban: true) == 20)
    #expect(TravelSpeed.kmh(limit: 6, roadClass: .service, urban: true) == 6)
  }

  /// A German primary road, untagged, through a village's area, past a village's node, and
  /// out in the country; a trunk road and a motorway past the node.
  @Test func builtUpAreasFromPlaces() throws {
    var builder = RoadMapBuilder(country: "DE")
    let nodes: [Int64: (Double, Double)] = [
      1: (-3000, 0), 2: (-1000, 0), 3: (1000, 0), 4: (3000, 0), 5: (5000, 0), 6: (9000, 0),
      7: (3000, 100), 8: (5000, 100), 9: (3000, -100), 10: (5000, -100),
      20: (-1200, -500), 21: (1200, -500), 22: (1200, 500), 23: (-1200, 500),
    ]
    for (id, p) in nodes { builder.addNode(id: id, coordinate: Maps.point(p.0, p.1)) }
    builder.addNode(id: 30, coordinate: Maps.point(4000, 0), tags: ["place": "village"])
    builder.addWay(id: 40, nodes: [20, 21, 22, 23, 20], tags: ["place": "town", "name": "Ort"])
    let primary = ["highway": "primary"]
    builder.addWay(id: 1, nodes: [1, 2], tags: primary)
    builder.addWay(id: 2, nodes: [2, 3], tags: primary)
    builder.addWay(id: 3, nodes: [3, 4], tags: primary)
    builder.addWay(id: 4, nodes: [4, 5], tags: primary)
    builder.addWay(id: 5, nodes: [5, 6], tags: primary)
    builder.addWay(id: 6, nodes: [7, 8], tags: ["highway": "trunk"])
    builder.addWay(id: 7, nodes: [9, 10], tags: ["highway": "motorway"])
    builder.addWay(id: 8, nodes: [1, 2], tags: ["highway": "primary", "zone:traffic": "DE:urban"])
    let map = try builder.map()
    func kmh(_ way: Int64) -> Double {
      let id = (0..<map.edgeCount).first { map.edge($0).wayID == way }!
      return (map.edge(id).speed * 3.6 * 10).rounded() / 10
    }
    #expect(kmh(1) == 85)  // rural: 100 at 0.85
    #expect(kmh(8) == 45)  // zone:traffic=DE:urban: 50 tagged on the way, at 0.9
    #expect(kmh(2) == 40)  // inside the town's outline
    #expect(kmh(4) == 40)  // within 500 m of the village's node
    #expect(kmh(5) == 85)
    #expect(kmh(6) == 90)  // a trunk road near the node only is not a town's street
    #expect(kmh(7) == 117)  // nor is a motorway
  }

  @Test func countryFromTheData() {
    var evidence = CountryEvidence()
    evidence.noteBoundary(["boundary": "administrative", "admin_level": "2", "ISO3166-1": "FR"])
    evidence.noteBoundary(["boundary": "administrative", "admin_level": "2", "ISO3166-1": "FR"])
    evidence.noteBoundary(["boundary": "administrative", "admin_level": "2", "ISO3166-1": "ad"])
    // A tie (each country once): the centre of the data decides.
    #expect(evidence.country(centre: (42.53, 1.54)) == "AD")
    evidence.noteAddress(["addr:country": "FR"])
    #expect(evidence.country(centre: (42.53, 1.54)) == "FR")
    #expect(CountryEvidence().country(centre: (48.41, 15.6)) == "AT")
    #expect(CountryEvidence().country(centre: (48.14, 11.58)) == "DE")
    #expect(CountryEvidence().country(centre: (43.74, 7.42)) == "MC")
    #expect(CountryEvidence().country(centre: (40.26, -76.8)) == "US")
    #expect(CountryEvidence().country(centre: nil) == nil)
  }
}
