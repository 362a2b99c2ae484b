/// The graph a contraction works on: the arcs among the nodes not yet contracted, both
/// ways, with the shortcuts added so far.
///
/// All arcs live in one flat arena (`ArcArena`); each node owns two blocks of it, its arcs
/// out and its arcs in, each with room to grow. A full block moves to a free block twice
/// its size (or the arena's end) and its old place goes on a free list by size, so an
/// inserted shortcut costs no allocation of its own and a contracted node's blocks are
/// used again. When the arena is over twice the blocks in use, `compact()` packs them
/// at its start and gives the rest back, so its memory follows the arcs left. Node ids,
/// weights and block positions are 32-bit.
///
/// Reading one from several threads at once is safe while none writes it; a copy shares
/// the arena, so only one copy is ever written.
struct ContractionGraph: @unchecked Sendable {
  // @unchecked: `base` points into `arena`, which is written only between the rounds
  // whose threads read it.
  struct Arc: Equatable, Sendable {
    var node: Int32
    var weight: UInt32
    /// The skipped node in the low 28 bits (all ones: none), the mask in the high 4.
    private var packed: UInt32

    /// The node a shortcut skips; -1 for a move of the road graph.
    var middle: Int32 {
      let raw = packed & Self.middleBits
      return raw == Self.middleBits ? -1 : Int32(raw)
    }

    /// The kinds of road to avoid (`AvoidableRoads` bits) on the arc's path, its start
    /// node not counted: a route avoiding any of them may not take it.
    var mask: UInt8 { UInt8(packed >> 28) }

    static let middleBits: UInt32 = 0x0FFF_FFFF

    init(node: Int32, weight: UInt32, middle: Int32, mask: UInt8 = 0) {
      self.node = node
      self.weight = weight
      packed = (middle < 0 ? Self.middleBits : UInt32(middle)) | UInt32(mask & 15) << 28
    }
  }

  /// Where a node's arcs one way are: `count` arcs from `start`, room for `capacity`.
  struct Block: Sendable {
    var start: UInt32
    var count: UInt32
    var capacity: UInt32
  }

  private let arena: ArcArena
  /// `arena.base`, kept here so reading an arc is a plain load (a class's stored property
  /// is checked for exclusive access on every use).
  private var base: UnsafeMutablePointer<Arc>
  /// The arcs the nodes' blocks have room for (what `compact()` keeps).
  private var inUse: Int
  private var outBlocks: [Block]
  private var inBlocks: [Block]
  /// Free block starts by size class k (room for at least 2^k arcs).
  private var free: [[UInt32]] = Array(repeating: [], count: 33)

  var nodeCount: Int { outBlocks.count }

  /// The graph of `nodes` nodes whose arcs out of node v are `arcs[first[v]..<first[v+1]]`
  /// (`first` has `nodes + 1` entries, without two arcs of one mask to one node, or
  /// loops); the arcs in are derived.
  init(nodes: Int, first: [UInt32], arcs: [Arc]) {
    var inDegree = [UInt32](repeating: 0, count: nodes)
    for arc in arcs { inDegree[Int(arc.node)] += 1 }
    var outBlocks: [Block] = []
    outBlocks.reserveCapacity(nodes)
    for v in 0..<nodes {
      let count = first[v + 1] - first[v]
      outBlocks.append(Block(start: first[v], count: count, capacity: count))
    }
    var inBlocks: [Block] = []
    inBlocks.reserveCapacity(nodes)
    var at = UInt32(arcs.count)
    for v in 0..<nodes {
      inBlocks.append(Block(start: at, count: 0, capacity: inDegree[v]))
      at += inDegree[v]
    }
    let arena = ArcArena(capacity: 2 * arcs.count + arcs.count / 2)
    arena.append(Arc(node: -1, weight: 0, middle: -1), count: Int(at))
    let base = arena.base
    for (i, arc) in arcs.enumerated() { base[i] = arc }
    for v in 0..<nodes {
      for i in Int(first[v])..<Int(first[v + 1]) {
        let arc = base[i]
        let u = Int(arc.node)
        base[Int(inBlocks[u].start + inBlocks[u].count)] = Arc(
          node: Int32(v), weight: arc.weight, middle: arc.middle, mask: arc.mask)
        inBlocks[u].count += 1
      }
    }
    self.arena = arena
    self.base = base
    inUse = Int(at)
    self.outBlocks = outBlocks
    self.inBlocks = inBlocks
  }

  /// The arcs out of `v`, valid until the graph is next changed.
  @inline(__always)
  func outArcs(_ v: Int) -> UnsafeBufferPointer<Arc> {
    let b = outBlocks[v]
    return UnsafeBufferPointer(start: base + Int(b.start), count: Int(b.count))
  }

  /// The arcs into `v` (`node` is then the arc's source), valid until the graph is next
  /// changed.
  @inline(__always)
  func inArcs(_ v: Int) -> UnsafeBufferPointer<Arc> {
    let b = inBlocks[v]
    return UnsafeBufferPointer(start: base + Int(b.start), count: Int(b.count))
  }

  /// Calls `body` with the arcs out of `v`, without a copy or a retain per arc.
  @inline(__always)
  func withOutArcs<R>(_ v: Int, _ body: (UnsafeBufferPointer<Arc>) -> R) -> R {
    body(outArcs(v))
  }

  func outDegree(_ v: Int) -> Int { Int(outBlocks[v].count) }
  func inDegree(_ v: Int) -> Int { Int(inBlocks[v].count) }

  /// Adds the arc `from` → `to` with `mask`, unless one there is as cheap and usable
  /// wherever it is (its mask within `mask`); arcs it makes needless (as dear or dearer,
  /// their mask holding all of `mask`) go. So between two nodes there is at most one arc
  /// per mask, and a dearer one only where it avoids more. Nothing for a loop.
  mutating func add(from: Int, to: Int, weight: UInt32, middle: Int32, mask: UInt8 = 0) {
    guard from != to else { return }
    let b = outBlocks[from]
    var same = -1
    for i in Int(b.start)..<Int(b.start + b.count) where Int(base[i].node) == to {
      let arc = base[i]
      if arc.weight <= weight && arc.mask & ~mask == 0 { return }
      if arc.mask == mask { same = i }
    }
    let arc = Arc(node: Int32(to), weight: weight, middle: middle, mask: mask)
    if same >= 0 {
      base[same] = arc
      let c = inBlocks[to]
      for j in Int(c.start)..<Int(c.start + c.count)
      where Int(base[j].node) == from && base[j].mask == mask {
        base[j] = Arc(node: Int32(from), weight: weight, middle: middle, mask: mask)
        break
      }
    } else {
      var out = outBlocks[from]
      append(arc, to: &out)
      outBlocks[from] = out
      var into = inBlocks[to]
      append(Arc(node: Int32(from), weight: weight, middle: middle, mask: mask), to: &into)
      inBlocks[to] = into
    }
    removeDominated(from: from, to: to, by: arc)
  }

  /// Removes the arcs `from` → `to` other than `arc` that it makes needless.
  private mutating func removeDominated(from: Int, to: Int, by arc: Arc) {
    func needless(_ other: Arc) -> Bool {
      other.mask != arc.mask && other.weight >= arc.weight && other.mask & arc.mask == arc.mask
    }
    var i = Int(outBlocks[from].start)
    while i < Int(outBlocks[from].start + outBlocks[from].count) {
      let other = base[i]
      guard Int(other.node) == to, needless(other) else {
        i += 1
        continue
      }
      let last = Int(outBlocks[from].start + outBlocks[from].count) - 1
      base[i] = base[last]
      outBlocks[from].count -= 1
      let c = inBlocks[to]
      for j in Int(c.start)..<Int(c.start + c.count)
      where Int(base[j].node) == from && base[j].mask == other.mask {
        base[j] = base[Int(c.start + c.count) - 1]
        inBlocks[to].count -= 1
        break
      }
    }
  }

  /// Takes `v` out: its arcs leave its neighbours' lists and its blocks are freed.
  mutating func remove(_ v: Int) {
    let out = outBlocks[v]
    for i in Int(out.start)..<Int(out.start + out.count) {
      let u = Int(base[i].node)
      inBlocks[u].count = removeArc(to: v, from: inBlocks[u])
    }
    let into = inBlocks[v]
    for i in Int(into.start)..<Int(into.start + into.count) {
      let u = Int(base[i].node)
      outBlocks[u].count = removeArc(to: v, from: outBlocks[u])
    }
    release(out)
    release(into)
    outBlocks[v] = Block(start: 0, count: 0, capacity: 0)
    inBlocks[v] = Block(start: 0, count: 0, capacity: 0)
  }

  /// Drops every arc and block; the graph keeps its node count, with no arcs.
  mutating func removeAll() {
    arena.truncate(to: 0)
    base = arena.base
    inUse = 0
    free = Array(repeating: [], count: 33)
    outBlocks = []
    inBlocks = []
  }

  /// Packs the nodes' blocks at the arena's start, in the order they lie, and gives back
  /// the memory after them, when the arena is over twice what the blocks need (otherwise
  /// nothing). Every node keeps its arcs in their order and its blocks their room.
  mutating func compact() {
    guard arena.count > 2 * inUse + 4096 else { return }
    // Block start, node and side (out 0, in 1) in one word, so a sort orders them by start.
    var blocks: [UInt64] = []
    for v in 0..<nodeCount {
      if outBlocks[v].capacity > 0 {
        blocks.append(UInt64(outBlocks[v].start) << 32 | UInt64(v) << 1)
      }
      if inBlocks[v].capacity > 0 {
        blocks.append(UInt64(inBlocks[v].start) << 32 | UInt64(v) << 1 | 1)
      }
    }
    blocks.sort()
    var at = 0
    for word in blocks {
      let v = Int(word & 0xFFFF_FFFF) >> 1
      var b = word & 1 == 0 ? outBlocks[v] : inBlocks[v]
      for i in 0..<Int(b.count) { base[at + i] = base[Int(b.start) + i] }
      b.start = UInt32(at)
      at += Int(b.capacity)
      if word & 1 == 0 { outBlocks[v] = b } else { inBlocks[v] = b }
    }
    arena.truncate(to: at)
    base = arena.base
    inUse = at
    free = Array(repeating: [], count: 33)
  }

  /// Removes the arcs whose node is `v` from `block`, moving the last arcs into their
  /// places; returns the block's new count.
  private mutating func removeArc(to v: Int, from block: Block) -> UInt32 {
    let start = Int(block.start)
    var end = start + Int(block.count)
    var i = start
    while i < end {
      if Int(base[i].node) == v {
        end -= 1
        base[i] = base[end]
      } else {
        i += 1
      }
    }
    return UInt32(end - start)
  }

  private mutating func append(_ arc: Arc, to block: inout Block) {
    if block.count == block.capacity {
      let wanted = max(2, 2 * block.capacity)
      let moved = allocate(atLeast: wanted)
      for i in 0..<Int(block.count) {
        base[Int(moved.start) + i] = base[Int(block.start) + i]
      }
      release(block)
      block = Block(start: moved.start, count: block.count, capacity: moved.capacity)
    }
    base[Int(block.start + block.count)] = arc
    block.count += 1
  }

  /// A free block with room for at least `wanted` arcs (rounded up to a power of two).
  private mutating func allocate(atLeast wanted: UInt32) -> Block {
    let k = Self.sizeClass(roundingUp: wanted)
    let capacity = UInt32(1) << UInt32(k)
    inUse += Int(capacity)
    if let start = free[k].popLast() {
      return Block(start: start, count: 0, capacity: capacity)
    }
    let start = UInt32(arena.count)
    arena.append(Arc(node: -1, weight: 0, middle: -1), count: Int(capacity))
    base = arena.base
    return Block(start: start, count: 0, capacity: capacity)
  }

  private mutating func release(_ block: Block) {
    inUse -= Int(block.capacity)
    guard block.capacity >= 2 else { return }
    free[Self.sizeClass(roundingDown: block.capacity)].append(block.start)
  }

  private static func sizeClass(roundingUp n: UInt32) -> Int {
    n <= 1 ? 0 : 32 - (n - 1).leadingZeroBitCount
  }

  private static func sizeClass(roundingDown n: UInt32) -> Int {
    31 - n.leadingZeroBitCount
  }
}
