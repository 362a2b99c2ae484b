import Foundation
import Geo
import Maneuvers
import MapFile
import Navigation
import Readers
import Routing
import Testing

@testable import Commands
@testable import HeadUnit

/// `headunit route --via`: a trip of stops, one leg each.
@Suite("Routes through stops")
struct RouteStopsTests {
  static let start = Coordinate(latitude: 60.166784, longitude: 24.949561)
  static let stop = Coordinate(latitude: 60.1699, longitude: 24.9384)
  static let end = Coordinate(latitude: 60.174563, longitude: 24.938414)
  static let words = [
    "route", "--from", "60.166784,24.949561", "--via", "60.1699,24.9384", "--to",
    "60.174563,24.938414", "--map", RoutingCommandTests.map,
  ]

  func router() throws -> Router<RoadMap> {
    Router(graph: try RoadMap(contentsOf: URL(fileURLWithPath: RoutingCommandTests.map)))
  }

  @Test func aTripIsItsLegsEachRoutedAlone() throws {
    let trip = try router().trip(through: [Self.start, Self.stop, Self.end])
    let first = try router().routes(from: Self.start, to: Self.stop)[0]
    let second = try router().routes(from: Self.stop, to: Self.end)[0]
    #expect(trip.legs.count == 2)
    #expect(trip.legs.allSatisfy { $0.steps.first?.maneuver.kind == .depart })
    #expect(trip.legs.allSatisfy { $0.steps.last?.maneuver.kind == .arrive })
    #expect(abs(trip.distance - trip.legs.reduce(0) { $0 + $1.distance }) < 0.01)
    #expect(abs(trip.distance - (first.distance + second.distance)) <= 0.01 * trip.distance)
    // The first leg ends where the second starts: at the stop's road.
    let arrived = try #require(trip.legs[0].steps.last?.geometry.last)
    let departs = try #require(trip.legs[1].steps.first?.geometry.first)
    #expect(Earth.distance(arrived, departs) < 1)
    #expect(Earth.distance(arrived, Self.stop) < 50)
  }

  @Test func routeJSONHasALegAndAWaypointPerStop() throws {
    let (status, captured) = RoutingCommandTests().run(Self.words + ["--json"])
    #expect(status == .success, "\(captured.err)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(captured.out.joined().utf8)) as? [String: Any])
    let routes = try #require(json["routes"] as? [[String: Any]])
    #expect(routes.count == 1)
    let legs = try #require(routes[0]["legs"] as? [[String: Any]])
    #expect(legs.count == 2)
    let waypoints = try #require(json["waypoints"] as? [[String: Any]])
    #expect(waypoints.count == 3)
    let read = try OSRMRouteReader.read(Data(captured.out.joined().utf8))
    #expect(read.first?.legs.count == 2)
  }

  @Test func routeTextHeadsEachLeg() {
    let (status, captured) = RoutingCommandTests().run(Self.words)
    #expect(status == .success, "\(captured.err)")
    #expect(captured.out.contains { $0.hasPrefix("  leg 1 of 2, to stop 1: ") })
    #expect(captured.out.contains { $0.hasPrefix("  leg 2 of 2, to the destination: ") })
    #expect(captured.out.last?.hasPrefix("  total: ") == true)
  }

  @Test(arguments: [
    (["--via", "60.17"], "--via must be LAT,LON"),
    (
      ["--via", "60.1699,24.9384", "--alternatives"], "--alternatives is for a route without stops"
    ),
    (
      Array(repeating: ["--via", "60.1699,24.9384"], count: 26).flatMap { $0 },
      "at most 25 stops"
    ),
    (["--via", "61.5,25.5"], "leg 1: no road near stop 1 (within 200 m)"),
  ])
  func misuseExitsWithTwo(_ extra: [String], reason: String) {
    let (status, captured) = RoutingCommandTests().run(
      [
        "route", "--from", "60.166784,24.949561", "--to", "60.174563,24.938414", "--map",
        RoutingCommandTests.map,
      ] + extra)
    #expect(status == .usage)
    #expect(captured.err.contains(reason), "\(captured.err)")
  }
}
