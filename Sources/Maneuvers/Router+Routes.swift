import Foundation
import Geo
import Navigation
import Routing

/// The router's paths as routes: steps, maneuvers and instructions (`ManeuverBuilder`).
extension Router {
  /// `paths(from:heading:to:alternatives:)` turned into routes with steps and maneuvers.
  public func routes(
    from origin: Coordinate, heading: Double? = nil, to destination: Coordinate,
    alternatives: Int = 0
  ) throws(RoutingError) -> [Route] {
    let builder = ManeuverBuilder(graph: graph, options: options)
    return try paths(from: origin, heading: heading, to: destination, alternatives: alternatives)
      .map(builder.route)
  }

  /// `paths(from:heading:to:facing:alternatives:)` turned into routes with steps and
  /// maneuvers; the arrival carries the side of the street.
  public func routes(
    from origin: Coordinate, heading: Double? = nil, to roadPoint: RoadPoint,
    facing destination: Coordinate, alternatives: Int = 0
  ) throws(RoutingError) -> [Route] {
    let builder = ManeuverBuilder(graph: graph, options: options)
    return try paths(
      from: origin, heading: heading, to: roadPoint, facing: destination,
      alternatives: alternatives
    ).map(builder.route)
  }
}

extension Router {
  /// A trip through `stops` in order (the first is where it starts, the last its
  /// destination, at least two): one leg a stop, each routed as a route of its own and
  /// setting out the way the one before arrived, so the car drives on from a stop rather
  /// than turning round. The legs keep their own depart and arrive steps, as OSRM's do.
  ///
  /// - Throws: `RoutingError` for the first leg that has no route, its message naming the
  ///   leg and its stops.
  public func trip(
    through stops: [Coordinate], heading: Double? = nil
  ) throws(RoutingError) -> Route {
    precondition(stops.count >= 2, "a trip has a start and a destination")
    var legs: [RouteLeg] = []
    var locale: String?
    var leaving = heading
    for i in 1..<stops.count {
      let leg: Route
      do {
        leg = try routes(from: stops[i - 1], heading: leaving, to: stops[i])[0]
      } catch {
        // Name the stop: "the destination" of leg 2 is stop 2 to the driver.
        func name(_ n: Int) -> String {
          n == 0 ? "the start" : n == stops.count - 1 ? "the destination" : "stop \(n)"
        }
        var named = error
        named.message =
          "leg \(i): "
          + error.message.replacingOccurrences(of: "the destination", with: name(i))
          .replacingOccurrences(of: "the start", with: name(i - 1))
        throw named
      }
      legs += leg.legs
      locale = locale ?? leg.locale
      leaving = leg.steps.last.map(\.maneuver.bearingBefore)
    }
    return Route(
      legs: legs, distance: legs.reduce(0) { $0 + $1.distance },
      duration: legs.reduce(0) { $0 + $1.duration }, locale: locale)
  }
}
