import Foundation
import Geo
import MapFile
import MapImport
import Navigation
import OSMPBF
import Routing
import Search
import Testing

/// Addresses built from small synthetic data: each source of addresses, each bad case
/// counted, the side of the street, determinism.
@Suite struct AddressImportTests {
  /// An east–west street ("Testikatu", drawn west to east at 60°N) and a north–south one
  /// ("Sivukatu") crossing at its west end, about 110 m each.
  static func streets(country: String = "FI") -> RoadMapBuilder {
    var b = RoadMapBuilder(country: country)
    b.addNode(id: 1, coordinate: Coordinate(latitude: 60, longitude: 25))
    b.addNode(id: 2, coordinate: Coordinate(latitude: 60, longitude: 25.002))
    b.addNode(id: 3, coordinate: Coordinate(latitude: 60.001, longitude: 25))
    b.addWay(id: 1, nodes: [1, 2], tags: ["highway": "residential", "name": "Testikatu"])
    b.addWay(id: 2, nodes: [1, 3], tags: ["highway": "residential", "name": "Sivukatu"])
    return b
  }

  static func address(_ number: String, street: String? = "Testikatu") -> [String: String] {
    var tags = ["addr:housenumber": number, "addr:city": "Testilä"]
    if let street { tags["addr:street"] = street }
    return tags
  }

  /// A square building north of Testikatu with its south side 15 m from it.
  static func addBuilding(
    _ b: inout RoadMapBuilder, id: Int64, first node: Int64, tags: [String: String]
  ) {
    let corners = [
      (60.000135, 25.0008), (60.000135, 25.0010), (60.000315, 25.0010), (60.000315, 25.0008),
    ]
    for (i, c) in corners.enumerated() {
      b.addNode(id: node + Int64(i), coordinate: Coordinate(latitude: c.0, longitude: c.1))
    }
    b.addWay(id: id, nodes: [node, node + 1, node + 2, node + 3, node], tags: tags)
  }

  func open(_ b: RoadMapBuilder) throws -> (RoadMap, AddressSummary) {
    let output = b.build()
    let map = try RoadMap(data: output.data, name: "test.map")
    try map.verify()
    return (map, output.summary.addresses)
  }

  @Test func aNodeAddressFacesItsStreetOnTheRightSide() throws {
    var b = Self.streets()
    // North of Testikatu: left of the eastbound edge, right of the westbound one.
    b.addNode(
      id: 10, coordinate: Coordinate(latitude: 60.0002, longitude: 25.001), tags: Self.address("5"))
    let (map, summary) = try open(b)
    #expect(summary.addresses == 1 && summary.fromNodes == 1 && summary.problems == 0)
    let result = try #require(AddressSearch(map: map).results(for: "Testikatu 5").first)
    #expect(result.label == "Testikatu 5, Testilä")
    let road = try #require(result.roadPoint)
    #expect(map.edge(road.edge).name == "Testikatu")
    #expect(abs(Earth.distance(road.coordinate, result.coordinate) - 22.3) < 1)
    let shape = map.geometry(ofEdge: road.edge)
    let eastbound = shape.last!.longitude > shape.first!.longitude
    #expect(road.side == (eastbound ? .left : .right))
    #expect(abs(road.offset - 55.8) < 1)
  }

  @Test func aBuildingLeadsToItsEntranceOrItsCentroid() throws {
    var b = Self.streets()
    Self.addBuilding(
      &b, id: 20, first: 100, tags: Self.address("7").merging(["building": "yes"]) { $1 })
    var withEntrance = b
    // The entrance on the south wall, half-way along it.
    withEntrance.addNode(
      id: 104, coordinate: Coordinate(latitude: 60.000135, longitude: 25.0009),
      tags: ["entrance": "main"])
    withEntrance.addWay(
      id: 20, nodes: [100, 104, 101, 102, 103, 100],
      tags: Self.address("7").merging(["building": "yes"]) { $1 })
    let (plain, plainSummary) = try open(b)
    let centre = try #require(AddressSearch(map: plain).results(for: "testikatu 7").first)
    #expect(
      Earth.distance(centre.coordinate, Coordinate(latitude: 60.000225, longitude: 25.0009)) < 0.5)
    #expect(plainSummary.fromBuildings == 1 && plainSummary.atEntrances == 0)
    let (map, summary) = try open(withEntrance)
    let door = try #require(AddressSearch(map: map).results(for: "testikatu 7").first)
    #expect(
      Earth.distance(door.coordinate, Coordinate(latitude: 60.000135, longitude: 25.0009)) < 0.2)
    #expect(summary.atEntrances == 1)
    #expect(map.address(0).isAtEntrance)
    // An entrance inside the outline, on no wall, counts too.
    var inside = b
    inside.addNode(
      id: 105, coordinate: Coordinate(latitude: 60.0002, longitude: 25.00085),
      tags: ["entrance": "yes"])
    #expect(try open(inside).1.atEntrances == 1)
  }

  @Test func aMultipolygonAddedAfterItsWaysIsAtTheCentroidOfItsOuterRing() throws {
    var b = Self.streets()
    let corners = [
      (60.000135, 25.0008), (60.000135, 25.0010), (60.000315, 25.0010), (60.000315, 25.0008),
    ]
    for (i, c) in corners.enumerated() {
      b.addNode(id: 200 + Int64(i), coordinate: Coordinate(latitude: c.0, longitude: c.1))
    }
    // Two halves of the ring, one drawn backwards, before the relation (as extracts order them).
    b.addWay(id: 30, nodes: [200, 201, 202], tags: [:])
    b.addWay(id: 31, nodes: [200, 203, 202], tags: [:])
    b.addRelation(
      OSMRelation(
        id: 5,
        members: [
          .init(type: .way, ref: 30, role: "outer"), .init(type: .way, ref: 31, role: "outer"),
        ],
        tags: Self.address("9").merging(["type": "multipolygon", "building": "yes"]) { $1 }))
    #expect(b.missingMemberWays == [30, 31])
    b.addMemberWay(OSMWay(id: 30, nodes: [200, 201, 202]))
    b.addMemberWay(OSMWay(id: 31, nodes: [200, 203, 202]))
    #expect(b.missingMemberWays.isEmpty)
    let (map, summary) = try open(b)
    #expect(summary.fromMultipolygons == 1)
    let result = try #require(AddressSearch(map: map).results(for: "Testikatu 9").first)
    #expect(
      Earth.distance(result.coordinate, Coordinate(latitude: 60.000225, longitude: 25.0009)) < 0.5)
  }

  @Test func interpolationsStandForTheirNumbers() throws {
    var b = Self.streets()
    b.addNode(
      id: 40, coordinate: Coordinate(latitude: 60.0001, longitude: 25.0002), tags: Self.address("1")
    )
    b.addNode(
      id: 41, coordinate: Coordinate(latitude: 60.0001, longitude: 25.0018), tags: Self.address("9")
    )
    b.addWay(id: 40, nodes: [40, 41], tags: ["addr:interpolation": "odd"])
    b.addNode(
      id: 42, coordinate: Coordinate(latitude: 60.0005, longitude: 25.0001),
      tags: Self.address("12a", street: "Sivukatu"))
    b.addNode(
      id: 43, coordinate: Coordinate(latitude: 60.0009, longitude: 25.0001),
      tags: Self.address("12d", street: "Sivukatu"))
    b.addWay(
      id: 41, nodes: [42, 43],
      tags: ["addr:interpolation": "alphabetic", "addr:street": "Sivukatu"])
    let (map, summary) = try open(b)
    #expect(summary.interpolated == 5 && summary.interpolationsExpanded == 2)
    let search = AddressSearch(map: map)
    let numbers = search.houseNumbers(
      onStreet: try #require(search.results(for: "Testikatu").first?.street))
    #expect(numbers == ["1", "3", "5", "7", "9"])
    let five = try #require(search.results(for: "testikatu 5").first)
    #expect(abs(five.coordinate.longitude - 25.001) < 1e-6)
    #expect(search.results(for: "sivukatu 12c").first?.label == "Sivukatu 12c, Testilä")
    #expect(search.results(for: "Sivukatu 12 B").first?.number == "12b")
  }

  @Test func badInputIsCountedNeverACrash() throws {
    var b = Self.streets()
    var id: Int64 = 500
    func node(_ tags: [String: String], _ lon: Double = 25.001) {
      id += 1
      b.addNode(id: id, coordinate: Coordinate(latitude: 60.0002, longitude: lon), tags: tags)
    }
    node(Self.address("3", street: "Olematon katu"))  // street on no road: kept
    node(Self.address("kolme"))  // not a number
    node(Self.address(String(repeating: "9", count: 30)))  // not a number either
    node(Self.address("4", street: nil))  // no street
    node(Self.address("11"))
    node(Self.address("11"), 25.00101)  // the same address twice
    // Interpolations: an end missing from the data, an end without a number, ends that do
    // not fit "even", and a range of thousands.
    node(Self.address("2"), 25.0003)
    b.addWay(id: 60, nodes: [id, 9_999], tags: ["addr:interpolation": "even"])
    node([:], 25.0004)
    b.addWay(id: 61, nodes: [id - 1, id], tags: ["addr:interpolation": "even"])
    node(Self.address("5"), 25.0005)
    b.addWay(id: 62, nodes: [id - 2, id], tags: ["addr:interpolation": "even"])
    node(Self.address("9000"), 25.0019)
    b.addWay(id: 63, nodes: [id - 3, id], tags: ["addr:interpolation": "all"])
    let (map, s) = try open(b)
    #expect(s.streetNotOnMap == 1)
    #expect(s.invalidNumbers == 2)
    #expect(s.noStreet == 1)
    #expect(s.duplicates == 1)
    #expect(s.interpolationMissingEnds == 2)
    #expect(s.interpolationInvalid == 1)
    #expect(s.interpolationHugeRange == 1)
    #expect(s.problems == 8)
    let lost = try #require(AddressSearch(map: map).results(for: "olematon katu 3").first)
    #expect(lost.roadPoint != nil)
    let kept = try #require(
      (0..<map.addressCount).map(map.address).first { $0.street == "Olematon katu" })
    #expect(!kept.isOnNamedRoad)
  }

  @Test func theCityComesFromTheNearestPlaceWithoutAddrCity() throws {
    var b = Self.streets()
    b.addNode(
      id: 70, coordinate: Coordinate(latitude: 60.003, longitude: 25.001),
      tags: ["place": "village", "name": "Kylä"])
    b.addNode(
      id: 71, coordinate: Coordinate(latitude: 60.0002, longitude: 25.001),
      tags: ["addr:housenumber": "2", "addr:street": "Testikatu", "addr:postcode": "01234"])
    let (map, summary) = try open(b)
    #expect(summary.citiesFromPlaces == 1)
    let search = AddressSearch(map: map)
    #expect(search.results(for: "testikatu 2").first?.label == "Testikatu 2, 01234 Kylä")
    #expect(search.results(for: "01234").first?.label == "01234 Kylä")
    #expect(search.results(for: "01234 testi").first?.kind == .street)
    #expect(search.results(for: "kyla").first?.kind == .city)
  }

  @Test func theSameDataInAnotherOrderGivesTheSameBytes() throws {
    var a = Self.streets()
    var b = RoadMapBuilder(country: "FI")
    let tags = [Self.address("1"), Self.address("3"), Self.address("2", street: "Sivukatu")]
    for (i, t) in tags.enumerated() {
      a.addNode(
        id: 80 + Int64(i),
        coordinate: Coordinate(latitude: 60.0002, longitude: 25.0005 + Double(i) * 1e-4), tags: t)
    }
    for (i, t) in tags.enumerated().reversed() {
      b.addNode(
        id: 80 + Int64(i),
        coordinate: Coordinate(latitude: 60.0002, longitude: 25.0005 + Double(i) * 1e-4), tags: t)
    }
    b.addWay(id: 2, nodes: [1, 3], tags: ["highway": "residential", "name": "Sivukatu"])
    b.addNode(id: 3, coordinate: Coordinate(latitude: 60.001, longitude: 25))
    b.addWay(id: 1, nodes: [1, 2], tags: ["highway": "residential", "name": "Testikatu"])
    b.addNode(id: 2, coordinate: Coordinate(latitude: 60, longitude: 25.002))
    b.addNode(id: 1, coordinate: Coordinate(latitude: 60, longitude: 25))
    #expect(a.build().data == b.build().data)
  }
}
