import Navigation

/// Computes the routes the core asks for (`.requestRoute`, a reroute from where the car
/// is): the routing server with the offline router behind it, or a replay's offline
/// router on the embedded map.
public protocol RouteService: AnyObject {
  /// Starts computing `request`. Returns the core's events that answer it when the answer
  /// is ready at once (a replay), or nil when it comes later through the events the
  /// service posts to its owner (the car computes off the event loop).
  func route(_ request: RouteRequest) -> [HeadUnitCore.Event]?
}
