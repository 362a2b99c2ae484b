import Foundation
import Geo
import Navigation

/// Made-up routes of straight roads for the guidance unit tests (matcher, planner).
enum GuidanceTestRoutes {
  static let t0 = Date(timeIntervalSince1970: 1_777_881_600)
  static let start = Coordinate(latitude: 60.17, longitude: 24.94)

  /// One step of a made-up route: its maneuver, then a straight road.
  struct Leg {
    var kind: Maneuver.Kind
    var modifier: Maneuver.Modifier?
    var name: String
    var bearing: Double
    var length: Double
    /// Expected driving time of the step, seconds.
    var duration: Double

    static func depart(_ name: String, bearing: Double = 0, length: Double, speed: Double = 10)
      -> Leg
    {
      Leg(
        kind: .depart, modifier: nil, name: name, bearing: bearing, length: length,
        duration: length / speed)
    }

    static func turn(
      _ modifier: Maneuver.Modifier, _ name: String, bearing: Double, length: Double,
      speed: Double = 10
    ) -> Leg {
      Leg(
        kind: .turn, modifier: modifier, name: name, bearing: bearing, length: length,
        duration: length / speed)
    }
  }

  /// The route driving `legs` one after the other from `start`, then arriving. Vertices
  /// every `spacing` metres; each step's geometry starts exactly at its maneuver.
  static func route(
    _ legs: [Leg], arrival: Maneuver.Modifier? = nil, spacing: Double = 10
  ) -> Route {
    var steps: [RouteStep] = []
    var here = start
    var bearingBefore = 0.0
    for leg in legs {
      let inner = stride(from: spacing, to: leg.length, by: spacing).map {
        Earth.destination(from: here, bearing: leg.bearing, distance: $0)
      }
      let end = Earth.destination(from: here, bearing: leg.bearing, distance: leg.length)
      steps.append(
        RouteStep(
          maneuver: Maneuver(
            kind: leg.kind, modifier: leg.modifier, location: here,
            bearingBefore: bearingBefore, bearingAfter: leg.bearing),
          name: leg.name, distance: leg.length, duration: leg.duration,
          geometry: [here] + inner + [end]))
      here = end
      bearingBefore = leg.bearing
    }
    let last = legs.last?.name ?? ""
    steps.append(
      RouteStep(
        maneuver: Maneuver(
          kind: .arrive, modifier: arrival, location: here, bearingBefore: bearingBefore),
        name: last, distance: 0, duration: 0, geometry: [here, here]))
    let distance = legs.reduce(0) { $0 + $1.length }
    let duration = legs.reduce(0) { $0 + $1.duration }
    return Route(
      legs: [RouteLeg(steps: steps, distance: distance, duration: duration)],
      distance: distance, duration: duration)
  }

  /// 300 m north, a U-turn, and 300 m back south on exactly the same road.
  static let uTurn = route([
    .depart("Out Road", bearing: 0, length: 300),
    .turn(.uTurn, "Out Road", bearing: 180, length: 300),
  ])

  /// 200 m north on Main Street, a detour into Side Street (50 m east, a U-turn, 50 m
  /// back) and on north along Main Street for 300 m: past the junction, Main Street is
  /// both the road a driver who misses the turn is on and a later part of the route.
  static let detour = outAndBack("Side Street", length: 50)

  /// 300 m north on Main Street, a loop of three right turns round a 100 m block back to
  /// Main Street 100 m south of where it left, and 300 m south along Main Street: the
  /// route drives the same stretch of Main Street both ways.
  static let loopBack = route([
    .depart("Main Street", bearing: 0, length: 300),
    .turn(.right, "Loop Road", bearing: 90, length: 100),
    .turn(.right, "Loop Road", bearing: 180, length: 100),
    .turn(.right, "Cross Road", bearing: 270, length: 100),
    .turn(.left, "Main Street", bearing: 180, length: 300),
  ])

  /// `detour` with a short side street: 200 m north on Main Street, right into Loop Lane,
  /// 30 m to the turning circle at its end and back, and right onto Main Street again for
  /// 300 m (straight on at the junction is for buses only). Past the junction Main Street
  /// is 60 m further along the route than the junction itself.
  static let shortDetour = outAndBack("Loop Lane", length: 30)

  /// 200 m north on Main Street, right into `street` for `length` metres, a U-turn, back
  /// and right onto Main Street again for 300 m.
  static func outAndBack(_ street: String, length: Double) -> Route {
    route([
      .depart("Main Street", bearing: 0, length: 200),
      .turn(.right, street, bearing: 90, length: length),
      .turn(.uTurn, street, bearing: 270, length: length),
      .turn(.right, "Main Street", bearing: 0, length: 300),
    ])
  }

  /// 200 m north on Main Street, round a small block — right 40 m, left 60 m, left 40 m —
  /// back onto Main Street 60 m north of where it left, and right, on north for 300 m (no
  /// straight on at the junction). Past the block Main Street is on the route again, 140 m
  /// further along it than the junction, 60 m further along the street.
  static let smallBlock = route([
    .depart("Main Street", bearing: 0, length: 200),
    .turn(.right, "East Lane", bearing: 90, length: 40),
    .turn(.left, "Back Lane", bearing: 0, length: 60),
    .turn(.left, "North Lane", bearing: 270, length: 40),
    .turn(.right, "Main Street", bearing: 0, length: 300),
  ])
}
