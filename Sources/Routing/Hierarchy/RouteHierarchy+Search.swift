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
  package func cheapest(
    from starts: [(edge: Int, cost: Double)], to ends: [(edge: Int, cost: Double)]
  )
    -> Answer
  {
    // Shift the ends' costs to be ≥ 0, so both searches can stop at the best found.
    let shift = max(0, -(ends.map(\.cost).min() ?? 0))
    var forward = LabelTable()
    var backward = LabelTable()
    var forwardHeap = SearchHeap(capacity: 256)
    var backwardHeap = SearchHeap(capacity: 256)
    for s in starts where s.edge >= 0 && s.edge < nodeCount {
      if forward[s.edge].map({ $0.cost > s.cost }) ?? true {
        forward.set(s.edge, .init(cost: s.cost, parent: -1, arc: -1))
        forwardHeap.push(s.cost, s.edge)
      }
    }
    for e in ends where e.edge >= 0 && e.edge < nodeCount {
      let c = e.cost + shift
      if backward[e.edge].map({ $0.cost > c }) ?? true {
        backward.set(e.edge, .init(cost: c, parent: -1, arc: -1))
        backwardHeap.push(c, e.edge)
      }
    }
    var best = Double.infinity
    var meeting = -1
    var forwardMin = forwardHeap.peekKey ?? .infinity
    var backwardMin = backwardHeap.peekKey ?? .infinity
    while forwardMin < best || backwardMin < best {
      let isForward = forwardMin <= backwardMin
      guard let (key, u) = isForward ? forwardHeap.pop() : backwardHeap.pop() else { break }
      let mine = isForward ? forward : backward
      guard let label = mine[u], key <= label.cost else {
        if isForward {
          forwardMin = forwardHeap.peekKey ?? .infinity
        } else {
          backwardMin = backwardHeap.peekKey ?? .infinity
        }
        continue
      }
      if let other = (isForward ? backward : forward)[u],
        label.arc >= 0 || other.arc >= 0, label.cost + other.cost < best
      {
        best = label.cost + other.cost
        meeting = u
      }
      for i in arcs(of: u, upward: isForward) {
        let a = arc(i)
        guard let v = a.node else { continue }
        let c = label.cost + a.weight
        if isForward {
          if forward[v].map({ $0.cost <= c }) ?? false { continue }
          forward.set(v, .init(cost: c, parent: Int32(u), arc: Int32(i)))
          forwardHeap.push(c, v)
        } else {
          if backward[v].map({ $0.cost <= c }) ?? false { continue }
          backward.set(v, .init(cost: c, parent: Int32(u), arc: Int32(i)))
          backwardHeap.push(c, v)
        }
      }
      if isForward {
        forwardMin = forwardHeap.peekKey ?? .infinity
      } else {
        backwardMin = backwardHeap.peekKey ?? .infinity
      }
    }
    guard meeting >= 0 else { return .noRoute }
    // Up from the start to the meeting, then down from it to the end, arc by arc.
    var upArcs: [(from: Int, arc: Int)] = []
    var node = meeting
    var steps = 0
    while let label = forward[node], label.arc >= 0, steps < nodeCount {
      upArcs.append((Int(label.parent), Int(label.arc)))
      node = Int(label.parent)
      steps += 1
    }
    var edges = [node]
    for (from, i) in upArcs.reversed() {
      guard let to = arc(i).node else { return .unusable }
      guard unpack(from: from, to: to, arc: i, into: &edges) else { return .unusable }
    }
    node = meeting
    steps = 0
    while let label = backward[node], label.arc >= 0, steps < nodeCount {
      // A downward arc of `label.parent` from `node` into it.
      let to = Int(label.parent)
      guard unpack(from: node, to: to, arc: Int(label.arc), into: &edges) else {
        return .unusable
      }
      node = to
      steps += 1
    }
    return .route(edges: edges, cost: best - shift)
  }

  /// Appends the edges after `from` along arc `i` (from `from` to `to`, a move or a
  /// shortcut) to `edges`. False when the arcs do not unpack (a corrupt section).
  private func unpack(from: Int, to: Int, arc i: Int, into edges: inout [Int]) -> Bool {
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
      for j in arcs(of: m, upward: false) where arc(j).node == u {
        let w1 = arc(j).weight
        for k in arcs(of: m, upward: true) where arc(k).node == v {
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
