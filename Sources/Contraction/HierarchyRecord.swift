import Routing

/// The arcs each node had when it was contracted — its upward arcs (to nodes contracted
/// later) and its downward arcs (from them) — logged in contraction order (`ArcLog`: a
/// scratch file when there is a folder for one) until they become the file's tables.
struct HierarchyRecord {
  private let log: ArcLog
  /// Per node: where its upward arcs start in the log (its downward arcs follow them), and
  /// how many of each there are.
  private var start: [UInt32]
  private var upCount: [UInt32]
  private var downCount: [UInt32]

  init(nodes: Int, folder: String?) {
    log = ArcLog(folder: folder)
    start = [UInt32](repeating: 0, count: nodes)
    upCount = start
    downCount = start
  }

  /// Notes `v`'s arcs as it is contracted; once per node.
  ///
  /// - Throws: `RoutingError` when the log's scratch file cannot be written, or the
  ///   hierarchy has more arcs than its tables can number.
  mutating func add(
    _ v: Int, up: UnsafeBufferPointer<ContractionGraph.Arc>,
    down: UnsafeBufferPointer<ContractionGraph.Arc>
  ) throws(RoutingError) {
    guard log.count + up.count + down.count < Int(UInt32.max) else {
      throw RoutingError(.malformed, "more than \(UInt32.max) arcs in the routing hierarchy")
    }
    start[v] = UInt32(log.count)
    upCount[v] = UInt32(up.count)
    downCount[v] = UInt32(down.count)
    try log.append(contentsOf: up)
    try log.append(contentsOf: down)
  }

  /// The recorded arcs as the file's tables, in node order: per node its upward arcs, then
  /// (in the second half) its downward arcs. The log is read back a pass per half, its
  /// pages let go as the pass goes on.
  consuming func tables(fingerprint: [Float]) throws(RoutingError) -> HierarchyTables {
    let nodes = start.count
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
    let logged = try log.finish()
    var arcs: [(node: UInt32, weight: UInt32, middle: UInt32)] = []
    arcs.reserveCapacity(Int(ups) + Int(downs))
    for upward in [true, false] {
      for v in 0..<nodes {
        let first = Int(start[v]) + (upward ? 0 : Int(upCount[v]))
        for a in logged[first..<first + Int(upward ? upCount[v] : downCount[v])] {
          arcs.append(
            (
              UInt32(a.node) | UInt32(a.mask) << HierarchyTables.maskShift, a.weight,
              a.middle < 0 ? HierarchyTables.noMiddle : UInt32(a.middle)
            ))
        }
        if v % (1 << 18) == 0 { log.evict() }
      }
      log.evict()
    }
    return HierarchyTables(
      fingerprint: fingerprint, index: index, arcs: arcs, upwardCount: Int(ups))
  }
}
