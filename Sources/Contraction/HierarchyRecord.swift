import Routing

/// The arcs each node had when it was contracted — its upward arcs (to nodes contracted
/// later) and its downward arcs (from them) — kept flat in contraction order until they
/// become the file's tables (in `ArcArena`s, which grow without a second copy).
struct HierarchyRecord {
  private var upArcs = ArcArena(capacity: 0)
  private var downArcs = ArcArena(capacity: 0)
  /// Per node: where its upward and downward arcs start in `upArcs` and `downArcs`.
  private var upStart: [UInt32]
  private var downStart: [UInt32]
  private var upCount: [UInt32]
  private var downCount: [UInt32]

  init(nodes: Int) {
    upStart = [UInt32](repeating: 0, count: nodes)
    downStart = upStart
    upCount = upStart
    downCount = upStart
  }

  /// Notes `v`'s arcs as it is contracted; once per node.
  mutating func add(
    _ v: Int, up: UnsafeBufferPointer<ContractionGraph.Arc>,
    down: UnsafeBufferPointer<ContractionGraph.Arc>
  ) {
    upStart[v] = UInt32(upArcs.count)
    upCount[v] = UInt32(up.count)
    upArcs.append(contentsOf: up)
    downStart[v] = UInt32(downArcs.count)
    downCount[v] = UInt32(down.count)
    downArcs.append(contentsOf: down)
  }

  /// The recorded arcs as the file's tables, in node order: per node its upward arcs, then
  /// (in the second half) its downward arcs. Each half is let go once copied.
  consuming func tables(fingerprint: [Float]) -> HierarchyTables {
    let nodes = upStart.count
    var index: [(up: UInt32, down: UInt32)] = []
    index.reserveCapacity(nodes + 1)
    var ups: UInt32 = 0
    var downs: UInt32 = 0
    for v in 0..<nodes {
      index.append((ups, downs))
      ups += upCount[v]
      downs += downCount[v]
    }
    index.append((ups, downs))
    var arcs: [(node: UInt32, weight: UInt32, middle: UInt32)] = []
    arcs.reserveCapacity(Int(ups) + Int(downs))
    @inline(__always)
    func row(_ a: ContractionGraph.Arc) -> (node: UInt32, weight: UInt32, middle: UInt32) {
      (UInt32(a.node), a.weight, a.middle < 0 ? HierarchyTables.noMiddle : UInt32(a.middle))
    }
    let up = upArcs.base
    for v in 0..<nodes {
      let start = Int(upStart[v])
      for i in start..<start + Int(upCount[v]) { arcs.append(row(up[i])) }
    }
    upArcs = ArcArena(capacity: 0)
    upStart = []
    upCount = []
    let down = downArcs.base
    for v in 0..<nodes {
      let start = Int(downStart[v])
      for i in start..<start + Int(downCount[v]) { arcs.append(row(down[i])) }
    }
    downArcs = ArcArena(capacity: 0)
    return HierarchyTables(
      fingerprint: fingerprint, index: index, arcs: arcs, upwardCount: Int(ups))
  }
}
