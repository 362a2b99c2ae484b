import Foundation
import Geo
import Readers
import Testing

@testable import Navigation

@Suite struct GuidanceRouteTests {
  /// The embedded Helsinki routes, `helsinki-1` to `helsinki-6`.
  static let routeNames = (1...6).map { "helsinki-\($0)" }

  static func prepared(_ name: String) throws -> GuidanceRoute {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/HeadUnit/Resources/Helsinki/\(name).json")
    let routes = try RouteReader.read(contentsOf: url)
    return GuidanceRoute(try #require(routes.first))
  }

  @Test(arguments: routeNames)
  func stepStartsFollowStepDistances(_ name: String) throws {
    let g = try Self.prepared(name)
    #expect(g.stepStart.count == g.steps.count)
    #expect(g.stepStart.first == 0)
    #expect(g.stepStart.last.map { abs($0 - g.length) < 1e-6 } == true)
    var sum = 0.0
    for i in g.steps.indices {
      // The offset of each maneuver is the sum of the distances of the steps before it.
      #expect(
        abs(g.stepStart[i] - sum) <= max(0.01 * sum, 0.5),
        "\(name) step \(i): start \(g.stepStart[i]) vs sum \(sum)")
      if i + 1 < g.steps.count {
        #expect(g.stepStart[i + 1] >= g.stepStart[i], "\(name) step \(i)")
        // Along the step's own geometry (great-circle) within 0.5 %; the step distances in
        // the files are whole metres and up to 1.5 m off their own geometry (helsinki-1
        // step 6: 105 m for 106.45 m), hence 1 % or 2 m against them.
        let geometry = zip(g.steps[i].geometry, g.steps[i].geometry.dropFirst())
          .reduce(0) { $0 + Earth.distance($1.0, $1.1) }
        #expect(
          abs(g.stepLength(i) - geometry) <= max(0.005 * geometry, 0.05),
          "\(name) step \(i): length \(g.stepLength(i)) vs geometry \(geometry)")
        let d = g.steps[i].distance
        #expect(
          abs(g.stepLength(i) - d) <= max(0.01 * d, 2),
          "\(name) step \(i): length \(g.stepLength(i)) vs distance \(d)")
      }
      sum += g.steps[i].distance
    }
    #expect(g.stepLength(g.steps.count - 1) == 0)
    #expect(abs(g.length - g.route.distance) <= 0.01 * g.route.distance)
  }

  @Test(arguments: routeNames)
  func stepIndexChangesExactlyAtManeuvers(_ name: String) throws {
    let g = try Self.prepared(name)
    let last = g.steps.count - 1
    #expect(g.stepIndex(at: -10) == 0)
    #expect(g.stepIndex(at: 0) == 0)
    for i in 1..<last where g.stepLength(i) > 0.1 && g.stepLength(i - 1) > 0.1 {
      #expect(g.stepIndex(at: g.stepStart[i]) == i, "\(name) at maneuver \(i)")
      #expect(g.stepIndex(at: g.stepStart[i] - 0.05) == i - 1, "\(name) before maneuver \(i)")
      #expect(g.stepIndex(at: g.stepStart[i] + 0.05) == i, "\(name) after maneuver \(i)")
    }
    // The arrival step is reached only at the very end.
    #expect(g.stepIndex(at: g.length - 0.05) == last - 1)
    #expect(g.stepIndex(at: g.length) == last)
    #expect(g.stepIndex(at: g.length + 100) == last)
  }

  @Test(arguments: routeNames)
  func expectedTimesAddUpToTheRouteDuration(_ name: String) throws {
    let g = try Self.prepared(name)
    let total = g.route.duration
    let last = g.steps.count - 1
    #expect(abs(g.expectedTimeRemaining(from: 0) - total) <= 0.01 * total)
    #expect(abs(g.expectedTime(from: 0, toManeuver: last) - total) <= 0.01 * total)
    var before = 0.0
    for i in 1...last {
      before += g.steps[i - 1].duration
      #expect(
        abs(g.expectedTime(from: 0, toManeuver: i) - before) <= 1e-6 * max(1, before),
        "\(name) maneuver \(i)")
    }
    #expect(g.expectedTimeRemaining(from: g.length) == 0)
    // Halfway along a step, half of its time is left.
    if let i = g.steps.indices.dropLast().first(where: { g.stepLength($0) > 50 }) {
      let middle = g.stepStart[i] + g.stepLength(i) / 2
      let afterStep = g.expectedTimeRemaining(from: g.stepStart[i + 1])
      #expect(
        abs(g.expectedTimeRemaining(from: middle) - (afterStep + g.steps[i].duration / 2))
          < 1e-6 * total)
    }
  }

  @Test(arguments: routeNames)
  func destinationIsTheLastCoordinate(_ name: String) throws {
    let g = try Self.prepared(name)
    #expect(g.destination == g.line.coordinates.last)
    #expect(g.destination == g.route.geometry.last)
    #expect(g.destination == g.route.destination)
    #expect(g.line.coordinates.first == g.route.origin)
  }

  @Test func stepWithoutGeometryStillHasItsManeuver() {
    let corner = Earth.destination(from: GuidanceTestRoutes.start, bearing: 0, distance: 100)
    let steps = [
      RouteStep(
        maneuver: Maneuver(kind: .depart, location: GuidanceTestRoutes.start), distance: 100,
        duration: 10, geometry: [GuidanceTestRoutes.start, corner]),
      RouteStep(
        maneuver: Maneuver(kind: .arrive, location: corner), distance: 0, duration: 0,
        geometry: []),
    ]
    let g = GuidanceRoute(
      Route(
        legs: [RouteLeg(steps: steps, distance: 100, duration: 10)],
        distance: 100, duration: 10))
    #expect(g.destination == corner)
    #expect(abs(g.stepStart[1] - 100) < 0.5)
    #expect(abs(g.expectedTimeRemaining(from: 50) - 5) < 0.05)
  }
}
