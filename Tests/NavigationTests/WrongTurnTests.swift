import Foundation
import Geo
import Testing

@testable import Navigation

/// Wrong turns onto roads that the route itself drives elsewhere (at 50 km/h), and drives
/// that must still be followed (noise, outages; at 36 km/h), with a fix a second.
@Suite("Wrong turns onto roads the route uses elsewhere")
struct WrongTurnTests {
  typealias Stretch = SyntheticDrive.Stretch

  /// A drive from the routes' start along `stretches` at `speed` (m/s).
  static func drive(_ stretches: [(Double, Double)], speed: Double = 10) -> SyntheticDrive {
    SyntheticDrive(
      start: GuidanceTestRoutes.start,
      stretches: stretches.map { Stretch(bearing: $0.0, length: $0.1) }, speed: speed)
  }

  /// 50 km/h.
  static let citySpeed = 13.9

  /// `route` guided while `fix` reports the car once a second for `seconds`.
  static func run(
    _ route: Route, seconds: ClosedRange<Int>, _ fix: (Double) -> Fix?
  ) throws -> SessionRun {
    var run = try SessionRun(route: route)
    run.start(at: try #require(fix(0)))
    run.drive(seconds, fix)
    return run
  }

  /// Checks that the published progress (good fixes only, up to `until` seconds) never
  /// moves farther than the car can have driven at `speed`, nor more than `back` metres
  /// back, nor past `ceiling`.
  static func expectPlausibleProgress(
    _ run: SessionRun, speed: Double = 10, until: Double = .infinity,
    below ceiling: Double = .infinity, back: Double = 5,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let good = run.progress.filter { $0.quality == .good && $0.t <= until }
    for (a, b) in zip(good, good.dropFirst()) {
      let moved = b.offset - a.offset
      #expect(
        moved >= -back && moved <= speed * (b.t - a.t) + 15,
        "progress \(a.offset) m at \(a.t) s, then \(b.offset) m at \(b.t) s",
        sourceLocation: sourceLocation)
    }
    #expect(
      good.allSatisfy { $0.offset <= ceiling }, "progress beyond \(ceiling) m",
      sourceLocation: sourceLocation)
  }

  /// The car misses the turn into Side Street and carries on north along Main Street, which
  /// the route drives only after the detour: that is a wrong turn, not a short cut.
  @Test func missedDetourIsOffRouteAtOnce() throws {
    let route = GuidanceTestRoutes.detour
    let drive = Self.drive([(0, 500)], speed: Self.citySpeed)
    let junction = drive.time(at: 200)
    let run = try Self.run(route, seconds: 1...40) { drive.fix(at: $0) }
    let offRoute = try #require(run.offRouteTimes.first, "never off the route")
    #expect(offRoute > junction && offRoute <= junction + 5, "off route at \(offRoute) s")
    // Progress stays at the junction the car passed, never on the later part of Main Street.
    Self.expectPlausibleProgress(run, speed: Self.citySpeed, until: offRoute, below: 210)
  }

  /// The car turns back onto Main Street, southbound, mid-block or at the corner where
  /// the route turns into the loop: the route drives that stretch northbound first, and
  /// southbound only after the loop. Off the route at once; guided again once on the part
  /// that comes back south; arrives.
  @Test(arguments: [150.0, 300])
  func turningBackAlongTheRouteIsOffRouteAtOnce(_ turnsAt: Double) throws {
    let route = GuidanceTestRoutes.loopBack
    let drive = Self.drive([(0, turnsAt), (180, turnsAt + 100)], speed: Self.citySpeed)
    let turn = drive.time(at: turnsAt)
    let run = try Self.run(route, seconds: 1...80) { drive.fix(at: $0) }
    let offRoute = try #require(run.offRouteTimes.first, "never off the route")
    #expect(offRoute >= turn && offRoute <= turn + 5, "off route at \(offRoute) s")
    Self.expectPlausibleProgress(
      run, speed: Self.citySpeed, until: offRoute, below: turnsAt + 10)
    // Back on the route where it comes south again: from the loop's end (600 m along it).
    let rejoined = try #require(run.times(.navigating).last)
    #expect(rejoined > offRoute && rejoined <= offRoute + 12, "rejoined at \(rejoined) s")
    let after = run.progress.filter { $0.t >= rejoined }
    #expect(after.allSatisfy { $0.offset >= 590 })
    let arrived = try #require(run.arrivedTimes.first, "never arrived")
    #expect(abs(arrived - drive.time(at: drive.length)) <= 2, "arrived at \(arrived) s")
  }

  /// The routes driven as they go: never off the route, progress steady, arrival at the end.
  @Test(arguments: ["detour", "loopBack", "shortDetour", "smallBlock"])
  func followedRoutesStayOnRoute(_ name: String) throws {
    let route = Self.route(named: name)
    let drive =
      switch name {
      case "detour": Self.drive([(0, 200), (90, 50), (270, 50), (0, 300)])
      case "loopBack": Self.drive([(0, 300), (90, 100), (180, 100), (270, 100), (180, 300)])
      case "shortDetour": Self.drive([(0, 200), (90, 30), (270, 30), (0, 300)])
      default: Self.drive([(0, 200), (90, 40), (0, 60), (270, 40), (0, 300)])
      }
    let end = Int(drive.time(at: drive.length)) + 6
    for variant in ["clean", "noisy", "outage", "long gap"] {
      let run = try Self.run(route, seconds: 1...end) { t -> Fix? in
        switch variant {
        case "noisy": return Self.noisy(drive.fix(at: t), seed: Int(t))
        case "outage": return (25..<47).contains(t) ? nil : drive.fix(at: t)
        case "long gap": return (20..<55).contains(t) ? nil : drive.fix(at: t)
        default: return drive.fix(at: t)
        }
      }
      #expect(run.offRouteTimes.isEmpty, "\(name) \(variant): off route at \(run.offRouteTimes)")
      if variant == "long gap" {
        // Dead reckoning ran out: the route is picked up again from the first fix after.
        #expect(run.times(.paused(.locating)).count == 1, "\(name): \(run.log.map(\.effect))")
      }
      Self.expectPlausibleProgress(run)
      let arrived = run.arrivedTimes
      #expect(arrived.count == 1, "\(name) \(variant): arrived at \(arrived), \(run.session.state)")
      #expect(
        arrived.allSatisfy { abs($0 - drive.time(at: drive.length)) <= 3 },
        "\(name) \(variant): arrived at \(arrived)")
    }
  }

  /// The fixes stop 20 s in and come back only after the car has driven to the end and
  /// stopped there: dead reckoning runs out, and the first fixes after it find the car at
  /// the destination (it went faster before the gap than it does after).
  @Test func standingAtTheEndAfterALongGapArrives() throws {
    let drive = Self.drive([(0, 200), (90, 50), (270, 50), (0, 300)])
    let run = try Self.run(GuidanceTestRoutes.detour, seconds: 1...70) { t in
      (20..<65).contains(t) ? nil : drive.fix(at: t)
    }
    #expect(run.offRouteTimes.isEmpty)
    #expect(run.arrivedTimes == [66], "arrived at \(run.arrivedTimes)")
  }

  /// `fix` moved by up to 3 m each way and its course by up to 5°, and one fix in 17 thrown
  /// 30 m sideways (the jumps of a poor receiver); the same for the same `seed`.
  static func noisy(_ fix: Fix, seed: Int) -> Fix {
    var state = UInt64(seed + 1) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
    var noisy = fix
    guard var c = fix.coordinate else { return fix }
    c = Earth.destination(from: c, bearing: 0, distance: 3 * unit())
    c = Earth.destination(from: c, bearing: 90, distance: 3 * unit())
    if seed % 17 == 8 {
      c = Earth.destination(from: c, bearing: (fix.course ?? 0) + 90, distance: 30)
    }
    noisy.coordinate = c
    noisy.course = fix.course.map { Angle.normalized($0 + 5 * unit()) }
    return noisy
  }
}
