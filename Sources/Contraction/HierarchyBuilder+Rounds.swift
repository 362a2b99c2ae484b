import Routing

extension HierarchyBuilder {
  /// The nodes of `remaining` whose (priority, hashed id) is below every neighbour's, in
  /// the order of `remaining`: no two are neighbours.
  static func independentSet(
    of remaining: [Int32], in graph: ContractionGraph, priority: [Int32]
  ) -> [Int32] {
    @inline(__always)
    func key(_ v: Int32) -> (Int32, UInt32) {
      (priority[Int(v)], UInt32(bitPattern: v) &* 0x9E37_79B1)
    }
    var chosen: [Int32] = []
    for v in remaining {
      let mine = key(v)
      var lowest = true
      for arc in graph.outArcs(Int(v)) where key(arc.node) < mine {
        lowest = false
        break
      }
      if lowest {
        for arc in graph.inArcs(Int(v)) where key(arc.node) < mine {
          lowest = false
          break
        }
      }
      if lowest { chosen.append(v) }
    }
    return chosen
  }

  /// Finds, on the pool's threads, the shortcuts contracting each of `chosen` needs, with
  /// witness searches that avoid every node marked `round`. Returns per chosen node the
  /// worker whose `shortcuts` hold its shortcuts, where they start and how many there are.
  static func shortcuts(
    of chosen: [Int32], in graph: ContractionGraph, pool: inout WorkerPool<ContractionWorker>,
    limit: Int, marks: [UInt32], round: UInt32
  ) -> [(worker: Int, start: UInt32, count: UInt32)] {
    for w in pool.states.indices { pool.states[w].clear() }
    pool.forEach(chosen.count, chunk: 32) { worker, i in
      let start = UInt32(worker.shortcuts.count)
      let count = worker.findShortcuts(
        of: Int(chosen[i]), in: graph, limit: limit, excluded: marks, mark: round)
      worker.tasks.append((Int32(i), start, UInt32(count)))
    }
    var found = [(worker: Int, start: UInt32, count: UInt32)](
      repeating: (0, 0, 0), count: chosen.count)
    for (w, state) in pool.states.enumerated() {
      for task in state.tasks { found[Int(task.index)] = (w, task.start, task.count) }
    }
    return found
  }

  /// Computes on the pool's threads the priorities of `nodes` (distinct) in `graph` and
  /// stores them in `priority`.
  static func updatePriorities(
    of nodes: [Int32], in graph: ContractionGraph, pool: inout WorkerPool<ContractionWorker>,
    limit: Int, deleted: [Int32], level: [Int32], marks: [UInt32], into priority: inout [Int32]
  ) {
    for w in pool.states.indices { pool.states[w].clear() }
    pool.forEach(nodes.count, chunk: 64) { worker, i in
      let v = Int(nodes[i])
      let p = worker.priority(
        of: v, in: graph, limit: limit, deleted: deleted[v], level: level[v], marks: marks)
      worker.priorities.append((nodes[i], p))
    }
    for state in pool.states {
      for (v, p) in state.priorities { priority[Int(v)] = p }
    }
  }

  /// The moves of `edges` edges (`moves` reads them in edge order) as a contraction graph:
  /// per edge its moves, weights in `HierarchyTables.weightUnit`, the cheapest of two moves
  /// to the same edge, each masked with the classes of the edge it moves onto.
  static func contractionGraph(edges n: Int, classes: [UInt8], moves: MoveReader) throws(Failure)
    -> ContractionGraph
  {
    var first: [UInt32] = []
    first.reserveCapacity(n + 1)
    var arcs: [ContractionGraph.Arc] = []
    arcs.reserveCapacity(3 * n)
    try moves { (e, found) throws(Failure) in
      precondition(e == first.count, "moves in edge order")
      first.append(UInt32(arcs.count))
      let start = arcs.count
      for (f, cost) in found {
        let units = (cost / HierarchyTables.weightUnit).rounded()
        guard units >= 0, units < Double(UInt32.max / 4) else {
          throw Failure(description: "a move of \(cost) s from edge \(e) does not fit a weight")
        }
        guard f != e else { continue }
        let weight = UInt32(units)
        if let i = arcs[start...].firstIndex(where: { Int($0.node) == f }) {
          arcs[i].weight = min(arcs[i].weight, weight)
        } else {
          arcs.append(
            ContractionGraph.Arc(
              node: Int32(f), weight: weight, middle: -1, mask: f < classes.count ? classes[f] : 0))
        }
      }
    }
    first.append(UInt32(arcs.count))
    return ContractionGraph(nodes: n, first: first, arcs: arcs)
  }
}
