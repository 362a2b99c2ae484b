extension Router {
  /// The map's routing hierarchy when it was built with this router's costs.
  static func hierarchy(of graph: Graph, options: RouterOptions) -> RouteHierarchy? {
    guard let map = graph as? any PrecomputedRouting, case .success(let hierarchy)? = map.hierarchy,
      hierarchy.fingerprint == options.hierarchyFingerprint
    else { return nil }
    return hierarchy
  }

  /// Whether searches without weights go through the map's routing hierarchy.
  public var usesHierarchy: Bool { hierarchy != nil }

  /// Whether the map's routing hierarchy has the checksum it was written with; nil without
  /// one. Blocking: the first answer takes a pass over the hierarchy's sections (a few
  /// hundred milliseconds for a country), which a new router starts off its thread; until it
  /// ends, a search that finds no route waits for it. A caller that must not wait in a
  /// search (a benchmark of queries) asks here first.
  public var hierarchyIsIntact: Bool? { hierarchy?.isIntact }

  /// `search(from:to:target:)` through the hierarchy; nil when it cannot answer and the
  /// plain search must: no hierarchy, an end behind a start on the same edge (which only
  /// a loop reaches), no route found by a hierarchy whose checksum does not hold, a path
  /// that does not unpack (through a shortcut at the largest weight) or does not hold on
  /// the road graph.
  func hierarchySearch(from starts: [Snap], to ends: [Snap]) -> Found?? {
    guard let hierarchy, options.avoid.isEmpty || hierarchy.hasMasks else { return nil }
    var direct: Found?
    for start in starts {
      for end in ends where end.edge == start.edge {
        guard end.fraction >= start.fraction else { return nil }
        let cost = (end.fraction - start.fraction) * table.cost(start.edge) + start.penalty
        if cost < direct?.cost ?? .infinity {
          direct = Found(edges: [start.edge], start: start, end: end, cost: cost)
        }
      }
    }
    let (startCosts, endCosts) = hierarchyEnds(starts, ends)
    let edges: [Int]
    let cost: Double
    switch hierarchy.cheapest(from: startCosts, to: endCosts, avoid: options.avoid) {
    case .route(let found, let c): (edges, cost) = (found, c)
    case .noRoute: return hierarchy.isIntact ? .some(direct) : nil
    case .unusable: return nil
    }
    if let direct, direct.cost <= cost { return .some(direct) }
    guard let found = found(edges, cost: cost, starts: starts, ends: ends) else { return nil }
    return .some(found)
  }

  /// The search cost of driving `edges` from `start` to `end` (the edge times, turn and
  /// destination-only costs the search adds), nil when a step is not a move.
  func searchCost(_ edges: [Int], start: Snap, end: Snap) -> Double? {
    var cost = (1 - start.fraction) * table.cost(edges[0]) + start.penalty
    for (e, f) in zip(edges, edges.dropFirst()) {
      guard let move = moves(from: e).first(where: { $0.to == f }) else { return nil }
      cost += move.cost
    }
    return cost - (1 - end.fraction) * table.cost(edges[edges.count - 1])
  }
}

extension Router {
  /// The moves from the end of edge `e` with what each costs the search: the turn, entering
  /// a destination-only road, and the next edge's time — the arcs a hierarchy is built on.
  package func moves(from e: Int) -> [(to: Int, cost: Double)] {
    table.moves(from: e, options: options)
  }
}
