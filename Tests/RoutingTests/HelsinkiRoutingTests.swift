import Foundation
import Geo
import Maneuvers
import MapFile
import Navigation
import Readers
import Routing
import Testing

/// The router on the real Helsinki map, against the Valhalla routes shipped with the
/// program: same origin and destination, similar length, a plausible list of maneuvers.
@Suite struct HelsinkiRoutingTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")

  static let router: Router<RoadMap>? = {
    guard let map = try? RoadMap(contentsOf: directory.appendingPathComponent("helsinki.map"))
    else { return nil }
    return Router(graph: map)
  }()

  static func turns(_ route: Route) -> Int {
    route.steps.filter { step in
      switch step.maneuver.kind {
      case .depart, .arrive: return false
      case .newName: return step.maneuver.modifier.map { $0 != .straight } ?? false
      default: return true
      }
    }.count
  }

  static func listing(_ route: Route) -> String {
    route.steps.map { step in
      let m = step.maneuver
      let words = [m.kind.rawValue, m.modifier?.rawValue, m.exit.map { "exit \($0)" }]
        .compactMap { $0 }.joined(separator: " ")
      return "\(words) → \(step.name) (\(Int(step.distance.rounded())) m)"
    }.joined(separator: "; ")
  }

  @Test(arguments: 1...6)
  func embeddedRoutesAreFoundWithSimilarLengths(_ n: Int) throws {
    let router = try #require(Self.router, "the embedded map opens")
    let url = Self.directory.appendingPathComponent("helsinki-\(n).json")
    let valhalla = try #require(try OSRMRouteReader.read(contentsOf: url).first)
    let origin = try #require(valhalla.geometry.first)
    let destination = try #require(valhalla.geometry.last)
    let route = try router.routes(from: origin, to: destination)[0]
    let ratio = route.distance / valhalla.distance
    let figures = String(
      format:
        "helsinki-%d: offline %.0f m / %.0f s, Valhalla %.0f m / %.0f s (%+.1f %%); turns %d vs %d",
      n, route.distance, route.duration, valhalla.distance, valhalla.duration, (ratio - 1) * 100,
      Self.turns(route), Self.turns(valhalla))
    print(figures)
    print("  offline: \(Self.listing(route))")
    print("  valhalla: \(Self.listing(valhalla))")
    #expect(abs(ratio - 1) <= 0.15, "\(figures)")
    #expect(abs(Self.turns(route) - Self.turns(valhalla)) <= 4, "\(figures)")
    let steps = route.steps
    #expect(steps.first?.maneuver.kind == .depart)
    #expect(steps.last?.maneuver.kind == .arrive)
    #expect(steps.count >= 3)
    #expect(Earth.distance(try #require(route.origin), origin) < 25)
    #expect(Earth.distance(try #require(route.destination), destination) < 25)
    // Every step starts where the one before ends.
    for (step, next) in zip(steps, steps.dropFirst()) {
      #expect(Earth.distance(try #require(step.geometry.last), next.maneuver.location) < 1)
    }
    #expect(steps.allSatisfy { !$0.instructionVariants.isEmpty })
  }

  @Test func alternativesOnTheRealMap() throws {
    let router = try #require(Self.router)
    let routes = try router.routes(
      from: Coordinate(latitude: 60.178967, longitude: 24.946720),
      to: Coordinate(latitude: 60.165175, longitude: 24.935830), alternatives: 2)
    print(routes.map { String(format: "%.0f m %.0f s", $0.distance, $0.duration) })
    #expect(!routes.isEmpty && routes.count <= 3)
    for route in routes.dropFirst() {
      #expect(route.duration <= routes[0].duration * 1.3 + 0.001)
    }
  }

  @Test func headingAtTheStartIsRespectedOnTheRealMap() throws {
    let router = try #require(Self.router)
    // On Mannerheimintie, heading north-west then south-east.
    let start = Coordinate(latitude: 60.1700, longitude: 24.9395)
    let to = Coordinate(latitude: 60.1745, longitude: 24.9384)
    for heading in [330.0, 150.0] {
      let route = try router.routes(from: start, heading: heading, to: to)[0]
      let bearing = route.steps[0].maneuver.bearingAfter
      #expect(
        abs(Angle.difference(from: heading, to: bearing)) <= 60
          || route.steps[0].maneuver.modifier == .uTurn,
        "heading \(heading): departs on \(bearing)")
    }
  }
}
