import Foundation
import Geo
import Testing

@testable import Navigation

@Suite struct RouteMatcherTests {
  static let uTurn = GuidanceRoute(GuidanceTestRoutes.uTurn)
  static let t0 = GuidanceTestRoutes.t0

  /// The point `metres` along `route`, moved `off` metres to the left of the road.
  static func point(_ route: GuidanceRoute, _ metres: Double, off: Double = 0) -> Coordinate {
    let c = route.line.coordinate(at: metres)
    guard off != 0 else { return c }
    return Earth.destination(
      from: c, bearing: route.line.bearing(at: metres) - 90, distance: off)
  }

  /// `matcher`'s match of `coordinate`, `seconds` after `t0`; fails the test on nil.
  static func match(
    _ matcher: inout RouteMatcher, _ coordinate: Coordinate, speed: Double?, course: Double?,
    at seconds: Double = 0, on route: GuidanceRoute,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RouteMatch {
    let match = matcher.match(
      coordinate, speed: speed, course: course, at: t0.addingTimeInterval(seconds), on: route)
    return try #require(match, sourceLocation: sourceLocation)
  }

  @Test func uTurnRouteIsFollowedOutAndBack() throws {
    let route = Self.uTurn
    #expect(abs(route.length - 600) < 1)
    var matcher = RouteMatcher()
    var previous = -1.0
    for second in 0...60 {
      let along = Double(second) * 10
      // A little lateral noise, alternating sides.
      let fix = Self.point(route, along, off: second % 2 == 0 ? 3 : -3)
      let match = try Self.match(
        &matcher, fix, speed: 10, course: route.line.bearing(at: along), at: Double(second),
        on: route)
      #expect(abs(match.offset - along) < 2, "at \(along) m matched \(match.offset)")
      #expect(match.offset > previous, "at \(along) m went back to \(match.offset)")
      #expect(abs(match.crossTrack - 3) < 0.5, "at \(along) m")
      previous = match.offset
    }
  }

  @Test func headingDecidesTheLegOfADoubledRoad() throws {
    let route = Self.uTurn
    let fix = Self.point(route, 150)
    var north = RouteMatcher()
    let up = try Self.match(&north, fix, speed: 10, course: 0, on: route)
    #expect(abs(up.offset - 150) < 1)
    #expect(up.headingDifference.map { $0 < 1 } == true)
    var south = RouteMatcher()
    let down = try Self.match(&south, fix, speed: 10, course: 180, on: route)
    #expect(abs(down.offset - 450) < 1)
    #expect(down.headingDifference.map { $0 < 1 } == true)
  }

  @Test func courseIsIgnoredWhenTooSlow() throws {
    let route = Self.uTurn
    var matcher = RouteMatcher()
    let slow = RouteMatcher.minimumSpeedForHeading - 0.5
    let match = try Self.match(
      &matcher, Self.point(route, 150), speed: slow, course: 180, on: route)
    #expect(match.headingDifference == nil)
    // Without a heading, the first match prefers the earlier leg.
    #expect(abs(match.offset - 150) < 1)
  }

  @Test func firstMatchSearchesTheWholeRoute() throws {
    let route = Self.uTurn
    var matcher = RouteMatcher()
    #expect(matcher.lastOffset == nil)
    // 580 m along: far beyond any window around the start.
    let match = try Self.match(&matcher, Self.point(route, 580), speed: 10, course: 180, on: route)
    #expect(abs(match.offset - 580) < 1)
    #expect(matcher.lastOffset.map { abs($0 - 580) < 1 } == true)
  }

  @Test func matchWithinAcceptDistanceMovesTheWindow() throws {
    let route = GuidanceRoute(SessionFixtures.route)
    var matcher = RouteMatcher()
    matcher.reset(to: 100, at: Self.t0)
    let match = try Self.match(
      &matcher, Self.point(route, 110, off: 25), speed: 10, course: 0, at: 1, on: route)
    #expect(abs(match.crossTrack - 25) < 0.5)
    #expect(abs(match.offset - 110) < 1)
    #expect(matcher.lastOffset.map { abs($0 - 110) < 1 } == true)
  }

  @Test func matchBeyondAcceptDistanceIsReportedButNotTrusted() throws {
    let route = GuidanceRoute(SessionFixtures.route)
    var matcher = RouteMatcher()
    #expect(matcher.acceptDistance == 30)
    matcher.reset(to: 100, at: Self.t0)
    let match = try Self.match(
      &matcher, Self.point(route, 110, off: 35), speed: 10, course: 0, at: 1, on: route)
    #expect(abs(match.crossTrack - 35) < 0.5)
    #expect(abs(match.offset - 110) < 1)
    #expect(matcher.lastOffset == 100)
  }

  @Test func resetToAnOffsetContinuesFromThere() throws {
    let route = Self.uTurn
    // 250 m north is both 250 m (going out) and 350 m (coming back) along the route; with
    // no usable heading only the history can tell.
    let fix = Self.point(route, 250)
    var fresh = RouteMatcher()
    let first = try Self.match(&fresh, fix, speed: nil, course: nil, on: route)
    #expect(abs(first.offset - 250) < 1)

    var matcher = RouteMatcher()
    matcher.reset(to: 340, at: Self.t0)
    #expect(matcher.lastOffset == 340)
    let continued = try Self.match(&matcher, fix, speed: 10, course: nil, at: 1, on: route)
    #expect(abs(continued.offset - 350) < 1)
  }

  @Test func resetForgetsTheHistory() throws {
    let route = Self.uTurn
    var matcher = RouteMatcher()
    _ = try Self.match(&matcher, Self.point(route, 350), speed: 10, course: 180, on: route)
    #expect(matcher.lastOffset != nil)
    matcher.reset()
    #expect(matcher.lastOffset == nil)
    // Searched over the whole route again: a fix back near the start is found.
    let match = try Self.match(
      &matcher, Self.point(route, 20), speed: 10, course: 0, at: 1, on: route)
    #expect(abs(match.offset - 20) < 1)
  }

  /// A vehicle at the destination, or rolling 2 m past it, driving along the last road
  /// (east) is matched to the end of the route, not back at the previous vertex. (Every
  /// `GuidanceRoute` ends with the arrival step's zero-length segment `[end, end]`.)
  @Test func fixAtTheDestinationIsMatchedToTheEnd() throws {
    let route = GuidanceRoute(SessionFixtures.route)
    let past = Earth.destination(from: route.destination, bearing: 90, distance: 2)
    for (label, fix) in [("at", route.destination), ("2 m past", past)] {
      var matcher = RouteMatcher()
      matcher.reset(to: route.length - 10, at: Self.t0)
      let match = try Self.match(&matcher, fix, speed: 10, course: 90, at: 1, on: route)
      #expect(
        abs(match.offset - route.length) < 1,
        "\(label): \(route.length - match.offset) m short of the end")
      #expect(match.crossTrack < 2.5, "\(label)")
    }
  }

  /// Turned back on the road 150 m out: the fixes lie on the route, 0 m from it, but the
  /// car drives against it. Not trusted: the window stays where the car turned.
  @Test func drivingAgainstTheRouteIsNotAMatch() throws {
    let route = Self.uTurn
    var matcher = RouteMatcher()
    matcher.reset(to: 150, at: Self.t0)
    for second in 1...5 {
      let along = 150 - Double(second) * 10
      let match = try Self.match(
        &matcher, Self.point(route, along), speed: 10, course: 180, at: Double(second),
        on: route)
      #expect(match.isAgainstRoute, "\(along) m: \(match)")
      #expect(!matcher.trusts(match))
      #expect(matcher.lastOffset == 150)
    }
    // Slow, its course means nothing: a car rolling back a little is still matched.
    let slow = try Self.match(
      &matcher, Self.point(route, 145), speed: 1, course: 180, at: 6, on: route)
    #expect(!slow.isAgainstRoute && matcher.trusts(slow))
  }

  /// Straight on at the junction where the route turns into a side street and comes back:
  /// Main Street ahead is a later part of the route, 200 m further along it than the car
  /// has driven. The match stays at the junction.
  @Test func progressIsBoundedByTheDistanceDriven() throws {
    let route = GuidanceRoute(GuidanceTestRoutes.detour)
    var matcher = RouteMatcher()
    matcher.reset(to: 190, at: Self.t0)
    for second in 1...4 {
      let north = route.line.coordinate(at: 190)
      let fix = Earth.destination(from: north, bearing: 0, distance: Double(second) * 10)
      let match = try Self.match(
        &matcher, fix, speed: 10, course: 0, at: Double(second), on: route)
      #expect(match.offset < 260, "\(second) s: matched \(match.offset) m along")
      #expect((matcher.lastOffset ?? 0) < 260)
    }
  }

  /// Carrying on north past the detour's junction (200 m along) for half a minute: once
  /// the fixes are off the route, the window stays where the car left it — two seconds'
  /// driving and the noise margin beyond the junction — and Main Street ahead, the route's
  /// last step from 300 m along it, is never matched, however long the car drives on.
  @Test func windowStaysWhereTheCarLeftTheRoute() throws {
    let route = GuidanceRoute(GuidanceTestRoutes.detour)
    var matcher = RouteMatcher()
    matcher.reset(to: 190, at: Self.t0, speed: 10)
    let junction = route.line.coordinate(at: 200)
    let limit = 200 + 2 * 10 * matcher.speedMargin + matcher.noiseMargin
    for second in 1...30 {
      let fix = Earth.destination(from: junction, bearing: 0, distance: Double(second - 1) * 10)
      let match = try Self.match(
        &matcher, fix, speed: 10, course: 0, at: Double(second), on: route)
      #expect(match.offset < 260, "\(second) s: matched \(match.offset) m along")
      let next = Self.t0.addingTimeInterval(Double(second + 1))
      let reach = try #require(matcher.reach(at: next, speed: 10, on: route))
      #expect(reach.upperBound <= limit + 1, "\(second) s: reach \(reach)")
    }
    #expect(matcher.lastOffset.map { $0 < 260 } == true)
  }

  /// Fixes 60 m beside the road for 3 s, then none for 22 s: off the route while it was
  /// seen, but not in the gap, so the window has grown with it and the route is picked up
  /// where the car has got to.
  @Test func aGapInTheFixesCountsEvenAfterFixesOffTheRoute() throws {
    let route = GuidanceRoute(SessionFixtures.route)
    var matcher = RouteMatcher()
    _ = try Self.match(&matcher, Self.point(route, 100), speed: 10, course: 0, on: route)
    for second in 1...3 {
      let along = 100 + Double(second) * 10
      let beside = try Self.match(
        &matcher, Self.point(route, along, off: 60), speed: 10, course: 0, at: Double(second),
        on: route)
      #expect(!matcher.trusts(beside))
    }
    let match = try Self.match(
      &matcher, Self.point(route, 350), speed: 10, course: 0, at: 25, on: route)
    #expect(abs(match.offset - 350) < 1)
    #expect(matcher.trusts(match))
  }

  /// Two fixes in a row thrown 35 m sideways (a poor receiver's jumps) on a road at 20 m/s:
  /// the fix after is matched where the car is.
  @Test func jumpsInARowDoNotLoseTheRoute() throws {
    let route = GuidanceRoute(SessionFixtures.route)
    var matcher = RouteMatcher()
    for second in 0...6 {
      let along = 20 + Double(second) * 20
      let off = (3...4).contains(second) ? 35.0 : 0
      let match = try Self.match(
        &matcher, Self.point(route, along, off: off), speed: 20, course: 0, at: Double(second),
        on: route)
      #expect(abs(match.offset - along) < 1, "\(second) s: matched \(match.offset) m along")
      #expect(matcher.trusts(match) == (off == 0), "\(second) s")
    }
  }

  /// After a gap the window has grown with the time the car can have driven: a 22 s outage
  /// and a 2 min one are picked up where the car is.
  @Test(arguments: [22.0, 120])
  func reacquiresAfterAGap(_ gap: Double) throws {
    let route = GuidanceRoute(SessionFixtures.route)
    var matcher = RouteMatcher()
    _ = try Self.match(&matcher, Self.point(route, 100), speed: 10, course: 0, on: route)
    let along = min(100 + gap * 5, 780)
    let match = try Self.match(
      &matcher, Self.point(route, along), speed: 5, course: route.line.bearing(at: along),
      at: gap, on: route)
    #expect(abs(match.offset - along) < 1)
    #expect(matcher.trusts(match))
  }
}
