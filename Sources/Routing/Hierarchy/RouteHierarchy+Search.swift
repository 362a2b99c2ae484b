import Navigation

extension RouteHierarchy {
  /// What a search of the hierarchy found.
  package enum Answer {
    /// The edges in driving order (a start first, an end last) and the cost.
    case route(edges: [Int], cost: Double)
    /// No end is reachable from any start.
    case noRoute
    /// A cheapest path whose arcs do not unpack into moves: a shortcut stored at the
    /// largest weight, or a damaged section. The plain search must answer.
    case unusable
  }

  /// The cheapest sequence of edges from a start to an end, and its cost.
  ///
  /// - Parameters:
  ///   - starts: edges with the cost already spent at their end (the rest of the start
  ///     edge, a penalty).
  ///   - ends: edges with the cost to add to a label at their end: minus the part of the
  ///     edge not driven, so at most 0. A route reaches an end by a move onto it; a start
  ///     that is also an end is the caller's (the router's direct case).
  ///   - avoid: the kinds of road the route may not drive onto (the starts may be on one).
  package func cheapest(
    from starts: [(edge: Int, cost: Double)], to ends: [(edge: Int, cost: Double)],
    avoid: AvoidableRoads = []
  )
    -> Answer
  {
    var query = HierarchyQuery(self, from: starts, to: ends, avoid: avoid)
    query.run()
    guard query.meeting >= 0 else { return .noRoute }
    guard let edges = query.edges(through: query.meeting) else { return .unusable }
    return .route(edges: edges, cost: query.best - query.shift)
  }

  /// Paths from a start to an end through the nodes both sides of a search settle, whose
  /// cost by the labels is at most `stretch` times the cheapest: the candidates for
  /// alternative routes (`Router`'s). Cheapest first, at most `limit`, the cheapest path
  /// itself among them; each with its via node (an index into its edges) and cost.
  package func viaPaths(
    from starts: [(edge: Int, cost: Double)], to ends: [(edge: Int, cost: Double)],
    stretch: Double, limit: Int, avoid: AvoidableRoads = []
  ) -> [(edges: [Int], via: Int, cost: Double)] {
    var query = HierarchyQuery(self, from: starts, to: ends, avoid: avoid)
    query.run(stretch: stretch)
    guard query.meeting >= 0 else { return [] }
    let ceiling = query.best * stretch
    let candidates = query.settledForward.compactMap { u in
      query.meetingCost(at: u).flatMap { $0 <= ceiling ? (node: u, cost: $0) : nil }
    }.sorted { ($0.cost, $0.node) < ($1.cost, $1.node) }
    var result: [(edges: [Int], via: Int, cost: Double)] = []
    for candidate in candidates.prefix(limit) {
      guard let edges = query.edges(through: candidate.node),
        let via = edges.firstIndex(of: candidate.node)
      else { continue }
      result.append((edges, via, candidate.cost - query.shift))
    }
    return result
  }

  /// Appends the edges after `from` along arc `i` (from `from` to `to`, a move or a
  /// shortcut) to `edges`, by arcs without the kinds `avoid` names. False when the arcs do
  /// not unpack (a corrupt section).
  func unpack(from: Int, to: Int, arc i: Int, avoid: UInt8, into edges: inout [Int]) -> Bool {
    var stack = [(from: from, to: to, arc: i)]
    var budget = 4 * nodeCount + 16
    while let (u, v, a) = stack.popLast() {
      budget -= 1
      guard budget > 0 else { return false }
      let (_, weight, middle) = arc(a)
      guard let m = middle else {
        edges.append(v)
        continue
      }
      // u → m is a downward arc of m (from u, later), m → v an upward arc of m.
      var first = -1
      var second = -1
      for j in arcs(of: m, upward: false) where arc(j).node == u && mask(j) & avoid == 0 {
        let w1 = arc(j).weight
        for k in arcs(of: m, upward: true) where arc(k).node == v && mask(k) & avoid == 0 {
          if abs(w1 + arc(k).weight - weight) < HierarchyTables.weightUnit / 2 {
            first = j
            second = k
            break
          }
        }
        if first >= 0 { break }
      }
      guard first >= 0 else { return false }
      stack.append((m, v, second))
      stack.append((u, m, first))
    }
    return true
  }
}
