import Geo

extension Router {
  /// The result of one search: edges in driving order, the snaps it started and ended
  /// at, and its cost in the weights searched with.
  struct Found {
    var edges: [Int]
    var start: Snap
    var end: Snap
    var cost: Double
  }

  /// Calls `body(next, cost)` for every move allowed from the end of edge `e`
  /// (`RoutingTable.forEachMove(from:options:_:)` with this router's options).
  @inline(__always)
  func forEachMove(from e: Int, _ body: (Int, Double) -> Void) {
    table.forEachMove(from: e, options: options, body)
  }

  /// Edge-based A* from the `starts` to any of the `ends`; driving onto a destination-only
  /// road, or one under works, costs its entry cost more (`RoutingTable.entryCost`), and
  /// onto a kind of road `RouterOptions.avoid` names is not done.
  ///
  /// - Parameter weights: per-edge multipliers of edge time (alternatives), nil for none.
  func search(
    from starts: [Snap], to ends: [Snap], target: SIMD3<Double>, weights: [Double]? = nil
  ) -> Found? {
    if weights == nil, let answer = hierarchySearch(from: starts, to: ends) { return answer }
    return plainSearch(from: starts, to: ends, target: target, weights: weights)
  }

  /// Edge-based A*, the reference the hierarchy is held to.
  func plainSearch(
    from starts: [Snap], to ends: [Snap], target: SIMD3<Double>, weights: [Double]? = nil
  ) -> Found? {
    let count = table.edgeCount
    var cost = [Double](repeating: .infinity, count: count)
    var parent = [Int32](repeating: -1, count: count)
    var heap = SearchHeap(capacity: 1024)
    @inline(__always) func time(_ e: Int) -> Double {
      table.cost(e) * (weights?[e] ?? 1)
    }
    // The bound is to `target`; ends away from it (a fallback's wider snaps) lower it by
    // their distance, so it stays a lower bound to every end and the search exact.
    let slack =
      ends.map { end in
        let d = Self.unitVector(end.coordinate) - target
        return (d * d).sum().squareRoot() * Earth.radius / table.maximumSpeed
      }.max() ?? 0
    @inline(__always) func bound(_ node: Int) -> Double {
      max(0, table.bound(from: node, to: target) - slack)
    }
    var best = Double.infinity
    var bestEnd = -1
    var bestParent = -1  // -2: start and end on the same edge, nothing between

    for start in starts {
      let c = (1 - start.fraction) * time(start.edge) + start.penalty
      if c < cost[start.edge] {
        cost[start.edge] = c
        parent[start.edge] = -1
        heap.push(c + bound(table.to(start.edge)), start.edge)
      }
      for end in ends where end.edge == start.edge && end.fraction >= start.fraction {
        let direct = (end.fraction - start.fraction) * time(start.edge) + start.penalty
        if direct < best {
          best = direct
          bestEnd = end.edge
          bestParent = -2
        }
      }
    }

    let avoid = options.avoid.rawValue
    while let (key, e) = heap.pop() {
      if key >= best { break }
      let here = cost[e]
      let node = table.to(e)
      if here + bound(node) < key - 1e-9 { continue }  // stale
      forEachMove(from: e) { f, turn in
        guard table.classes(f) & avoid == 0 else { return }
        let through = here + turn + table.entryCost(from: e, to: f, options: options)
        for end in ends where end.edge == f {
          let finish = through + end.fraction * time(f)
          if finish < best {
            best = finish
            bestEnd = f
            bestParent = e
          }
        }
        let c = through + time(f)
        if c < cost[f] {
          cost[f] = c
          parent[f] = Int32(e)
          heap.push(c + bound(table.to(f)), f)
        }
      }
    }

    guard bestEnd >= 0 else { return nil }
    var edges = [bestEnd]
    if bestParent != -2 {
      var e = bestParent
      while e >= 0 {
        edges.append(e)
        e = Int(parent[e])
      }
    }
    edges.reverse()
    guard let start = starts.first(where: { $0.edge == edges[0] }),
      let end = ends.first(where: { $0.edge == bestEnd })
    else { return nil }
    return Found(edges: edges, start: start, end: end, cost: best)
  }

  /// The seconds, metres and search cost of `found` without any alternatives' weights:
  /// edge times (costs) of the parts driven, turn costs (and entry costs), the start's
  /// penalty.
  func measure(_ found: Found) -> (duration: Double, distance: Double, cost: Double) {
    var duration = found.start.penalty
    var cost = found.start.penalty
    var distance = 0.0
    let last = found.edges.count - 1
    for (i, e) in found.edges.enumerated() {
      let from = i == 0 ? found.start.fraction : 0
      let to = i == last ? found.end.fraction : 1
      let part = max(0, to - from)
      duration += part * table.duration(e)
      cost += part * table.cost(e)
      distance += part * table.length(e)
      if i < last {
        let next = found.edges[i + 1]
        var turn = options.uTurnCost
        forEachMove(from: e) { f, cost in if f == next { turn = cost } }
        duration += turn
        cost += turn + table.entryCost(from: e, to: next, options: options)
      }
    }
    return (duration, distance, cost)
  }

  func path(_ found: Found, origin: Coordinate, destination: Coordinate) -> RoutePath {
    let (duration, distance, cost) = measure(found)
    return RoutePath(
      edges: found.edges, startFraction: found.start.fraction, endFraction: found.end.fraction,
      origin: origin, destination: destination, start: found.start.coordinate,
      end: found.end.coordinate, distance: distance, duration: duration, cost: cost,
      startsWithUTurn: found.start.penalty > 0)
  }
}
