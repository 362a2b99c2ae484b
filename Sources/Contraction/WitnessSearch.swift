/// The bounded Dijkstra search a contraction runs from each neighbour of the node it
/// removes: is there a path as cheap as the two arcs through the node without it?
///
/// Distances live in arrays of the node count, reset by a round number rather than
/// cleared, so a search costs what it visits.
struct WitnessSearch {
  private var distance: [UInt64]
  private var round: [UInt32]
  /// The round in which a node is a target still to settle.
  private var target: [UInt32]
  private var current: UInt32 = 0
  private var heap = IntegerHeap()

  init(nodes: Int) {
    distance = [UInt64](repeating: .max, count: nodes)
    round = [UInt32](repeating: 0, count: nodes)
    target = [UInt32](repeating: 0, count: nodes)
  }

  /// The distance found to `node` in the last search; `.max` when not reached.
  @inline(__always)
  func distance(to node: Int) -> UInt64 {
    round[node] == current ? distance[node] : .max
  }

  /// Dijkstra from `source` over `graph` without `skipping`, settling at most `limit`
  /// nodes and none costlier than `bound`, and stopping once every one of `targets` is
  /// settled.
  mutating func run(
    from source: Int, skipping: Int, targets: [ContractionGraph.Arc], bound: UInt64,
    limit: Int, graph: ContractionGraph
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
    for t in targets where target[Int(t.node)] != current && Int(t.node) != source {
      target[Int(t.node)] = current
      left += 1
    }
    heap.removeAll()
    distance[source] = 0
    round[source] = current
    heap.push(0, source)
    var settled = 0
    while left > 0, let (d, u) = heap.pop() {
      guard round[u] == current, d == distance[u] else { continue }
      if target[u] == current {
        target[u] = 0
        left -= 1
      }
      settled += 1
      if settled > limit || d > bound { break }
      graph.out[u].withUnsafeBufferPointer { arcs in
        for arc in arcs where Int(arc.node) != skipping {
          let v = Int(arc.node)
          let c = d + UInt64(arc.weight)
          if round[v] != current || c < distance[v] {
            distance[v] = c
            round[v] = current
            heap.push(c, v)
          }
        }
      }
    }
    // Targets not settled keep their mark for this round only.
  }
}

/// A binary min-heap of (key, node) with lazy deletion.
struct IntegerHeap {
  private var keys: [UInt64] = []
  private var nodes: [Int32] = []

  var isEmpty: Bool { keys.isEmpty }
  var count: Int { keys.count }
  var minimum: UInt64? { keys.first }

  mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    nodes.removeAll(keepingCapacity: true)
  }

  mutating func push(_ key: UInt64, _ node: Int) {
    keys.append(key)
    nodes.append(Int32(node))
    var i = keys.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard keys[parent] > key else { break }
      keys[i] = keys[parent]
      nodes[i] = nodes[parent]
      i = parent
    }
    keys[i] = key
    nodes[i] = Int32(node)
  }

  mutating func pop() -> (key: UInt64, node: Int)? {
    guard let topKey = keys.first else { return nil }
    let topNode = Int(nodes[0])
    let lastKey = keys.removeLast()
    let lastNode = nodes.removeLast()
    if !keys.isEmpty {
      var i = 0
      let count = keys.count
      while true {
        let left = 2 * i + 1
        guard left < count else { break }
        let right = left + 1
        let child = right < count && keys[right] < keys[left] ? right : left
        guard keys[child] < lastKey else { break }
        keys[i] = keys[child]
        nodes[i] = nodes[child]
        i = child
      }
      keys[i] = lastKey
      nodes[i] = lastNode
    }
    return (topKey, topNode)
  }
}
