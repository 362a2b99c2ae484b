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
