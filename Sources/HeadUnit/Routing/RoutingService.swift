import Core
import Geo
import Maneuvers
import MapFile
import Navigation
import Routing

/// Routes from the configured routing server, falling back to the offline router when the
/// server is unreachable, slow or wrong; the answer says which one answered.
///
/// Blocking: a query waits for the server up to its timeout (or the one passed), then
/// routes offline (milliseconds on a city map). Run it off the event loop (the daemon's
/// `routing` queue). Immutable and `Sendable`; queries may run concurrently.
public struct RoutingService: Sendable {
  /// Routes and the router they came from.
  public struct Answer: Sendable {
    public var routes: [Route]
    public var source: RouteSource
  }

  /// Asked first; nil for offline only.
  public let server: RemoteRouter?
  /// Asked when the server does not answer; nil without a map.
  public let offline: Router<RoadMap>?
  private let logger: Logger?

  public init(server: RemoteRouter?, offline: Router<RoadMap>?, logger: Logger? = nil) {
    self.server = server
    self.offline = offline
    self.logger = logger
  }

  /// Up to `alternatives + 1` routes, fastest first, from the server if it answers within
  /// `timeout` (its own when nil), else from the offline router; keeping off the kinds of
  /// road in `avoid` where a route without them exists. Logs which one answered (notice)
  /// and why the server did not (warning).
  ///
  /// - Throws: `RoutingError` only when the offline router was asked and found no route
  ///   (or there is no map: `.noRoute` saying so and why the server failed).
  public func routes(
    from origin: Coordinate, heading: Double? = nil, to destination: Coordinate,
    alternatives: Int = 0, avoid: AvoidableRoads = [], timeout: Duration? = nil
  ) throws(RoutingError) -> Answer {
    try answer(
      server: { (server: RemoteRouter) throws(RemoteRouterError) in
        try server.routes(
          from: origin, heading: heading, to: destination, alternatives: alternatives,
          avoid: avoid, timeout: timeout)
      },
      offline: { (router: Router<RoadMap>) throws(RoutingError) in
        try router.avoiding(avoid).routes(
          from: origin, heading: heading, to: destination, alternatives: alternatives)
      })
  }

  /// Up to `alternatives + 1` routes to an address's road point (from the map's search),
  /// arriving on the address's side: the server is asked for the road point itself (so it
  /// cannot snap to another street nearer the building) and its arrival given the side of
  /// `facing`; the offline router routes to the road point as it does without a server.
  ///
  /// - Throws: as `routes(from:heading:to:alternatives:avoid:timeout:)`.
  public func routes(
    from origin: Coordinate, heading: Double? = nil, to roadPoint: RoadPoint,
    facing: Coordinate, alternatives: Int = 0, avoid: AvoidableRoads = [],
    timeout: Duration? = nil
  ) throws(RoutingError) -> Answer {
    try answer(
      server: { (server: RemoteRouter) throws(RemoteRouterError) in
        try server.routes(
          from: origin, heading: heading, to: roadPoint.coordinate, facing: facing,
          alternatives: alternatives, avoid: avoid, timeout: timeout
        ).map { $0.arriving(facing: facing) }
      },
      offline: { (router: Router<RoadMap>) throws(RoutingError) in
        try router.avoiding(avoid).routes(
          from: origin, heading: heading, to: roadPoint, facing: facing,
          alternatives: alternatives)
      })
  }

  /// The route through `stops` (the start, the stops on the way in order, the destination),
  /// one leg per stop, from the server if it answers within `timeout` (its own when nil),
  /// else from the offline router, leg by leg through its hierarchy; keeping off `avoid`.
  ///
  /// - Throws: as `routes(from:heading:to:alternatives:avoid:timeout:)`; `.noRoute` for
  ///   fewer than two points.
  public func trip(
    through stops: [Coordinate], heading: Double? = nil, avoid: AvoidableRoads = [],
    timeout: Duration? = nil
  ) throws(RoutingError) -> Answer {
    guard let origin = stops.first, let destination = stops.last, stops.count >= 2 else {
      throw RoutingError(.noRoute, "a trip needs a start and a destination")
    }
    let via = Array(stops.dropFirst().dropLast())
    return try answer(
      server: { (server: RemoteRouter) throws(RemoteRouterError) in
        try server.routes(
          from: origin, heading: heading, via: via, to: destination, avoid: avoid,
          timeout: timeout)
      },
      offline: { (router: Router<RoadMap>) throws(RoutingError) in
        [try router.avoiding(avoid).trip(through: stops, heading: heading)]
      })
  }

  /// The server's routes, else the offline router's, logging who answered and why the
  /// server did not.
  private func answer(
    server ask: (RemoteRouter) throws(RemoteRouterError) -> [Route],
    offline route: (Router<RoadMap>) throws(RoutingError) -> [Route]
  ) throws(RoutingError) -> Answer {
    var reason: String?
    if let server {
      do {
        let routes = try ask(server)
        logger?.notice("route from \(server.name)")
        return Answer(routes: routes, source: .server(server.name))
      } catch {
        reason = error.description
        logger?.warning("routing server failed: \(error)")
      }
    }
    guard let offline else {
      throw RoutingError(.noRoute, "no offline map" + (reason.map { " and \($0)" } ?? ""))
    }
    let routes = try route(offline)
    if let reason { logger?.notice("route from the offline router (\(reason))") }
    return Answer(routes: routes, source: .offline(reason: reason))
  }

  /// The session event answering `request` (its first route), and who answered; the
  /// source is nil when no route was found.
  public func answer(_ request: RouteRequest) -> (
    event: NavigationSession.Event, source: RouteSource?
  ) {
    guard let origin = request.origin else {
      return (.routeFailed("no position yet to route from"), nil)
    }
    do {
      let answer = try routes(
        from: origin, heading: request.heading, to: request.destination, avoid: request.avoid)
      guard let route = answer.routes.first else {
        return (.routeFailed("no route"), answer.source)
      }
      return (.routeComputed(route), answer.source)
    } catch {
      return (.routeFailed(error.description), nil)
    }
  }
}
