import Foundation
import Geo
import Navigation

/// Small made-up routes and fixes for state-machine tests.
enum SessionFixtures {
  static let t0 = Date(timeIntervalSince1970: 1_777_881_600)
  static let start = Coordinate(latitude: 60.17, longitude: 24.94)

  /// 500 m north, turn right, 300 m east, arrive.
  static let route: Route = {
    let corner = Earth.destination(from: start, bearing: 0, distance: 500)
    let end = Earth.destination(from: corner, bearing: 90, distance: 300)
    func line(_ a: Coordinate, _ bearing: Double, _ length: Double) -> [Coordinate] {
      stride(from: 0.0, through: length, by: 20).map {
        Earth.destination(from: a, bearing: bearing, distance: $0)
      }
    }
    let steps = [
      RouteStep(
        maneuver: Maneuver(kind: .depart, location: start, bearingAfter: 0), name: "First Street",
        distance: 500, duration: 50, geometry: line(start, 0, 500)),
      RouteStep(
        maneuver: Maneuver(
          kind: .turn, modifier: .right, location: corner, bearingBefore: 0,
          bearingAfter: 90),
        name: "Second Street", distance: 300, duration: 30, geometry: line(corner, 90, 300)),
      RouteStep(
        maneuver: Maneuver(kind: .arrive, modifier: .left, location: end, bearingBefore: 90),
        name: "Second Street", distance: 0, duration: 0, geometry: [end, end]),
    ]
    return Route(
      legs: [RouteLeg(steps: steps, distance: 800, duration: 80)], distance: 800, duration: 80)
  }()

  static let trip = Trip(route: route)

  /// A fix `metres` along the route's first street (or past the corner onto the second).
  static func fix(along metres: Double, at seconds: Double, speed: Double = 10, off: Double = 0)
    -> Fix
  {
    let prepared = GuidanceRoute(route)
    var c = prepared.line.coordinate(at: metres)
    let bearing = prepared.line.bearing(at: metres)
    if off != 0 { c = Earth.destination(from: c, bearing: bearing - 90, distance: off) }
    return Fix(
      time: t0.addingTimeInterval(seconds), mode: .threeD, coordinate: c, speed: speed,
      course: bearing)
  }

  static func noFix(at seconds: Double) -> Fix {
    Fix(time: t0.addingTimeInterval(seconds), mode: .noFix, coordinate: nil)
  }
}
