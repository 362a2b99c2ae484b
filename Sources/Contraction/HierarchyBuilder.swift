import Routing

/// Contracts the router's moves into a routing hierarchy (`HierarchyTables`), the map
/// file's `CH…` sections: nodes are the road graph's edges, arcs the moves between them
/// (`Router.moves(from:)`), and nodes are taken out one at a time, cheapest first, adding
/// a shortcut between two neighbours wherever the node was on their only cheapest path.
///
/// The order: a node's priority is twice the shortcuts it would add less the arcs it
/// removes, plus the neighbours already contracted and its level (how many contractions
/// deep its neighbourhood is) — the usual mix, which keeps the hierarchy small and the
/// contraction spread over the map. Priorities are brought up to date when a node comes
/// to the front of the queue ("lazy updates"). A witness search settles at most
/// `witnessLimit` nodes: when it gives up, a shortcut is added that a longer search might
/// have found unnecessary — the hierarchy is larger, never wrong.
///
/// O(edges × the neighbourhoods searched); runs on the calling thread.
package struct HierarchyBuilder<Graph: RoadGraph> {
  let router: Router<Graph>
  /// Nodes settled by one witness search while contracting, and while only counting.
  package var witnessLimit = 50
  package var estimateLimit = 16

  package init(router: Router<Graph>) {
    self.router = router
  }

  /// Why no hierarchy was built.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The hierarchy of the router's graph. `progress` hears the nodes contracted so far.
  package func build(progress: (Int, Int) -> Void = { _, _ in }) throws(Failure) -> HierarchyTables
  {
    let n = router.graph.edgeCount
    var graph = ContractionGraph(nodes: n)
    for e in 0..<n {
      for (f, cost) in router.moves(from: e) {
        let units = (cost / HierarchyTables.weightUnit).rounded()
        guard units >= 0, units < Double(UInt32.max / 4) else {
          throw Failure(description: "a move of \(cost) s from edge \(e) does not fit a weight")
        }
        graph.add(from: e, to: f, weight: UInt32(units), middle: -1)
      }
    }
    var witness = WitnessSearch(nodes: n)
    var deleted = [Int32](repeating: 0, count: n)
    var level = [Int32](repeating: 0, count: n)
    var contracted = [Bool](repeating: false, count: n)
    var up = [[ContractionGraph.Arc]](repeating: [], count: n)
    var down = [[ContractionGraph.Arc]](repeating: [], count: n)

    func priority(_ v: Int, shortcuts: Int) -> Double {
      let removed = graph.out[v].count + graph.into[v].count
      return Double(2 * shortcuts - removed + Int(deleted[v]) + Int(level[v]))
    }

    var queue = SearchHeap(capacity: n)
    for v in 0..<n {
      let count = shortcuts(of: v, in: graph, witness: &witness, limit: estimateLimit).count
      queue.push(priority(v, shortcuts: count), v)
    }
    var done = 0
    while let (key, v) = queue.pop() {
      guard !contracted[v] else { continue }
      // The shortcuts now, which also bring the priority up to date: when it has risen
      // past the next node's, the node waits.
      let cuts = shortcuts(of: v, in: graph, witness: &witness, limit: witnessLimit)
      let now = priority(v, shortcuts: cuts.count)
      if now > key, let next = queue.peekKey, now > next {
        queue.push(now, v)
        continue
      }
      for s in cuts {
        // A shortcut dearer than a weight holds (119 h) is kept at the largest: a search
        // through it overestimates, its path does not unpack, and the router searches
        // plainly — only for routes of that cost.
        let weight = UInt32(min(s.weight, UInt64(HierarchyTables.largestWeight)))
        graph.add(from: s.from, to: s.to, weight: weight, middle: Int32(v))
      }
      up[v] = graph.out[v]
      down[v] = graph.into[v]
      for arc in graph.out[v] + graph.into[v] {
        let u = Int(arc.node)
        deleted[u] += 1
        level[u] = max(level[u], level[v] + 1)
      }
      graph.remove(v)
      contracted[v] = true
      done += 1
      if done % 16_384 == 0 { progress(done, n) }
    }
    progress(n, n)
    return Self.tables(up: up, down: down, fingerprint: router.options.hierarchyFingerprint)
  }

  /// The shortcuts taking `v` out of `graph` needs: for each arc a → v and v → b, a → b
  /// unless a witness search from a finds b as cheaply without v.
  func shortcuts(of v: Int, in graph: ContractionGraph, witness: inout WitnessSearch, limit: Int)
    -> [(from: Int, to: Int, weight: UInt64)]
  {
    var found: [(Int, Int, UInt64)] = []
    let outs = graph.out[v]
    guard !outs.isEmpty else { return [] }
    let longest = UInt64(outs.map(\.weight).max() ?? 0)
    for arc in graph.into[v] {
      let a = Int(arc.node)
      let first = UInt64(arc.weight)
      witness.run(
        from: a, skipping: v, targets: outs, bound: first + longest, limit: limit, graph: graph)
      for next in outs where Int(next.node) != a {
        let through = first + UInt64(next.weight)
        if witness.distance(to: Int(next.node)) > through {
          found.append((a, Int(next.node), through))
        }
      }
    }
    return found
  }

  /// The recorded arcs as the file's tables: per node its upward arcs (to nodes contracted
  /// later) and downward arcs (from them).
  static func tables(
    up: [[ContractionGraph.Arc]], down: [[ContractionGraph.Arc]], fingerprint: [Float]
  ) -> HierarchyTables {
    var index: [(up: UInt32, down: UInt32)] = []
    index.reserveCapacity(up.count + 1)
    var arcs: [(node: UInt32, weight: UInt32, middle: UInt32)] = []
    var upCount: UInt32 = 0
    var downCount: UInt32 = 0
    for v in up.indices {
      index.append((upCount, downCount))
      upCount += UInt32(up[v].count)
      downCount += UInt32(down[v].count)
    }
    index.append((upCount, downCount))
    arcs.reserveCapacity(Int(upCount + downCount))
    func record(_ a: ContractionGraph.Arc) -> (UInt32, UInt32, UInt32) {
      (UInt32(a.node), a.weight, a.middle < 0 ? HierarchyTables.noMiddle : UInt32(a.middle))
    }
    for list in up { for a in list { arcs.append(record(a)) } }
    for list in down { for a in list { arcs.append(record(a)) } }
    return HierarchyTables(
      fingerprint: fingerprint, index: index, arcs: arcs, upwardCount: Int(upCount))
  }
}
