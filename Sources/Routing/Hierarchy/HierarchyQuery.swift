import Navigation

/// One bidirectional search of a `RouteHierarchy`: upward from the starts, downward (by
/// the downward arcs, backwards) from the ends, each settling nodes in cost order.
///
/// `run(stretch:)` stops when neither side can find a meeting cheaper than `stretch` times
/// the best found: 1 for the cheapest path, more for the candidates of alternatives (every
/// node both sides settled is a via node of a path start → node → end).
struct HierarchyQuery {
  let hierarchy: RouteHierarchy
  /// The kinds of road to avoid (`AvoidableRoads` bits): arcs with any of them are not
  /// taken.
  let avoid: UInt8
  private(set) var forward = LabelTable()
  private(set) var backward = LabelTable()
  private var forwardHeap = SearchHeap(capacity: 256)
  private var backwardHeap = SearchHeap(capacity: 256)
  /// What the ends' costs were raised by, so both sides' costs are ≥ 0.
  let shift: Double
  /// The cheapest meeting found, in shifted costs, and its node (-1 none).
  private(set) var best = Double.infinity
  private(set) var meeting = -1
  /// The nodes the forward side settled, in order.
  private(set) var settledForward: [Int] = []

  /// - Parameters:
  ///   - starts: edges with the cost already spent at their end.
  ///   - ends: edges with the cost to add to a label at their end (at most 0).
  ///   - avoid: the kinds of road not to drive onto.
  init(
    _ hierarchy: RouteHierarchy, from starts: [(edge: Int, cost: Double)],
    to ends: [(edge: Int, cost: Double)], avoid: AvoidableRoads = []
  ) {
    self.hierarchy = hierarchy
    self.avoid = avoid.rawValue
    shift = max(0, -(ends.map(\.cost).min() ?? 0))
    for s in starts where s.edge >= 0 && s.edge < hierarchy.nodeCount {
      if forward[s.edge].map({ $0.cost > s.cost }) ?? true {
        forward.set(s.edge, .init(cost: s.cost, parent: -1, arc: -1))
        forwardHeap.push(s.cost, s.edge)
      }
    }
    for e in ends where e.edge >= 0 && e.edge < hierarchy.nodeCount {
      let c = e.cost + shift
      if backward[e.edge].map({ $0.cost > c }) ?? true {
        backward.set(e.edge, .init(cost: c, parent: -1, arc: -1))
        backwardHeap.push(c, e.edge)
      }
    }
  }

  /// The cost of the path through node `u` (shifted), when both sides reached it by at
  /// least one arc between them (a start that is also an end is the caller's case).
  func meetingCost(at u: Int) -> Double? {
    guard let f = forward[u], let b = backward[u], f.arc >= 0 || b.arc >= 0 else { return nil }
    return f.cost + b.cost
  }

  /// Settles nodes on both sides until neither can meet below `stretch` × the best.
  mutating func run(stretch: Double = 1) {
    var forwardMin = forwardHeap.peekKey ?? .infinity
    var backwardMin = backwardHeap.peekKey ?? .infinity
    while forwardMin < best * stretch || backwardMin < best * stretch {
      let isForward = forwardMin <= backwardMin
      guard let (key, u) = isForward ? forwardHeap.pop() : backwardHeap.pop() else { break }
      settle(u, key: key, forward: isForward)
      if isForward {
        forwardMin = forwardHeap.peekKey ?? .infinity
      } else {
        backwardMin = backwardHeap.peekKey ?? .infinity
      }
    }
  }

  private mutating func settle(_ u: Int, key: Double, forward isForward: Bool) {
    guard let label = (isForward ? forward : backward)[u], key <= label.cost else { return }
    if isForward { settledForward.append(u) }
    if let c = meetingCost(at: u), c < best {
      best = c
      meeting = u
    }
    for i in hierarchy.arcs(of: u, upward: isForward) where hierarchy.mask(i) & avoid == 0 {
      let a = hierarchy.arc(i)
      guard let v = a.node else { continue }
      let c = label.cost + a.weight
      let next = LabelTable.Label(cost: c, parent: Int32(u), arc: Int32(i))
      if isForward {
        if forward[v].map({ $0.cost <= c }) ?? false { continue }
        forward.set(v, next)
        forwardHeap.push(c, v)
      } else {
        if backward[v].map({ $0.cost <= c }) ?? false { continue }
        backward.set(v, next)
        backwardHeap.push(c, v)
      }
    }
  }

  /// The edges of the path through `node`, start to end, unpacked from the arcs; nil when
  /// they do not unpack (a shortcut at the largest weight, a damaged section).
  func edges(through node: Int) -> [Int]? {
    var upArcs: [(from: Int, arc: Int)] = []
    var u = node
    var steps = 0
    while let label = forward[u], label.arc >= 0, steps < hierarchy.nodeCount {
      upArcs.append((Int(label.parent), Int(label.arc)))
      u = Int(label.parent)
      steps += 1
    }
    var edges = [u]
    for (from, i) in upArcs.reversed() {
      guard let to = hierarchy.arc(i).node,
        hierarchy.unpack(from: from, to: to, arc: i, avoid: avoid, into: &edges)
      else { return nil }
    }
    u = node
    steps = 0
    while let label = backward[u], label.arc >= 0, steps < hierarchy.nodeCount {
      // A downward arc of `label.parent` from `u` into it.
      let to = Int(label.parent)
      guard hierarchy.unpack(from: u, to: to, arc: Int(label.arc), avoid: avoid, into: &edges)
      else {
        return nil
      }
      u = to
      steps += 1
    }
    return edges
  }
}
