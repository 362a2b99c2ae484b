/// One thread's share of a contraction round: its witness search and what it found,
/// tagged with the index of the node it was found for so that the results can be used in
/// index order whichever thread found them.
struct ContractionWorker {
  /// A shortcut `from` → `to` of `weight` (not yet capped to a stored weight).
  struct Shortcut {
    var from: Int32
    var to: Int32
    var weight: UInt64
    /// The kinds of road to avoid on its path (`ContractionGraph.Arc.mask`).
    var mask: UInt8
  }

  var witness: WitnessSearch
  /// The targets of one witness search, kept for their storage.
  private var targets: [Int32] = []
  /// Paths through the node a search by wider masks reached only by kinds of road theirs
  /// does not allow: searched again with their own mask.
  private var uncertain: [Shortcut] = []
  /// The arcs into the node being contracted, by their tail.
  private var ins: [ContractionGraph.Arc] = []
  /// Shortcuts found, per task in the order the tasks came.
  var shortcuts: [Shortcut] = []
  /// Per task done: its index, and where its shortcuts are in `shortcuts`.
  var tasks: [(index: Int32, start: UInt32, count: UInt32)] = []
  /// Priorities computed: the node and its priority.
  var priorities: [(node: Int32, priority: Int32)] = []

  init(nodes: Int) {
    witness = WitnessSearch(nodes: nodes)
  }

  /// Forgets the last round's results, keeping the storage.
  mutating func clear() {
    shortcuts.removeAll(keepingCapacity: true)
    tasks.removeAll(keepingCapacity: true)
    priorities.removeAll(keepingCapacity: true)
  }

  /// Appends to `shortcuts` those taking `v` out of `graph` needs, and returns how many:
  /// for each arc a → v and v → b, a → b unless a witness search from a (settling at most
  /// `limit` nodes, avoiding the nodes whose `excluded` mark is `mark`) finds b as cheaply
  /// without v, by arcs usable wherever the two are (masks within theirs).
  ///
  /// One search per neighbour in, by the arcs any of the paths through v may use: a target it
  /// does not reach as cheaply needs its shortcut (no path within a narrower mask is
  /// cheaper), one it reaches by a path of a mask within the target's is witnessed. Only
  /// where kinds of road to avoid meet, a target reached by a path of other kinds is
  /// searched again with its own mask.
  @discardableResult
  mutating func findShortcuts(
    of v: Int, in graph: ContractionGraph, limit: Int, excluded: [UInt32], mark: UInt32
  ) -> Int {
    let outs = graph.outArcs(v)
    guard !outs.isEmpty else { return 0 }
    let before = shortcuts.count
    // The arcs in by their tail: parallel arcs from one neighbour (of other masks) share
    // its search.
    ins.removeAll(keepingCapacity: true)
    for arc in graph.inArcs(v) { ins.append(arc) }
    ins.sort { $0.node < $1.node }
    var i = 0
    while i < ins.count {
      let a = Int(ins[i].node)
      var j = i
      var union: UInt8 = 0
      var firstMost: UInt64 = 0
      while j < ins.count && Int(ins[j].node) == a {
        union |= ins[j].mask
        firstMost = max(firstMost, UInt64(ins[j].weight))
        j += 1
      }
      defer { i = j }
      targets.removeAll(keepingCapacity: true)
      var longest: UInt64 = 0
      for next in outs where Int(next.node) != a {
        targets.append(next.node)
        longest = max(longest, UInt64(next.weight))
        union |= next.mask
      }
      guard !targets.isEmpty else { continue }
      witness.run(
        from: a, skipping: v, targets: targets, allowed: union, bound: firstMost + longest,
        limit: limit, graph: graph, excluded: excluded, mark: mark)
      uncertain.removeAll(keepingCapacity: true)
      for arc in ins[i..<j] {
        for next in outs where Int(next.node) != a {
          let need = arc.mask | next.mask
          let through = UInt64(arc.weight) + UInt64(next.weight)
          let node = Int(next.node)
          let shortcut = Shortcut(from: Int32(a), to: next.node, weight: through, mask: need)
          if witness.distance(to: node) > through {
            shortcuts.append(shortcut)
          } else if witness.pathMask(to: node) & ~need != 0 {
            uncertain.append(shortcut)
          }
        }
      }
      while let need = uncertain.first?.mask {
        targets.removeAll(keepingCapacity: true)
        var farthest: UInt64 = 0
        for s in uncertain where s.mask == need {
          targets.append(s.to)
          farthest = max(farthest, s.weight)
        }
        witness.run(
          from: a, skipping: v, targets: targets, allowed: need, bound: farthest, limit: limit,
          graph: graph, excluded: excluded, mark: mark)
        for s in uncertain where s.mask == need && witness.distance(to: Int(s.to)) > s.weight {
          shortcuts.append(s)
        }
        uncertain.removeAll { $0.mask == need }
      }
    }
    return shortcuts.count - before
  }

  /// Above this many pairs of arcs in and out, a node's priority counts every pair as a
  /// shortcut instead of searching for witnesses: only the last, densest nodes of a
  /// country's hierarchy have so many (where the kinds of road to avoid meet, parallel arcs
  /// of several masks multiply them), and there a search per neighbour and round costs
  /// minutes while the order among the last nodes changes little. The shortcuts of the
  /// contraction itself are always searched for.
  static let estimatedPairs = 20_000

  /// The node's priority in the contraction order (lowest first): twice the shortcuts it
  /// would add less the arcs it removes, plus its contracted neighbours and its level.
  /// The shortcuts are counted with a search of `limit` nodes over the whole graph (no
  /// node of `marks` carries the mark `UInt32.max`) and not kept; past `estimatedPairs`
  /// pairs, every pair counts.
  mutating func priority(
    of v: Int, in graph: ContractionGraph, limit: Int, deleted: Int32, level: Int32,
    marks: [UInt32]
  ) -> Int32 {
    let pairs = graph.outDegree(v) * graph.inDegree(v)
    let count: Int
    if pairs > Self.estimatedPairs {
      count = pairs
    } else {
      let before = shortcuts.count
      count = findShortcuts(of: v, in: graph, limit: limit, excluded: marks, mark: .max)
      shortcuts.removeSubrange(before...)
    }
    let removed = graph.outDegree(v) + graph.inDegree(v)
    return Int32(clamping: 2 * count - removed) &+ deleted &+ level
  }
}
