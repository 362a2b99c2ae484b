import Foundation
import Geo
import Navigation
import Testing

@testable import Readers

@Suite("OSRMRouteReader")
struct OSRMRouteReaderTests {
  /// Expected step counts and the maneuver after depart, per shared route.
  static let expectations: [(name: String, steps: Int, second: Maneuver.Kind)] = [
    ("helsinki-1", 11, .turn), ("helsinki-2", 8, .endOfRoad), ("helsinki-3", 9, .endOfRoad),
    ("helsinki-4", 5, .turn), ("helsinki-5", 9, .turn), ("helsinki-6", 6, .turn),
  ]

  @Test(arguments: expectations.map(\.name))
  func everySharedRouteLoads(name: String) throws {
    let routes = try OSRMRouteReader.read(contentsOf: ReaderFixtures.route(name))
    #expect(routes.count == 1)
    let route = try #require(routes.first)
    let expected = try #require(Self.expectations.first { $0.name == name })
    let steps = route.steps
    #expect(steps.count == expected.steps)
    #expect(steps.first?.maneuver.kind == .depart)
    #expect(steps.dropFirst().first?.maneuver.kind == expected.second)
    #expect(steps.last?.maneuver.kind == .arrive)
    #expect(route.locale == "en-US")
    #expect(route.legs.count == 1)

    for (i, step) in steps.enumerated() {
      let start = try #require(step.geometry.first, "step \(i) has no geometry")
      #expect(
        Earth.distance(start, step.maneuver.location) < 1,
        "step \(i) starts \(Earth.distance(start, step.maneuver.location)) m from its maneuver")
      #expect(!step.instructionVariants.isEmpty, "step \(i) has no instruction")
      let lengths = step.instructionVariants.map(\.count)
      #expect(lengths == lengths.sorted(by: >))
      #expect(Set(step.instructionVariants).count == step.instructionVariants.count)
    }
    let total = steps.reduce(0) { $0 + $1.distance }
    #expect(abs(total - route.distance) <= route.distance * 0.02)
    // The decoded shape is as long as the route says (within 2 %).
    let shape = Polyline(route.geometry).length
    #expect(abs(shape - route.distance) <= route.distance * 0.02)
  }

  @Test func readsStepDetailsOfHelsinki1() throws {
    let route = try #require(
      try OSRMRouteReader.read(contentsOf: ReaderFixtures.route("helsinki-1")).first)
    let steps = route.steps
    #expect(route.distance == 1778)
    #expect(abs(route.duration - 280.726) < 1e-9)
    #expect(steps[0].name == "Fabianinkatu")
    #expect(steps[0].instructionVariants == ["Drive north on Fabianinkatu."])
    #expect(steps[0].maneuver.location == Coordinate(latitude: 60.166784, longitude: 24.949561))
    #expect(steps[1].maneuver.modifier == .left)
    #expect(
      steps[1].instructionVariants == ["Turn left onto Pohjoisesplanadi.", "Pohjoisesplanadi"])
    #expect(steps[2].ref == "E 12")
    #expect(steps[2].maneuver.type == .rightTurn)
    #expect(steps[4].maneuver.kind == .endOfRoad)
    #expect(steps[5].maneuver.kind == .continue)
    #expect(steps[5].maneuver.modifier == .uTurn)
    #expect(steps[8].maneuver.kind == .newName)
    #expect(steps[0].ref == nil)
    #expect(steps.allSatisfy { $0.drivingSide == .left })  // as the Valhalla response says
  }

  @Test func readsLanesFromTheFirstIntersection() throws {
    let route = try #require(
      try OSRMRouteReader.read(contentsOf: ReaderFixtures.route("helsinki-1")).first)
    let lanes = route.steps[2].lanes
    #expect(!lanes.isEmpty)
    #expect(lanes.contains { $0.valid })
    #expect(lanes.allSatisfy { !$0.indications.isEmpty })
    #expect(route.steps[1].lanes.isEmpty)
  }

  /// A minimal OSRM response at precision 5 with one encoded and one GeoJSON geometry.
  static let small = #"""
    {"code": "Ok", "routes": [{"distance": 100, "duration": 10, "legs": [{
      "distance": 100, "duration": 10, "summary": "Main Street",
      "steps": [
        {"name": "Main Street", "distance": 100, "duration": 10, "driving_side": "right",
         "geometry": "_p~iF~ps|U_ulLnnqC",
         "maneuver": {"type": "depart", "location": [-120.2, 38.5],
                      "bearing_before": 0, "bearing_after": 10},
         "bannerInstructions": [{"primary": {"text": "Destination"}, "secondary": {"text": "Depot"}},
                                {"primary": {"text": "Destination"}}]},
        {"name": "Main Street", "distance": 0, "duration": 0, "ref": "",
         "geometry": {"type": "LineString", "coordinates": [[-120.95, 40.7], [-120.95, 40.7]]},
         "maneuver": {"type": "arrive", "modifier": "left", "location": [-120.95, 40.7],
                      "bearing_before": 10, "bearing_after": 0}}
      ]}]}]}
    """#

  @Test func readsPrecisionFiveAndGeoJSON() throws {
    let route = try #require(
      try OSRMRouteReader.read(Data(Self.small.utf8), file: "small.json", polylinePrecision: 5)
        .first)
    #expect(route.legs[0].summary == "Main Street")
    #expect(route.locale == nil)
    let first = route.steps[0].geometry
    #expect(first.count == 2)
    #expect(abs(first[1].latitude - 40.7) < 1e-9 && abs(first[1].longitude - -120.95) < 1e-9)
    #expect(
      route.steps[1].geometry == [Coordinate(latitude: 40.7, longitude: -120.95)] + [
        Coordinate(latitude: 40.7, longitude: -120.95)
      ])
    #expect(route.steps[1].maneuver.arrivalSide == .left)
    #expect(route.steps[1].ref == nil)
    // The depart step's banners announce the arrival.
    #expect(route.steps[0].instructionVariants.isEmpty)
    #expect(route.steps[1].instructionVariants == ["Destination, Depot", "Destination"])
  }

  @Test func unknownManeuverTypesAreReadAsTurns() throws {
    let json = Self.small.replacingOccurrences(of: "\"depart\"", with: "\"teleport\"")
    let route = try #require(try OSRMRouteReader.read(Data(json.utf8), polylinePrecision: 5).first)
    #expect(route.steps[0].maneuver.kind == .turn)
  }

  @Test func geoJSONGeometryReadsLikeTheEncodedOne() throws {
    let data = try Data(contentsOf: ReaderFixtures.route("helsinki-4"))
    var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var routes = try #require(json["routes"] as? [[String: Any]])
    var legs = try #require(routes[0]["legs"] as? [[String: Any]])
    var steps = try #require(legs[0]["steps"] as? [[String: Any]])
    let encoded = try #require(steps[1]["geometry"] as? String)
    let points = try PolylineCodec.decode(encoded, precision: 6)
    steps[1]["geometry"] = [
      "type": "LineString", "coordinates": points.map { [$0.longitude, $0.latitude] },
    ]
    legs[0]["steps"] = steps
    routes[0]["legs"] = legs
    json["routes"] = routes
    let changed = try JSONSerialization.data(withJSONObject: json)
    let original = try OSRMRouteReader.read(data)
    let rewritten = try OSRMRouteReader.read(changed)
    #expect(rewritten == original)
  }
}

@Suite("GPXReader routes")
struct GPXRouteTests {
  @Test func readsTheFixtureRoute() throws {
    let url = ReaderFixtures.fixtures.appendingPathComponent("gpx/helsinki-4-route.gpx")
    let routes = try GPXReader.readRoutes(contentsOf: url)
    #expect(routes.count == 1)
    let route = try #require(routes.first)
    #expect(route.legs.count == 1)
    #expect(route.legs[0].summary == "Annankatu → Kaivokatu")
    let steps = route.steps
    #expect(steps.map(\.maneuver.kind) == [.depart, .turn, .turn, .continue, .turn, .arrive])
    #expect(steps.map(\.maneuver.modifier) == [nil, .left, .left, .straight, .right, nil])
    #expect(
      steps[1].instructionVariants == ["Turn left onto Uudenmaankatu", "Uudenmaankatu", "Left"])
    #expect(steps[2].instructionVariants.isEmpty)
    #expect(steps[4].instructionVariants == ["Turn right onto Kaivokatu & continue to the station"])
    #expect(steps[5].instructionVariants == ["You have arrived", "Kaivokatu"])
    #expect(abs(route.distance - 1457.8) < 1)
    #expect(abs(route.duration - route.distance / 13.9) < 1e-9)
    #expect(abs(steps.reduce(0) { $0 + $1.distance } - route.distance) < 1e-6)
    #expect(steps[0].geometry.count == 3)  // through the unnamed straight point
    for step in steps {
      #expect(step.geometry.first == step.maneuver.location)
    }
    #expect(route.destination == Coordinate(latitude: 60.172041, longitude: 24.947911))
  }

  @Test(arguments: [
    (10.0, Maneuver.Modifier.slightRight), (-44, .slightLeft), (45, .right), (-134, .left),
    (135, .sharpRight), (-169, .sharpLeft), (170, .uTurn), (-179, .uTurn), (5, .straight),
  ])
  func turnModifiersByAngle(angle: Double, modifier: Maneuver.Modifier) {
    #expect(GPXReader.modifier(turn: angle) == modifier)
  }

  @Test func routeReaderPicksTheFormat() throws {
    let gpx = try RouteReader.read(
      contentsOf: ReaderFixtures.fixtures.appendingPathComponent("gpx/helsinki-4-route.gpx"))
    #expect(gpx.first?.steps.count == 6)
    let osrm = try RouteReader.read(contentsOf: ReaderFixtures.route("helsinki-2"))
    #expect(osrm.first?.steps.count == 8)
    // By extension when the content does not tell.
    #expect(RouteReader.format(of: Data("  ".utf8), pathExtension: "GPX") == .gpx)
    #expect(RouteReader.format(of: Data("\u{FEFF}{}".utf8), pathExtension: "txt") == .osrm)
    #expect(RouteReader.format(of: Data("x".utf8), pathExtension: "txt") == nil)
  }
}
