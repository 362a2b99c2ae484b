import Geo
import Navigation
import Routing

/// Answers the navigation session's route requests with the offline router.
///
/// The session asks with `.requestRoute(RouteRequest)` when guidance starts without a
/// route or when the car has left it; the answer goes back as `.routeComputed(route)` or
/// `.routeFailed(reason)`. Synchronous and pure: the same request on the same map gives
/// the same route, so a replay stays deterministic.
public enum Rerouting {
  /// A new route from `position`, moving on `heading` (degrees, nil when standing), to
  /// `destination`.
  public static func route<Graph: RoadGraph>(
    from position: Coordinate, heading: Double?, to destination: Coordinate,
    using router: Router<Graph>
  ) throws(RoutingError) -> Route {
    let routes = try router.routes(from: position, heading: heading, to: destination)
    return routes[0]
  }

  /// The session event answering `request`.
  public static func answer<Graph: RoadGraph>(
    _ request: RouteRequest, using router: Router<Graph>
  ) -> NavigationSession.Event {
    guard let origin = request.origin else {
      return .routeFailed("no position yet to route from")
    }
    do {
      return .routeComputed(
        try route(
          from: origin, heading: request.heading, to: request.destination, using: router))
    } catch {
      return .routeFailed(error.description)
    }
  }
}
