import Routing

/// The bounded Dijkstra search a contraction runs from each neighbour of the node it
/// removes: is there a path as cheap as the two arcs through the node without it?
///
/// Distances live in arrays of the node count, reset by a round number rather than
/// cleared, so a search costs what it visits. Each thread has its own.
struct WitnessSearch {
  private var distance: [UInt64]
  /// The masks of the arcs of the path found to each node, together.
  private var mask: [UInt8]
  private var round: [UInt32]
  /// The round in which a node is a target still to settle.
  private var target: [UInt32]
  private var current: UInt32 = 0
  private var heap = SearchHeap(capacity: 256)

  init(nodes: Int) {
    distance = [UInt64](repeating: .max, count: nodes)
    mask = [UInt8](repeating: 0, count: nodes)
    round = [UInt32](repeating: 0, count: nodes)
    target = [UInt32](repeating: 0, count: nodes)
  }

  /// The distance found to `node` in the last search; `.max` when not reached.
  @inline(__always)
  func distance(to node: Int) -> UInt64 {
    round[node] == current ? distance[node] : .max
  }

  /// The kinds of road on the path the last search found to `node` (of those as cheap, one
  /// with fewest where it saw them); meaningful where `distance(to:)` is not `.max`.
  @inline(__always)
  func pathMask(to node: Int) -> UInt8 { mask[node] }

  /// Dijkstra from `source` over `graph` without `skipping`, without the nodes whose
  /// `excluded` mark is `mark` and by arcs whose mask lies within `allowed` only (a witness
  /// must be usable wherever the path it stands for is), settling at most `limit` nodes
  /// and none costlier than `bound`, and stopping once every one of `targets` is settled.
  mutating func run(
    from source: Int, skipping: Int, targets: [Int32], allowed: UInt8,
    bound: UInt64, limit: Int, graph: ContractionGraph, excluded: [UInt32],
    mark: UInt32
  ) {
    current &+= 1
    if current == 0 {
      for i in round.indices {
        round[i] = 0
        target[i] = 0
      }
      current = 1
    }
    var left = 0
    for t in targets where target[Int(t)] != current && Int(t) != source {
      target[Int(t)] = current
      left += 1
    }
    heap.removeAll()
    distance[source] = 0
    mask[source] = 0
    round[source] = current
    heap.push(0, source)
    var settled = 0
    while left > 0, let (key, u) = heap.pop() {
      let d = UInt64(key)
      guard round[u] == current, d == distance[u] else { continue }
      if target[u] == current {
        target[u] = 0
        left -= 1
      }
      settled += 1
      if settled > limit || d > bound { break }
      graph.withOutArcs(u) { arcs in
        for arc in arcs
        where Int(arc.node) != skipping && excluded[Int(arc.node)] != mark
          && arc.mask & ~allowed == 0
        {
          let v = Int(arc.node)
          let c = d + UInt64(arc.weight)
          let m = mask[u] | arc.mask
          if round[v] != current || c < distance[v] {
            distance[v] = c
            mask[v] = m
            round[v] = current
            heap.push(Double(c), v)
          } else if c == distance[v] && m & ~mask[v] == 0 {
            mask[v] = m
          }
        }
      }
    }
    // Targets not settled keep their mark for this round only.
  }
}
