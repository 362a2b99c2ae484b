import Foundation
import Geo
import Navigation

/// The offline car router: the fastest route between two points over a `RoadGraph`, and
/// up to two alternatives.
///
/// The search is edge-based A* (a state is "at the end of edge e"), so turn restrictions,
/// turn costs and the U-turn rule apply exactly at every junction. Costs are seconds: edge
/// times at free-flow speed plus `RouterOptions` turn costs. The bound is the straight-line
/// distance at the map's fastest speed, so the answer is the fastest route.
///
/// A router over a map file with a routing table (`RoutingTableRecords`) builds nothing;
/// over any other graph it reads every edge once (O(edges), a few milliseconds for a
/// city). A query allocates a few arrays of the edge count and nothing per edge visited. The
/// router is immutable and `Sendable`: queries may run on any thread, concurrently.
public struct Router<Graph: RoadGraph>: Sendable {
  public let graph: Graph
  public private(set) var options: RouterOptions
  let table: RoutingTable
  /// The map's routing hierarchy, used for every search without weights.
  let hierarchy: RouteHierarchy?

  /// - Parameters:
  ///   - options: nil for the defaults for the map's driving side (`RoadGraph.drivingSide`).
  ///   - usingHierarchy: false searches plainly even where the map has a routing hierarchy
  ///     (the reference the hierarchy is measured and tested against).
  public init(graph: Graph, options: RouterOptions? = nil, usingHierarchy: Bool = true) {
    self.graph = graph
    let options = options ?? RouterOptions(drivingSide: graph.drivingSide)
    self.options = options
    table = (graph as? any PrecomputedRouting)?.routingTable ?? RoutingTable(graph)
    hierarchy = usingHierarchy ? Self.hierarchy(of: graph, options: options) : nil
    if let hierarchy {
      // The checksum a "no route" waits for, worked out off the caller's thread now (a few
      // hundred milliseconds for a country), so no search has to.
      DispatchQueue.global(qos: .utility).async { _ = hierarchy.isIntact }
    }
  }

  /// A router over `graph` with `table`, the graph's routing table worked out elsewhere
  /// (an importer's, before the graph's file holds it), searching plainly.
  package init(graph: Graph, table: RoutingTableRecords, options: RouterOptions = RouterOptions()) {
    self.graph = graph
    self.options = options
    self.table = RoutingTable(table)
    hierarchy = nil
  }

  /// The fastest path from `origin` to `destination`, then up to `alternatives` (0–2)
  /// meaningfully different ones, ordered by duration.
  ///
  /// - Parameter heading: the car's course in degrees when it is moving; the start then
  ///   prefers the direction of travel within `RouterOptions.headingTolerance`, and going the
  ///   other way costs `RouterOptions.startAgainstHeadingCost`.
  /// - Throws: `RoutingError` `.invalidCoordinate`, `.noRoadNearStart`,
  ///   `.noRoadNearDestination` (nothing drivable within `RouterOptions.snapRadius`),
  ///   `.noRoute` (no legal way between them).
  ///
  /// With kinds of road to avoid (`RouterOptions.avoid`), the route takes none of them where
  /// it can; where it cannot, it is the route that gives up fewest of them, and of those
  /// the one with fewest metres on them (`RoutePath.unavoided` names what it uses).
  public func paths(
    from origin: Coordinate, heading: Double? = nil, to destination: Coordinate,
    alternatives: Int = 0
  ) throws(RoutingError) -> [RoutePath] {
    let avoid = options.avoid
    do {
      return try avoiding(avoid).strictPaths(
        from: origin, heading: heading, to: destination, alternatives: alternatives)
    } catch  where error.code == .noRoute && !avoid.isEmpty {
      return try relaxedPaths(
        from: origin, heading: heading, to: destination, alternatives: alternatives)
    }
  }

  /// This router avoiding `kinds` instead of its options' own.
  public func avoiding(_ kinds: AvoidableRoads) -> Router {
    var copy = self
    copy.options.avoid = kinds
    return copy
  }

  /// `paths` with `RouterOptions.avoid` kept strictly: `.noRoute` when only a route on an
  /// avoided kind of road gets there.
  func strictPaths(
    from origin: Coordinate, heading: Double?, to destination: Coordinate, alternatives: Int
  ) throws(RoutingError) -> [RoutePath] {
    for (point, role) in [(origin, "start"), (destination, "destination")] where !point.isValid {
      throw RoutingError(.invalidCoordinate, "the \(role) \(point) is not a valid coordinate")
    }
    let radius = Int(options.snapRadius.rounded())
    let starts = snap(origin, heading: heading)
    guard !starts.isEmpty else {
      throw RoutingError(.noRoadNearStart, "no road near the start (within \(radius) m)")
    }
    let ends = allowedFirst(snap(destination, heading: nil))
    guard !ends.isEmpty else {
      throw RoutingError(
        .noRoadNearDestination, "no road near the destination (within \(radius) m)")
    }
    let target = Self.unitVector(destination)
    // Each end on its nearest road (`nearest`: within a few metres of it). If that gives no route, an end whose
    // nearest road is off the map's main strongly connected component (a car park's island,
    // a oneway stub cut off at the edge of the extract) moves to the nearest road on it, as
    // OSRM and Valhalla snap; the other end stays where it was. Only if that fails too, all
    // roads farther away, up to the snapping radius, and the cheapest wins.
    var found = search(from: Self.nearest(starts), to: Self.nearest(ends), target: target)
    if found == nil {
      found = search(
        from: connected(starts), to: connected(ends), target: target)
    }
    for extra in [60.0, options.snapRadius] where found == nil {
      found = search(
        from: Self.nearest(starts, within: extra), to: Self.nearest(ends, within: extra),
        target: target)
    }
    guard let fastest = found else {
      throw RoutingError(
        .noRoute,
        "no route between \(Self.format(origin)) and \(Self.format(destination))"
      )
    }
    return withAlternatives(
      fastest, count: alternatives, starts: starts, ends: ends, target: target, origin: origin,
      destination: destination)
  }

  /// The snaps within `extra` metres of the nearest (`snaps` is sorted nearest first);
  /// without `extra`, within 1 m more than the nearest's distance and at most 5 m more: a
  /// point on a road starts on that road, not on one passing a few metres away.
  static func nearest(_ snaps: [Snap], within extra: Double? = nil) -> [Snap] {
    let margin = extra ?? min(5, 1 + snaps[0].distance)
    return snaps.filter { $0.distance <= snaps[0].distance + margin }
  }

  /// Whether edge `id` joins two nodes of the map's largest strongly connected component:
  /// a car on it can reach most of the map and be reached from it (turn restrictions
  /// aside).
  public func isOnMainComponent(edge id: Int) -> Bool {
    id >= 0 && id < table.edgeCount && table.onMainComponent(id)
  }

  /// The nearest snaps on the main strongly connected component, or the nearest snaps when
  /// none is on it.
  func connected(_ snaps: [Snap]) -> [Snap] {
    let main = snaps.filter { table.onMainComponent($0.edge) }
    return main.isEmpty ? Self.nearest(snaps) : Self.nearest(main)
  }

  static func unitVector(_ c: Coordinate) -> SIMD3<Double> {
    let lat = c.latitude * .pi / 180
    let lon = c.longitude * .pi / 180
    return SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
  }

  /// "60.17,24.94": latitude and longitude to 6 decimals, for messages.
  static func format(_ c: Coordinate) -> String {
    func f(_ v: Double) -> String { String((v * 1e6).rounded() / 1e6) }
    return "\(f(c.latitude)),\(f(c.longitude))"
  }
}
