import Foundation
import Geo
import Maneuvers
import Navigation
import Testing

@testable import MapFile
@testable import MapImport
@testable import Routing

/// Small real extracts with motorway exits (`Tests/Fixtures/osm`).
enum ExitExtracts {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/osm")

  /// The map imported from `name`.osm.pbf.
  static func map(_ name: String) throws -> RoadMap {
    let output = try MapImporter().importFile(
      atPath: folder.appendingPathComponent("\(name).osm.pbf").path)
    return try RoadMap(data: output.data, name: name)
  }

  static func route(_ map: RoadMap, from: Coordinate, heading: Double, to: Coordinate) throws
    -> Route
  {
    try #require(try Router(graph: map).routes(from: from, heading: heading, to: to).first)
  }
}

@Suite struct SignpostImportTests {
  /// The A9 southbound at Bayreuth, leaving at exit 40b (Bindlacher Berg).
  @Test func bayreuthExitFortyB() throws {
    let map = try ExitExtracts.map("bayreuth-a9")
    try map.verify()
    #expect(map.signpostCount > 0)
    let route = try ExitExtracts.route(
      map, from: Coordinate(latitude: 50.01676, longitude: 11.60476), heading: 160,
      to: Coordinate(latitude: 50.01295, longitude: 11.60630))
    let exit = try #require(route.steps.first { $0.maneuver.kind == .offRamp })
    #expect(
      exit.signpost
        == Signpost(exits: ["40b"], destinations: ["Bindlacher Berg", "Goldkronach"]))
    #expect(
      exit.instructionVariants.first
        == "Take exit 40b on the right towards Bindlacher Berg, Goldkronach.")
    let en = try Phrasebook(language: "en")
    let de = try Phrasebook(language: "de")
    #expect(
      en.instruction(for: exit)
        == "Take exit 40b on the right towards Bindlacher Berg and Goldkronach")
    #expect(
      de.instruction(for: exit)
        == "Rechts die Ausfahrt 40b Richtung Bindlacher Berg und Goldkronach nehmen")
    #expect(en.depart(for: route.steps[0]) == "Head south on A9")
    #expect(de.depart(for: route.steps[0]) == "Auf der A9 nach Süden fahren")
    #expect(route.steps[0].instructionVariants.first == "Drive south on A9.")
  }

  /// I-283 northbound at Harrisburg, leaving at exit 1B for PA 230 and Highspire; a route
  /// from the Pennsylvania Turnpike leaves it first at exit 247.
  @Test func harrisburgExits() throws {
    let map = try ExitExtracts.map("harrisburg-i83")
    try map.verify()
    let short = try ExitExtracts.route(
      map, from: Coordinate(latitude: 40.21868, longitude: -76.78737), heading: 340,
      to: Coordinate(latitude: 40.21966, longitude: -76.78745))
    let exit = try #require(short.steps.first { $0.maneuver.kind == .offRamp })
    #expect(exit.signpost == Signpost(exits: ["1B"], refs: ["PA 230"], destinations: ["Highspire"]))
    let en = try Phrasebook(language: "en")
    #expect(en.instruction(for: exit) == "Take exit 1B on the right towards Highspire")
    #expect(en.depart(for: short.steps[0]) == "Head north on I-283")
    let long = try ExitExtracts.route(
      map, from: Coordinate(latitude: 40.21502, longitude: -76.7797), heading: 270,
      to: Coordinate(latitude: 40.2195, longitude: -76.78745))
    let exits = long.steps.filter { $0.maneuver.kind == .offRamp }.compactMap(\.signpost?.exit)
    #expect(exits.prefix(2) == ["247", "1B"])
  }

  /// Ways and junction nodes tagged the ways OSM tags them.
  static func built(_ link: [String: String], junction: [String: String] = [:]) throws -> RoadMap {
    var b = RoadMapBuilder(country: "DE")
    let o = Coordinate(latitude: 50, longitude: 11)
    func at(_ east: Double, _ north: Double) -> Coordinate {
      LocalProjection(origin: o).unproject(PlanePoint(x: east, y: north))
    }
    b.addNode(id: 1, coordinate: at(0, 0))
    b.addNode(
      id: 2, coordinate: at(0, 500), tags: ["highway": "motorway_junction"].merging(junction) { $1 }
    )
    b.addNode(id: 3, coordinate: at(0, 1000))
    b.addNode(id: 4, coordinate: at(60, 700))
    b.addNode(id: 5, coordinate: at(120, 900))
    b.addWay(id: 10, nodes: [1, 2, 3], tags: ["highway": "motorway", "ref": "A 9"])
    b.addWay(id: 11, nodes: [2, 4], tags: ["highway": "motorway_link"].merging(link) { $1 })
    b.addWay(id: 12, nodes: [4, 5], tags: ["highway": "secondary", "name": "Hauptstraße"])
    return try b.map()
  }

  static func linkSign(_ map: RoadMap, forward: Bool = true) -> Signpost? {
    let edges = (0..<map.edgeCount).filter { map.edge($0).roadClass == .motorwayLink }
    return edges.compactMap(map.signpost(ofEdge:)).first
  }

  @Test func tagsMakeTheSign() throws {
    #expect(
      Self.linkSign(
        try Self.built(
          ["destination": "Vaduz;Feldkirch", "destination:ref": "A 14"], junction: ["ref": "4"]))
        == Signpost(exits: ["4"], refs: ["A14"], destinations: ["Vaduz", "Feldkirch"]))
    // The way's own exit number wins over the junction's.
    #expect(
      Self.linkSign(try Self.built(["junction:ref": "51A"], junction: ["ref": "51A-B"]))
        == Signpost(exits: ["51A"]))
    // exit_to stands in for a destination the way lacks.
    #expect(
      Self.linkSign(try Self.built([:], junction: ["ref": "2", "exit_to": "PA 441;Airport"]))
        == Signpost(exits: ["2"], refs: ["PA 441"], destinations: ["Airport"]))
    #expect(
      Self.linkSign(try Self.built(["destination:lanes": "Vaduz|Vaduz;Buchs"]))
        == Signpost(destinations: ["Vaduz", "Buchs"]))
    #expect(Self.linkSign(try Self.built([:])) == nil)
  }

  @Test func aTwoWayRoadIsSignedPerDirection() throws {
    let map = try Self.built([
      "oneway": "no", "destination:forward": "Hauptstraße", "destination:backward": "Nürnberg",
    ])
    let signs = (0..<map.edgeCount).filter { map.edge($0).roadClass == .motorwayLink }
      .map { (map.edge($0).from, map.signpost(ofEdge: $0)?.destinations) }
    #expect(signs.count == 2)
    #expect(Set(signs.compactMap(\.1).flatMap { $0 }) == ["Hauptstraße", "Nürnberg"])
    let plain = try Self.built(["oneway": "no", "destination": "Vaduz"])
    let plainSigns = (0..<plain.edgeCount).filter { plain.edge($0).roadClass == .motorwayLink }
      .compactMap(plain.signpost(ofEdge:))
    #expect(plainSigns == [Signpost(destinations: ["Vaduz"])])
  }
}

@Suite struct SignpostFileTests {
  static let signed: Data = {
    var b = RoadMapBuilder(country: "DE")
    b.addNode(id: 1, coordinate: Coordinate(latitude: 50, longitude: 11))
    b.addNode(
      id: 2, coordinate: Coordinate(latitude: 50.005, longitude: 11),
      tags: ["highway": "motorway_junction", "ref": "4"])
    b.addNode(id: 3, coordinate: Coordinate(latitude: 50.01, longitude: 11))
    b.addNode(id: 4, coordinate: Coordinate(latitude: 50.006, longitude: 11.001))
    b.addWay(id: 10, nodes: [1, 2, 3], tags: ["highway": "motorway"])
    b.addWay(id: 11, nodes: [2, 4], tags: ["highway": "motorway_link", "destination": "Vaduz"])
    return b.build().data
  }()

  static func patched(_ data: Data, at offset: Int, _ value: UInt32) -> Data {
    var copy = data
    for i in 0..<4 { copy[offset + i] = UInt8(value >> (8 * UInt32(i)) & 0xFF) }
    return copy
  }

  @Test func signpostsRoundTripThroughTheFile() throws {
    let map = try RoadMap(data: Self.signed)
    try map.verify()
    #expect(map.version == 3)
    #expect(map.signpostCount == 1)
    let edge = try #require((0..<map.edgeCount).first { map.signpost(ofEdge: $0) != nil })
    #expect(map.edge(edge).roadClass == .motorwayLink)
    #expect(map.signpost(ofEdge: edge) == Signpost(exits: ["4"], destinations: ["Vaduz"]))
  }

  @Test func aVersionOneFileStillOpensWithoutSignposts() throws {
    // Version 1 had no SIGN section: a file of roads only, marked version 1.
    var b = RoadMapBuilder()
    b.addNode(id: 1, coordinate: Coordinate(latitude: 60, longitude: 25))
    b.addNode(id: 2, coordinate: Coordinate(latitude: 60.001, longitude: 25))
    b.addWay(id: 1, nodes: [1, 2], tags: ["highway": "residential", "name": "Katu"])
    let old = Self.patched(b.build().data, at: 8, 1)
    let map = try RoadMap(data: old, name: "old.map")
    #expect(map.version == 1)
    #expect(map.edge(0).name == "Katu")
    #expect(map.signpost(ofEdge: 0) == nil)
  }

  @Test func aNewerVersionIsRefusedClearly() throws {
    do {
      _ = try RoadMap(data: Self.patched(Self.signed, at: 8, 4), name: "new.map")
      Issue.record("a version-4 file opened")
    } catch {
      #expect(error.code == .unsupported)
      #expect(error.message.contains("map file version 4"))
      #expect(error.message.contains("versions 1 to 3"))
      #expect(error.message.contains("import the map again"))
    }
  }

  @Test func verifyRejectsABadSignpost() throws {
    let data = Self.signed
    let count = Int(data[12])
    let entry = try #require(
      (0..<count).map { 32 + $0 * 24 }.first {
        data[$0..<$0 + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
          == MapFileLayout.Section.signposts.tag
      })
    let offset = data[(entry + 8)..<(entry + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
    var bad = Self.patched(data, at: offset, 9_999)
    // A good checksum, so verify gets as far as the signposts.
    let crc = bad.dropFirst(MapFileLayout.headerSize).withUnsafeBytes { CRC32.checksum(of: $0) }
    bad = Self.patched(bad, at: 16, crc)
    let map = try RoadMap(data: bad)
    #expect(map.signpost(ofEdge: 0) == nil)
    #expect(throws: RoutingError.self) { try map.verify() }
    do {
      try map.verify()
    } catch {
      #expect(error.section == "SIGN")
    }
  }
}
