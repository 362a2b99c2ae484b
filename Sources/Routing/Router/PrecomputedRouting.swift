/// A road graph that carries its router's tables, worked out when it was written (a map
/// file's routing table and hierarchy): the router reads them instead of building its own.
package protocol PrecomputedRouting {
  /// The graph's routing table; nil to have the router build one.
  var routingTable: RoutingTable? { get }
  /// The graph's routing hierarchy: nil without one, the problem when it cannot be used.
  var hierarchy: Result<RouteHierarchy, RouteHierarchy.Problem>? { get }
}
