import Foundation
import Geo
import MapImport
import OSMPBF
import Search
import Testing

/// Cities and postcodes an address without `addr:city` or `addr:postcode` takes from the
/// areas holding it: settlement multipolygons, municipal boundaries, postcode boundaries.
@Suite struct AddressRegionTests {
  typealias Streets = AddressImportTests

  /// Adds the four corner nodes of a box (`first`…`first + 3`) and returns the closed ring.
  static func box(
    _ b: inout RoadMapBuilder, first: Int64, south: Double, west: Double, north: Double,
    east: Double
  ) -> [Int64] {
    let corners = [(south, west), (south, east), (north, east), (north, west)]
    for (i, c) in corners.enumerated() {
      b.addNode(id: first + Int64(i), coordinate: Coordinate(latitude: c.0, longitude: c.1))
    }
    return [first, first + 1, first + 2, first + 3, first]
  }

  /// A relation of `outer` and `inner` ways added as an extract orders them: the relation
  /// names ways already read without tags, and the importer reads them again.
  static func addArea(
    _ b: inout RoadMapBuilder, id: Int64, outer: [(Int64, [Int64])],
    inner: [(Int64, [Int64])] = [], tags: [String: String]
  ) {
    for (way, nodes) in outer + inner { b.addWay(id: way, nodes: nodes, tags: [:]) }
    let members =
      outer.map { OSMRelation.Member(type: .way, ref: $0.0, role: "outer") }
      + inner.map { OSMRelation.Member(type: .way, ref: $0.0, role: "inner") }
    b.addRelation(OSMRelation(id: id, members: members, tags: tags))
    for (way, nodes) in outer + inner where b.missingMemberWays.contains(way) {
      b.addMemberWay(OSMWay(id: way, nodes: nodes))
    }
  }

  /// An address north of Testikatu with neither a city nor a postcode.
  static func addBareAddress(_ b: inout RoadMapBuilder, id: Int64, _ number: String, lon: Double) {
    b.addNode(
      id: id, coordinate: Coordinate(latitude: 60.0002, longitude: lon),
      tags: ["addr:housenumber": number, "addr:street": "Testikatu"])
  }

  func labels(_ b: RoadMapBuilder, _ queries: [String]) throws -> [String?] {
    let (map, _) = try AddressImportTests().open(b)
    let search = AddressSearch(map: map)
    return queries.map { search.results(for: $0).first?.label }
  }

  @Test func aTownMultipolygonHoldingTheAddressBeatsANearerVillageNode() throws {
    var b = Streets.streets()
    let ring = Self.box(&b, first: 500, south: 59.99, west: 24.99, north: 60.01, east: 25.01)
    Self.addArea(
      &b, id: 40, outer: [(500, Array(ring[0...2])), (501, Array(ring[2...4]))],
      tags: ["type": "multipolygon", "place": "town", "name": "Kaupunki"])
    b.addNode(
      id: 70, coordinate: Coordinate(latitude: 60.0003, longitude: 25.001),
      tags: ["place": "village", "name": "Kylä"])
    Self.addBareAddress(&b, id: 71, "2", lon: 25.001)
    #expect(try labels(b, ["testikatu 2"]) == ["Testikatu 2, Kaupunki"])
  }

  @Test func aVillageNodeInAnotherMunicipalityIsNotTheCity() throws {
    var b = Streets.streets()
    // Municipality A: the streets; B: east of 25.003, with the village 150 m inside it.
    let a = Self.box(&b, first: 500, south: 59.99, west: 24.99, north: 60.01, east: 25.003)
    let east = Self.box(&b, first: 510, south: 59.99, west: 25.003, north: 60.01, east: 25.02)
    let admin = ["type": "boundary", "boundary": "administrative", "admin_level": "8"]
    Self.addArea(&b, id: 41, outer: [(500, a)], tags: admin.merging(["name": "Akaa"]) { $1 })
    Self.addArea(&b, id: 42, outer: [(510, east)], tags: admin.merging(["name": "Beena"]) { $1 })
    b.addNode(
      id: 70, coordinate: Coordinate(latitude: 60.0002, longitude: 25.0055),
      tags: ["place": "village", "name": "Kylä"])
    Self.addBareAddress(&b, id: 71, "2", lon: 25.0015)
    #expect(try labels(b, ["testikatu 2"]) == ["Testikatu 2, Akaa"])
    // The same village inside A is the city.
    var inside = b
    inside.addNode(
      id: 70, coordinate: Coordinate(latitude: 60.0025, longitude: 25.0015),
      tags: ["place": "village", "name": "Kylä"])
    #expect(try labels(inside, ["testikatu 2"]) == ["Testikatu 2, Kylä"])
  }

  @Test func aPostcodeBoundaryFillsThePostcodeButNotInItsHole() throws {
    var b = Streets.streets()
    let outer = Self.box(&b, first: 500, south: 59.99, west: 24.99, north: 60.01, east: 25.01)
    let hole = Self.box(
      &b, first: 510, south: 60.0001, west: 25.0012, north: 60.0004, east: 25.0018)
    Self.addArea(
      &b, id: 43, outer: [(500, outer)], inner: [(510, hole)],
      tags: ["type": "boundary", "boundary": "postal_code", "postal_code": "00990"])
    Self.addArea(
      &b, id: 44, outer: [(520, outer)],
      tags: [
        "type": "boundary", "boundary": "administrative", "admin_level": "8", "name": "Akaa",
      ])
    Self.addBareAddress(&b, id: 71, "2", lon: 25.0005)
    Self.addBareAddress(&b, id: 72, "4", lon: 25.0015)
    let (map, summary) = try AddressImportTests().open(b)
    #expect(summary.postcodesFromAreas == 1 && summary.citiesFromPlaces == 2)
    let search = AddressSearch(map: map)
    #expect(search.results(for: "testikatu 2").first?.label == "Testikatu 2, 00990 Akaa")
    #expect(search.results(for: "testikatu 4").first?.label == "Testikatu 4, Akaa")
    #expect(search.results(for: "00990").first?.label == "00990 Akaa")
  }

  @Test func aBoundaryCutByTheExtractIsClosedAlongItsEdge() throws {
    var b = Streets.streets()
    // A boundary reaching far east of the data: its eastern nodes (501, 502) are not in the
    // extract, so what is left runs from the north edge west of the streets to the south edge.
    let known = [(500, 59.99, 24.99), (503, 60.01, 24.99), (504, 60.0, 24.985)]
    for (id, lat, lon) in known {
      b.addNode(id: Int64(id), coordinate: Coordinate(latitude: lat, longitude: lon))
    }
    Self.addArea(
      &b, id: 45, outer: [(500, [500, 501, 502, 503, 504, 500])],
      tags: ["type": "boundary", "boundary": "postal_code", "postal_code": "00991"])
    Self.addBareAddress(&b, id: 71, "2", lon: 25.0005)
    let (map, summary) = try AddressImportTests().open(b)
    // Closed along the edge on the side its node order says is inside: the streets' side.
    #expect(summary.postcodesFromAreas == 1)
    #expect(AddressSearch(map: map).results(for: "00991").first?.label == "00991")
  }

  @Test func theLabelWritesNumberPostcodeAndCityTheCountrysWay() throws {
    let tags = [
      "addr:housenumber": "100", "addr:street": "Testikatu", "addr:postcode": "17109",
      "addr:city": "Harrisburg",
    ]
    var labels: [String: String?] = [:]
    for country in ["US", "FR", "DE", "GB"] {
      var b = Streets.streets(country: country)
      b.addNode(id: 71, coordinate: Coordinate(latitude: 60.0002, longitude: 25.001), tags: tags)
      labels[country] = try self.labels(b, ["testikatu 100"]).first
    }
    #expect(labels["US"] == "100 Testikatu, Harrisburg 17109")
    #expect(labels["GB"] == "100 Testikatu, Harrisburg 17109")
    #expect(labels["FR"] == "100 Testikatu, 17109 Harrisburg")
    #expect(labels["DE"] == "Testikatu 100, 17109 Harrisburg")
  }
}
