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
  private var masks: [UInt8] = []
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
  /// without v, by arcs usable wherever the two are (masks within theirs). One search per
  /// arc in and mask of the paths through v: one, unless kinds of road to avoid meet here.
  @discardableResult
  mutating func findShortcuts(
    of v: Int, in graph: ContractionGraph, limit: Int, excluded: [UInt32], mark: UInt32
  ) -> Int {
    let outs = graph.outArcs(v)
    guard !outs.isEmpty else { return 0 }
    let before = shortcuts.count
    for arc in graph.inArcs(v) {
      let a = Int(arc.node)
      let first = UInt64(arc.weight)
      masks.removeAll(keepingCapacity: true)
      for next in outs where Int(next.node) != a && !masks.contains(arc.mask | next.mask) {
        masks.append(arc.mask | next.mask)
      }
      for allowed in masks {
        targets.removeAll(keepingCapacity: true)
        var longest: UInt64 = 0
        for next in outs where Int(next.node) != a && arc.mask | next.mask == allowed {
          targets.append(next.node)
          longest = max(longest, UInt64(next.weight))
        }
        witness.run(
          from: a, skipping: v, targets: targets, allowed: allowed, bound: first + longest,
          limit: limit, graph: graph, excluded: excluded, mark: mark)
        for next in outs where Int(next.node) != a && arc.mask | next.mask == allowed {
          let through = first + UInt64(next.weight)
          if witness.distance(to: Int(next.node)) > through {
            shortcuts.append(
              Shortcut(from: Int32(a), to: next.node, weight: through, mask: allowed))
          }
        }
      }
    }
    return shortcuts.count - before
  }

  /// The node's priority in the contraction order (lowest first): twice the shortcuts it
  /// would add less the arcs it removes, plus its contracted neighbours and its level.
  /// The shortcuts are counted with a search of `limit` nodes over the whole graph (no
  /// node of `marks` carries the mark `UInt32.max`) and not kept.
  mutating func priority(
    of v: Int, in graph: ContractionGraph, limit: Int, deleted: Int32, level: Int32,
    marks: [UInt32]
  ) -> Int32 {
    let before = shortcuts.count
    let count = findShortcuts(of: v, in: graph, limit: limit, excluded: marks, mark: .max)
    shortcuts.removeSubrange(before...)
    let removed = graph.outDegree(v) + graph.inDegree(v)
    return Int32(clamping: 2 * count - removed) &+ deleted &+ level
  }
}
