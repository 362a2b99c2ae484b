import Commands
import Core
import Foundation
import Geo
import Maneuvers
import MapFile
import Navigation
import Routing

/// `headunit bench routing [--map FILE] [--queries N] [--pairs] [--osrm URL]...`: offline
/// routing figures, beside routing servers' on the same pairs.
enum RoutingBenchmark {
  static let help = """
    usage: headunit bench routing [--map FILE] [--queries N] [--pairs]
                                  [--osrm URL] [--valhalla URL] [--differences N]
                                  [--avoid KINDS]

    routing: opens the map (default: the embedded Helsinki map), builds the router, and
    routes between N (default 100) pairs of road points drawn with a fixed seed (each on a
    road of the map's main strongly connected part, a quarter to three quarters along it,
    with no other road within 12 m, so that every engine snaps it to the same road); prints the
    time to open the map and build the router, the median, 95th percentile and maximum
    query time (search alone through the map's routing hierarchy, the plain search on the
    same pairs, and search with maneuvers), how many pairs the hierarchy and the plain
    search do not route alike (one only, or lengths more than 1 m apart), a reroute from
    1 km off each route's middle with a heading across it, the fastest route with up to
    two alternatives (and how many pairs had one), how many pairs had no route, and the
    peak RSS.
    --pairs prints the pairs instead, one `lat,lon lat,lon` line each, so other routers
    can be timed on the same queries. With --osrm URL and --valhalla URL (or when
    `Deploy/engines-serve start` has left their addresses in .engines/run/), the same
    routes are asked of those servers in the same run (loopback HTTP, whole answer with
    steps; serve them with data built from the map's own extract: `Deploy/engines --pbf`),
    and for each are printed its median, p95 and maximum query time, the share of the
    pairs both routed whose lengths agree within max(15 m, 3 %) of the server's (the rule
    of Tools/compare-routes.py), the pairs either side had no route for, counted apart,
    and the N (default 5) pairs whose lengths differ most.
    --avoid KINDS (tolls, motorways, ferries, unpaved, comma-separated) routes the same
    pairs again keeping off those roads, through the same hierarchy, and prints its times
    beside the unrestricted search's, how many routes avoid them all and how many the
    option changed, a check of the first \(avoidChecks) against the plain search keeping off
    the same roads, and with OSRM its routes asked with `exclude=` where its car profile
    can exclude that class.
    """

  /// The seed of the benchmark's pairs; fixed, so every run and every router gets the
  /// same queries.
  static let seed: UInt64 = 0x4865_6C73_696E_6B69

  /// `count` pairs of points on `graph`'s roads, drawn with a fixed-seed SplitMix64: each a
  /// point between a quarter and three quarters along an edge that `usable` accepts (the
  /// bench: one on the main strongly connected part, which every engine routes between
  /// as it is, rather than moving the point to a road it can leave), with no other road within
  /// `clearance` metres, as an address's road point is, so that every engine snaps it to
  /// the same road. A junction, a dual carriageway's middle or a tunnel under another road
  /// would not do: which road the car is on is then each engine's own guess (OSRM takes one
  /// segment and leaves along it alone), and on short routes that guess decides the length
  /// more than the routing does.
  static func pairs(
    in graph: some RoadGraph, count: Int = 100, seed: UInt64 = seed, clearance: Double = 12,
    usable: (Int) -> Bool = { _ in true }
  ) -> [(from: Coordinate, to: Coordinate)] {
    guard graph.edgeCount >= 2 else { return [] }
    var random = SplitMix64(seed: seed)
    func point() -> (edge: Int, at: Coordinate)? {
      for _ in 0..<256 {
        let edge = Int(random.next() % UInt64(graph.edgeCount))
        guard usable(edge) else { continue }
        let line = Polyline(graph.geometry(ofEdge: edge))
        let share = 0.25 + 0.5 * Double(random.next() % 1024) / 1023
        let at = line.coordinate(at: line.length * share)
        let road = graph.edge(edge)
        let alone = graph.edges(near: at, radius: clearance).allSatisfy { other in
          let o = graph.edge(other)
          return other == edge || (o.from == road.to && o.to == road.from)
        }
        if alone { return (edge, at) }
      }
      return nil
    }
    var out: [(Coordinate, Coordinate)] = []
    while out.count < count {
      guard let a = point(), let b = point() else { return out }
      guard a.edge != b.edge else { continue }
      out.append((a.at, b.at))
    }
    return out
  }

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let count = try args.int("queries", default: 100, range: 1...100_000)
    let listed = try args.int("differences", default: 5, range: 0...100_000)
    let avoid = try RouteCommand.avoided(args.value("avoid"))
    let clock = ContinuousClock()
    var map: RoadMap?
    let opening = try clock.measure { map = try RouteCommand.loadMap(args.value("map")) }
    guard let map else { return .failure }
    var router: Router<RoadMap>?
    let building = clock.measure { router = Router(graph: map) }
    guard let router else { return .failure }
    let pairs = self.pairs(in: map, count: count) { router.isOnMainComponent(edge: $0) }
    if args.flag("pairs") {
      for (a, b) in pairs {
        console.out(
          String(
            format: "%.6f,%.6f %.6f,%.6f", a.latitude, a.longitude, b.latitude, b.longitude))
      }
      return .success
    }
    // The hierarchy's checksum, which a new router works out in the background, before the
    // first query: in the car the map opens long before a route is asked for.
    let checking = clock.measure { _ = router.hierarchyIsIntact }
    let plainRouter = Router(graph: map, usingHierarchy: false)
    var search: [Double] = []
    var plain: [Double] = []
    var full: [Double] = []
    var reroute: [Double] = []
    var alternatives: [Double] = []
    var withAlternatives = 0
    // The length of each pair's route, nil where there is none: what the servers' are held to.
    var lengths: [Double?] = []
    // The plain search's, on every pair: the hierarchy must find the same routes.
    var plainLengths: [Double?] = []
    for (a, b) in pairs {
      var paths: [RoutePath] = []
      let t1 = clock.measure { paths = (try? router.paths(from: a, to: b)) ?? [] }
      lengths.append(paths.first?.distance)
      if router.usesHierarchy {
        var plainPaths: [RoutePath] = []
        let t = clock.measure { plainPaths = (try? plainRouter.paths(from: a, to: b)) ?? [] }
        plainLengths.append(plainPaths.first?.distance)
        if !paths.isEmpty { plain.append(t.seconds * 1e3) }
      }
      guard let path = paths.first else { continue }
      search.append(t1.seconds * 1e3)
      let t2 = clock.measure { _ = try? router.routes(from: a, to: b) }
      full.append(t2.seconds * 1e3)
      var choices = 0
      alternatives.append(
        clock.measure { choices = (try? router.paths(from: a, to: b, alternatives: 2))?.count ?? 0 }
          .seconds * 1e3)
      if choices > 1 { withAlternatives += 1 }
      // A car 1 km off the route at its middle edge, heading across it, asks again.
      let middle = path.edges[path.edges.count / 2]
      let across = Earth.bearing(from: a, to: b) + 90
      let aside = Earth.destination(
        from: map.coordinate(ofNode: map.edge(middle).to), bearing: across, distance: 1000)
      // On the road nearest that point (a field or a lake has none).
      if let road = map.edges(near: aside, radius: 500).first {
        let off = map.coordinate(ofNode: map.edge(road).from)
        reroute.append(
          clock.measure { _ = try? router.paths(from: off, heading: across, to: b) }.seconds
            * 1e3)
      }
    }
    let routed = lengths.compactMap { $0 }
    let searchTimes = QueryTimes(search)
    console.out(
      String(
        format:
          "bench routing: %@ (%d nodes, %d edges): opened in %.2f ms, router built in %.2f ms, its hierarchy's checksum %.0f ms after",
        map.name, map.nodeCount, map.edgeCount, opening.seconds * 1e3, building.seconds * 1e3,
        checking.seconds * 1e3))
    console.out(
      String(
        format: "  %d queries (seed %llx), %d without a route, mean length %.0f m", pairs.count,
        seed, pairs.count - routed.count,
        routed.isEmpty ? 0 : routed.reduce(0, +) / Double(routed.count)))
    console.out(
      "  search ("
        + (router.usesHierarchy ? "routing hierarchy" : "plain, the map has no hierarchy")
        + "): \(searchTimes.text)")
    if !plain.isEmpty {
      let plainTimes = QueryTimes(plain)
      console.out(
        "  plain search, same pairs: \(plainTimes.text)"
          + String(format: " (%.1f× the median)", plainTimes.median / searchTimes.median))
    }
    if router.usesHierarchy {
      console.out(hierarchyCheck(lengths, plain: plainLengths))
    }
    let servers = RoutingServers(osrm: args.value("osrm"), valhalla: args.value("valhalla"))
    if !avoid.isEmpty {
      let lines = avoidReport(
        avoid, map: map, router: router, pairs: pairs, lengths: lengths,
        unrestricted: searchTimes.median, servers: servers, listed: listed)
      for line in lines { console.out(line) }
    }
    console.out("  search + maneuvers: \(QueryTimes(full).text)")
    console.out(
      "  reroute from a road about 1 km off the route's middle, moving across it: "
        + "\(QueryTimes(reroute).text) (\(reroute.count) reroutes)")
    console.out(
      "  fastest and up to two alternatives: \(QueryTimes(alternatives).text) (\(withAlternatives) of \(alternatives.count) with one or more)"
    )
    console.out(String(format: "  peak RSS: %.1f MB", ResourceUsage.peakResidentMegabytes))
    for server in [servers.osrm, servers.valhalla].compactMap({ $0 }) {
      compare(server, pairs: pairs, ours: lengths, listed: listed, console: console)
    }
    return .success
  }
}
