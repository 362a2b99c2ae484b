import CMalloc
import Routing

/// Contracts the router's moves into a routing hierarchy (`HierarchyTables`), the map
/// file's `CH…` sections: nodes are the road graph's edges, arcs the moves between them
/// (`Router.moves(from:)`), and nodes are taken out in rounds, adding a shortcut between
/// two neighbours wherever the node was on their only cheapest path.
///
/// The order: a node's priority is twice the shortcuts it would add less the arcs it
/// removes, plus the neighbours already contracted and its level (how many contractions
/// deep its neighbourhood is) — the usual mix, which keeps the hierarchy small and the
/// contraction spread over the map. Each round contracts every node whose priority is
/// below all its neighbours' (ties broken by a hash of the id): no two of them are
/// neighbours, so their shortcuts are found at once, on several threads, and their
/// witness searches avoid all of the round's nodes, which keeps every shortcut that any
/// path through them needs. Only the neighbours of contracted nodes get new priorities
/// ("lazy updates"). A witness search settles at most `witnessLimit` nodes: when it gives
/// up, a shortcut is added that a longer search might have found unnecessary — the
/// hierarchy is larger, never wrong.
///
/// The result depends on the graph alone, not on the threads or their timing: each
/// node's shortcuts and priority are computed from the graph as the round found it, and
/// applied in node order. Blocks the calling thread; uses up to `threads` threads.
package struct HierarchyBuilder {
  /// Calls its argument with every edge's moves (`Router.moves(from:)`), in edge order.
  typealias MoveReader = (
    (Int, [(to: Int, cost: Double)]) throws(Failure) -> Void
  ) throws(Failure) -> Void

  private let edgeCount: Int
  /// Per edge the kinds of road to avoid it is (`AvoidableRoads` bits): the mask of every
  /// move onto it.
  private let classes: [UInt8]
  private let fingerprint: [Float]
  private let readMoves: MoveReader
  /// Nodes settled by one witness search while contracting, and while only counting.
  package var witnessLimit = 50
  package var estimateLimit = 16
  /// Threads to contract on: by default the machine's cores, at most 4.
  package var threads = WorkerPool<ContractionWorker>.threads(cap: 4)
  /// A folder for the scratch file the arcs of contracted nodes go to until the tables
  /// are laid out (`ArcLog`); nil keeps them in memory. The tables are the same either way.
  package var scratchFolder: String?

  /// The hierarchy of `router`'s moves, for its options.
  package init<Graph: RoadGraph>(router: Router<Graph>) {
    edgeCount = router.graph.edgeCount
    classes = (0..<edgeCount).map { router.graph.edge($0).avoidable.rawValue }
    fingerprint = router.options.hierarchyFingerprint
    readMoves = { (body) throws(Failure) in
      for e in 0..<router.graph.edgeCount { try body(e, router.moves(from: e)) }
    }
  }

  /// The hierarchy of the moves a router with `options` has over a map storing `routing`
  /// (the same tables as `init(router:)` over such a map), read from the records alone;
  /// `scratchFolder` as the property.
  package init(
    routing: RoutingTableRecords, options: RouterOptions = RouterOptions(),
    scratchFolder: String? = nil
  ) {
    self.scratchFolder = scratchFolder
    edgeCount = routing.edgeCount
    classes = routing.classes
    fingerprint = options.hierarchyFingerprint
    readMoves = { (body) throws(Failure) in
      try routing.forEachEdgeMoves(options: options, body)
    }
  }

  /// Why no hierarchy was built.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// The hierarchy of the moves. `progress` hears the nodes contracted so far.
  /// The builder, and with it what it reads the moves from, is let go once they are read.
  package consuming func build(progress: (Int, Int) -> Void = { _, _ in }) throws(Failure)
    -> HierarchyTables
  {
    let (fingerprint, witnessLimit, estimateLimit, threads, folder) = (
      fingerprint, witnessLimit, estimateLimit, threads, scratchFolder
    )
    guard edgeCount < Int(ContractionGraph.Arc.middleBits) else {
      throw Failure(description: "\(edgeCount) edges: a routing hierarchy numbers fewer")
    }
    var graph = try Self.contractionGraph(edges: edgeCount, classes: classes, moves: readMoves)
    _ = consume self
    let n = graph.nodeCount
    var pool = WorkerPool(threads: threads) { ContractionWorker(nodes: n) }
    var record = HierarchyRecord(nodes: n, folder: folder)
    var deleted = [Int32](repeating: 0, count: n)
    var level = [Int32](repeating: 0, count: n)
    // The round in which a node was contracted (0: not yet); rounds count from 1.
    var marks = [UInt32](repeating: 0, count: n)
    var priority = [Int32](repeating: 0, count: n)
    var remaining = [Int32](0..<Int32(n))

    Self.updatePriorities(
      of: remaining, in: graph, pool: &pool, limit: estimateLimit, deleted: deleted,
      level: level, marks: marks, into: &priority)
    var round: UInt32 = 0
    var done = 0
    var touched: [Int32] = []
    while !remaining.isEmpty {
      round += 1
      let chosen = Self.independentSet(of: remaining, in: graph, priority: priority)
      for v in chosen { marks[Int(v)] = round }
      let found = Self.shortcuts(
        of: chosen, in: graph, pool: &pool, limit: witnessLimit, marks: marks, round: round)
      touched.removeAll(keepingCapacity: true)
      for (i, v32) in chosen.enumerated() {
        let v = Int(v32)
        let (w, start, count) = found[i]
        for s in pool.states[w].shortcuts[Int(start)..<Int(start + count)] {
          // A shortcut dearer than a weight holds (119 h) is kept at the largest: a search
          // through it overestimates, its path does not unpack, and the router searches
          // plainly — only for routes of that cost.
          let weight = UInt32(min(s.weight, UInt64(HierarchyTables.largestWeight)))
          graph.add(from: Int(s.from), to: Int(s.to), weight: weight, middle: v32, mask: s.mask)
        }
        do {
          try record.add(v, up: graph.outArcs(v), down: graph.inArcs(v))
        } catch {
          throw Failure(description: "\(error)")
        }
        for arc in Array(graph.outArcs(v)) + graph.inArcs(v) {
          let u = Int(arc.node)
          deleted[u] += 1
          level[u] = max(level[u], level[v] + 1)
          if marks[u] != round {
            marks[u] = round
            touched.append(arc.node)
          }
        }
        graph.remove(v)
      }
      graph.compact()
      // The touched neighbours carry this round's mark only until it is put right.
      for u in touched { marks[Int(u)] = 0 }
      for v in chosen { marks[Int(v)] = round }
      Self.updatePriorities(
        of: touched, in: graph, pool: &pool, limit: estimateLimit, deleted: deleted,
        level: level, marks: marks, into: &priority)
      remaining.removeAll { marks[Int($0)] != 0 }
      done += chosen.count
      progress(done, n)
    }
    graph.removeAll()
    pool.states = []
    // What the graph and the searches took goes back before the tables are laid out.
    _ = malloc_trim(0)
    do {
      return try record.tables(fingerprint: fingerprint)
    } catch {
      throw Failure(description: "\(error)")
    }
  }
}
