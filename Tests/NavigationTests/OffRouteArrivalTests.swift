import Foundation
import Geo
import Testing

@testable import Navigation

/// Arrival while paused off the route (`proceedToRoute`): the car must reach the
/// destination along the route's last step, or stop near it; driving past it on another
/// road is not arriving.
@Suite("Arrival while off the route")
struct OffRouteArrivalTests {
  /// The fixture route's destination: the east end of Second Street.
  static let destination = GuidanceRoute(SessionFixtures.route).destination

  /// A session that has left the route near the start and is waiting to get back.
  static func proceedingToRoute() throws -> Driver {
    var d = try Driver.navigating()
    d.send(.fix(SessionFixtures.fix(along: 40, at: 4)), at: 4)
    for (i, off) in [50.0, 70, 90].enumerated() {
      d.send(.fix(SessionFixtures.fix(along: 60, at: 5 + Double(i), off: off)), at: 5 + Double(i))
    }
    #expect(d.session.state == .paused(.proceedToRoute))
    return d
  }

  /// A fix `east` and `north` metres from the destination.
  static func fix(
    east: Double, north: Double, at seconds: Double, speed: Double, course: Double
  ) -> Fix {
    let c = Earth.destination(
      from: Earth.destination(from: destination, bearing: 90, distance: east), bearing: 0,
      distance: north)
    return Fix(
      time: SessionFixtures.t0.addingTimeInterval(seconds), mode: .threeD, coordinate: c,
      speed: speed, course: course)
  }

  /// Sends the fixes, one a second from 20 s; returns the second of arrival, if any.
  static func feed(
    _ d: inout Driver, _ points: [(east: Double, north: Double, speed: Double, course: Double)]
  ) -> Double? {
    for (i, p) in points.enumerated() {
      let t = 20 + Double(i)
      if d.send(
        .fix(Self.fix(east: p.east, north: p.north, at: t, speed: p.speed, course: p.course)),
        at: t
      ).contains(.arrived) {
        return t
      }
    }
    return nil
  }

  /// At 50 km/h: on a cross street 12 m beyond the destination, and straight through it
  /// against the last step's direction. Neither is an arrival.
  @Test(arguments: ["cross street", "against the last step"])
  func passingByFastIsNotArriving(_ road: String) throws {
    var d = try Self.proceedingToRoute()
    let v = 13.9
    let points = (0..<9).map { i in
      let s = 60 - v * Double(i)
      return road == "cross street"
        ? (east: 12.0, north: s, speed: v, course: 180.0)
        : (east: s, north: 0.0, speed: v, course: 270.0)
    }
    let arrived = Self.feed(&d, points)
    #expect(arrived == nil, "\(road): arrived at \(arrived ?? 0) s")
    #expect(d.session.state == .paused(.proceedToRoute))
  }

  @Test func stoppingNearTheDestinationIsArriving() throws {
    var d = try Self.proceedingToRoute()
    // Down the cross street, slowing to a stop 16 m from the destination.
    let arrived = Self.feed(
      &d,
      [
        (12, 60, 10, 180), (12, 45, 8, 180), (12, 30, 5, 180), (12, 20, 3, 180),
        (12, 15, 1.5, 180), (12, 11, 0.5, 180), (12, 11, 0, 180), (12, 11, 0, 180),
      ])
    // Two fixes nearly stopped close by: the second of them.
    #expect(arrived == 26)
    #expect(d.session.state == .arrived)
  }

  /// Coming back onto the last step 30 m before its end, or turning onto it at the end
  /// itself: both arrive, and not before the car is at the destination.
  @Test(arguments: [-30.0, 0])
  func drivingTheLastStepIsArriving(_ joinsAt: Double) throws {
    var d = try Self.proceedingToRoute()
    // North along a side street to Second Street, then east along it.
    var points: [(east: Double, north: Double, speed: Double, course: Double)] = [
      (joinsAt, -30, 10, 0), (joinsAt, -20, 10, 0), (joinsAt, -10, 10, 0),
    ]
    points += stride(from: joinsAt, through: 30, by: 10).map { ($0, 0, 10, 90) }
    let arrived = try #require(Self.feed(&d, points), "never arrived")
    #expect(d.session.state == .arrived)
    let at = points[Int(arrived) - 20]
    #expect(at.east >= -NavigationSession.Configuration().arrivalDistance, "arrived at \(at)")
  }
}
