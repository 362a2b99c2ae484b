import Foundation
import Geo
import Testing

@testable import Navigation

/// Keeping straight on where the route turns off a street and comes back to it a little
/// further on: the street ahead is a later part of the route, and the car is off the route
/// on it until it has got to where the route comes back.
extension WrongTurnTests {
  typealias Slowdown = SyntheticDrive.Slowdown

  static func route(named name: String) -> Route {
    switch name {
    case "detour": GuidanceTestRoutes.detour
    case "loopBack": GuidanceTestRoutes.loopBack
    case "shortDetour": GuidanceTestRoutes.shortDetour
    default: GuidanceTestRoutes.smallBlock
    }
  }

  /// Where the route comes back to Main Street at or past the junction (200 m north of
  /// the start): metres along the route, and metres along the street.
  static func rejoin(named name: String) -> (alongRoute: Double, alongStreet: Double) {
    name == "shortDetour" ? (260, 200) : (340, 260)
  }

  /// The car slows down for the turn (or not), then keeps straight on along Main Street at
  /// 50 km/h, with clean or noisy fixes: off the route within 12 s of the junction, and
  /// never guided along the later part of Main Street before that; guided again from where
  /// the route comes back to the street once the car is there (three fixes on it, four
  /// more after a jump); arrives.
  @Test(
    arguments: [
      ("shortDetour", 8, false), ("shortDetour", 5, false), ("shortDetour", nil, true),
      ("smallBlock", 5, true),
    ] as [(String, Double?, Bool)])
  func keepingStraightOnOntoTheStreetTheRouteComesBackToIsOffRoute(
    _ name: String, slowsTo: Double?, noisy: Bool
  ) throws {
    let rejoin = Self.rejoin(named: name)
    let drive = SyntheticDrive(
      start: GuidanceTestRoutes.start,
      stretches: [Stretch(bearing: 0, length: rejoin.alongStreet + 300)],
      speed: Self.citySpeed, slowdown: slowsTo.map { Slowdown(at: 200, speed: $0) })
    let junction = drive.time(at: 200)
    let run = try Self.run(Self.route(named: name), seconds: 1...60) { t in
      noisy ? Self.noisy(drive.fix(at: t), seed: Int(t)) : drive.fix(at: t)
    }
    let offRoute = try #require(run.offRouteTimes.first, "never off the route")
    #expect(
      offRoute > junction && offRoute <= junction + 12,
      "off route at \(offRoute) s, past the junction at \(junction) s")
    // Just past the junction a fix may be matched 10 m back, to the end of Main Street
    // before it: that runs the car's way, where the route turns across it.
    Self.expectPlausibleProgress(
      run, speed: Self.citySpeed, until: offRoute, below: 210, back: 15)
    let rejoined = try #require(run.times(.navigating).last)
    #expect(
      rejoined > offRoute && rejoined <= max(offRoute, drive.time(at: rejoin.alongStreet)) + 8,
      "rejoined at \(rejoined) s")
    let after = run.progress.filter { $0.t >= rejoined }
    #expect(after.allSatisfy { $0.offset >= rejoin.alongRoute - 10 })
    let arrived = try #require(run.arrivedTimes.first, "never arrived")
    #expect(abs(arrived - drive.time(at: drive.length)) <= 3, "arrived at \(arrived) s")
  }
}
