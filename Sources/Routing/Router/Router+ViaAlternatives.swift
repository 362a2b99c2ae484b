import Geo

extension Router {
  /// The share of the fastest route's duration a window around an alternative's via node
  /// spans, which must be a fastest path in itself (the alternative is locally optimal:
  /// no detour to pass through the via node).
  static var localOptimalityWindow: Double { 0.25 }

  /// Up to `count` alternatives to `fastest` through via nodes of the map's routing
  /// hierarchy, or nil when the router has none (the caller uses the penalty method).
  ///
  /// Candidates are first the paths start → via → end through the nodes both sides of a
  /// hierarchy search settle within `alternativeMaximumStretch` of the fastest, cheapest
  /// first; then, while fewer than `count` are kept, paths through roads beside the
  /// fastest route (`viaPointCandidates`), each two hierarchy searches. One is kept when it
  /// drives no road twice, takes at most `alternativeMaximumStretch` times the fastest
  /// route's duration, shares less than `alternativeMaximumShare` of the shorter one's
  /// length with the fastest route and with each kept alternative, and the stretch
  /// of `localOptimalityWindow` × the fastest duration around its via node is a fastest
  /// path (no detour to pass through it). Ordered by cost.
  func viaAlternatives(
    to fastest: RoutePath, count: Int, starts: [Snap], ends: [Snap], origin: Coordinate,
    destination: Coordinate
  ) -> [RoutePath]? {
    guard let hierarchy, options.avoid.isEmpty || hierarchy.hasMasks else { return nil }
    let (startCosts, endCosts) = hierarchyEnds(starts, ends)
    var kept: [RoutePath] = []
    func consider(_ edges: [Int], via: Int, cost: Double?) {
      let trimmed = withoutLoops(edges, via: via)
      let via = trimmed.via
      guard kept.count < count,
        let found = found(
          trimmed.edges, cost: trimmed.edges.count == edges.count ? cost : nil, starts: starts,
          ends: ends)
      else { return }
      let path = path(found, origin: origin, destination: destination)
      guard path.cost <= fastest.cost * options.alternativeMaximumStretch,
        ([fastest] + kept).allSatisfy({
          sharedLength(path, $0) < options.alternativeMaximumShare * min(path.distance, $0.distance)
        }),
        isLocallyOptimal(
          found, via: via, window: Self.localOptimalityWindow * fastest.cost,
          hierarchy: hierarchy)
      else { return }
      kept.append(path)
    }
    let candidates = hierarchy.viaPaths(
      from: startCosts, to: endCosts, stretch: options.alternativeMaximumStretch, limit: 64,
      avoid: options.avoid)
    for candidate in candidates where kept.count < count {
      consider(candidate.edges, via: candidate.via, cost: candidate.cost)
    }
    for point in viaPointCandidates(fastest, origin: origin, destination: destination) {
      // The road beside the route in either direction.
      for via in [point, table.twin(point)] where via >= 0 && kept.count < count {
        guard
          case .route(let first, _) = hierarchy.cheapest(
            from: startCosts, to: [(via, 0)], avoid: options.avoid),
          case .route(let second, _) = hierarchy.cheapest(
            from: [(via, 0)], to: endCosts, avoid: options.avoid),
          first.last == via, second.first == via
        else { continue }
        let before = kept.count
        consider(first + second.dropFirst(), via: first.count - 1, cost: nil)
        if kept.count > before { break }
      }
    }
    return kept.sorted { $0.cost < $1.cost }
  }

  /// `edges` with every stretch that comes back to a road it drove cut out: a loop back to
  /// the same edge, or out along a road and back (a spur to a via road): the path through
  /// the junction where it began instead, and `via` moved onto what is left. The result
  /// drives no road twice; whether its steps are all moves is for `found` to check.
  func withoutLoops(_ edges: [Int], via: Int) -> (edges: [Int], via: Int) {
    var edges = edges
    var via = via
    var changed = true
    while changed {
      changed = false
      var seen: [Int: Int] = [:]
      for (i, e) in edges.enumerated() {
        guard let j = seen[road(e)] else {
          seen[road(e)] = i
          continue
        }
        // The same edge again keeps its first time; a road driven back drops both ways.
        let cut = edges[j] == e ? (j + 1)...i : j...i
        edges.removeSubrange(cut)
        if via >= cut.lowerBound { via = max(cut.lowerBound - 1, min(via, edges.count - 1)) }
        via = min(max(via, 0), max(edges.count - 1, 0))
        changed = true
        break
      }
    }
    return (edges, via)
  }

  /// The road an edge is on: either direction of a two-way road counts as the same.
  func road(_ e: Int) -> Int {
    let twin = table.twin(e)
    return twin < 0 ? e : min(e, twin)
  }

  /// Whether the part of `found` within `window / 2` of search cost before and after the
  /// edge at `via` is a cheapest path between its first and last edge.
  func isLocallyOptimal(_ found: Found, via: Int, window: Double, hierarchy: RouteHierarchy)
    -> Bool
  {
    let edges = found.edges
    // The search cost at the end of each edge, from the end of the first.
    var reached = [0.0]
    for (e, f) in zip(edges, edges.dropFirst()) {
      guard let move = moves(from: e).first(where: { $0.to == f }) else { return false }
      reached.append(reached[reached.count - 1] + move.cost)
    }
    var a = via
    while a > 0 && reached[via] - reached[a] < window / 2 { a -= 1 }
    var b = via
    while b < edges.count - 1 && reached[b] - reached[via] < window / 2 { b += 1 }
    guard a < b else { return true }
    let driven = reached[b] - reached[a]
    guard
      case .route(_, let cheapest) = hierarchy.cheapest(
        from: [(edges[a], 0)], to: [(edges[b], 0)], avoid: options.avoid)
    else { return false }
    return cheapest >= driven - (1e-3 + HierarchyTables.weightUnit * Double(b - a + 1))
  }

  /// The starts and ends as a hierarchy search takes them: the cost spent at a start
  /// edge's end, and the part of an end edge not driven (negative).
  func hierarchyEnds(_ starts: [Snap], _ ends: [Snap]) -> (
    starts: [(edge: Int, cost: Double)], ends: [(edge: Int, cost: Double)]
  ) {
    (
      starts.map { ($0.edge, (1 - $0.fraction) * table.cost($0.edge) + $0.penalty) },
      ends.map { ($0.edge, -(1 - $0.fraction) * table.cost($0.edge)) }
    )
  }

  /// `edges` as a search result from the cheapest of `starts` on its first edge to the
  /// farthest of `ends` on its last, with its cost measured on the road graph; nil when
  /// a step is not a move or (given `cost`) the measured cost is not `cost`.
  func found(_ edges: [Int], cost: Double?, starts: [Snap], ends: [Snap]) -> Found? {
    guard let first = edges.first, let last = edges.last, edges.count >= 2,
      let start = starts.filter({ $0.edge == first }).min(by: {
        (1 - $0.fraction) * table.cost(first) + $0.penalty
          < (1 - $1.fraction) * table.cost(first) + $1.penalty
      }),
      let end = ends.filter({ $0.edge == last }).max(by: { $0.fraction > $1.fraction }),
      let measured = searchCost(edges, start: start, end: end)
    else { return nil }
    if let cost, abs(measured - cost) > 1e-3 + HierarchyTables.weightUnit * Double(edges.count) {
      return nil
    }
    return Found(edges: edges, start: start, end: end, cost: measured)
  }
}
