import Foundation
import Geo
import Navigation
import Readers
import Testing

@testable import Commands
@testable import HeadUnit

/// The recorded drives against their routes with a detour added at one turn: straight on
/// past the turn for 40 m, a U-turn, back to it and on as before. The car turns as it
/// always did, so it leaves the route there onto the road the route comes back to 80 m
/// later — a wrong turn onto a later part of the route, which it reaches without having
/// driven the detour: off the route, and guided on from where it is.
@Suite("Replaying recorded drives that skip a detour of the route")
struct SkippedDetourReplayTests {
  /// Length of each leg of the detour, metres.
  static let detour = 40.0

  /// `route` with an out-and-back detour of `length` m at maneuver `k`: on straight past
  /// it, a U-turn, back to it, and the route's maneuver there.
  static func withDetour(_ route: Route, atManeuver k: Int, length: Double) throws -> Route {
    var steps = route.steps
    let turn = steps[k].maneuver.location
    let before = try #require(steps[k - 1].geometry.last { $0 != turn }, "step \(k - 1)")
    let ahead = Earth.bearing(from: before, to: turn)
    let end = Earth.destination(from: turn, bearing: ahead, distance: length)
    let name = steps[k - 1].name
    let duration = length / 5
    let out = RouteStep(
      maneuver: Maneuver(
        kind: .continue, modifier: .straight, location: turn, bearingBefore: ahead,
        bearingAfter: ahead),
      name: name, distance: length, duration: duration, geometry: [turn, end])
    let back = RouteStep(
      maneuver: Maneuver(
        kind: .continue, modifier: .uTurn, location: end, bearingBefore: ahead,
        bearingAfter: Angle.normalized(ahead + 180)),
      name: name, distance: length, duration: duration, geometry: [end, turn])
    steps.insert(contentsOf: [out, back], at: k)
    var detoured = Route(
      legs: [RouteLeg(steps: steps, distance: route.distance + 2 * length, duration: 0)],
      distance: route.distance + 2 * length, duration: route.duration + 2 * duration,
      locale: route.locale)
    detoured.legs[0].duration = detoured.duration
    return detoured
  }

  /// The maneuvers of `route` where a detour is added: every one but the departure, the
  /// arrival and those at or next to a U-turn (the route's own out-and-back).
  static func turns(of route: Route) -> [Int] {
    let steps = route.steps
    let uTurn = { (i: Int) in steps.indices.contains(i) && steps[i].maneuver.modifier == .uTurn }
    return (1..<(steps.count - 1)).filter { !uTurn($0 - 1) && !uTurn($0) && !uTurn($0 + 1) }
  }

  @Test(
    "skipping a detour at a turn is off the route once, within 12 s; the drive then arrives",
    arguments: EmbeddedData.drives.filter { $0.hasSuffix("-clean") || $0.hasSuffix("-noisy") })
  func skippedDetour(drive: String) throws {
    let route = try ReplayCommand.loadRoute(#require(EmbeddedData.routeURL(forDrive: drive)))
    let track = try TrackReader.read(contentsOf: #require(EmbeddedData.trackURL(forDrive: drive)))
    let truth = try JSONDecoder().decode(
      DriveTruth.self, from: Data(contentsOf: #require(EmbeddedData.truthURL(forDrive: drive))))
    let phrases = try Phrasebook(language: "en")
    let turns = Self.turns(of: route)
    #expect(turns.count >= 3, "\(drive): \(turns)")
    for k in turns {
      let passed = try #require(truth.maneuvers.first { $0.step == k }, "\(drive) step \(k)").t
      let detoured = try Self.withDetour(route, atManeuver: k, length: Self.detour)
      let timeline = Replay(route: detoured, fixes: track.fixes, phrases: phrases).run()
      let offRoute = timeline.filter { $0.type == "offRoute" }.map(\.t)
      #expect(offRoute.count == 1, "\(drive), turn \(k) at \(passed) s: off route at \(offRoute)")
      if let first = offRoute.first {
        #expect(
          first >= passed && first <= passed + 12,
          "\(drive): off route at \(first) s, turn \(k) passed at \(passed) s")
      }
      let arrived = timeline.filter { $0.type == "arrived" }
      #expect(arrived.count == 1, "\(drive), turn \(k): arrived \(arrived.count) times")
    }
  }
}
