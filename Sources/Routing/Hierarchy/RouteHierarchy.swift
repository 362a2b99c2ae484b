import Synchronization

/// The routing hierarchy of a map file, read in place: a contraction hierarchy over the
/// router's own moves (see `HierarchyTables`), so a search from the start's edge and one
/// from the end's, each climbing to nodes contracted later, meet at the cheapest route's
/// last-contracted edge after visiting a few thousand edges of millions.
///
/// Exact: the cost found is the plain search's, to within the 0.1 ms each move's weight
/// is rounded to. Reads of a corrupt section stay in bounds (indices clamped, arcs to no
/// node skipped) and a search visits each edge at most once per direction, so a bad file
/// gives a wrong path, never a crash or an endless search; `Router` checks each path it
/// gets against the road graph and searches plainly when it does not hold.
///
/// Immutable and `Sendable`: the bytes are the map's read-only mapping, kept alive by
/// `owner`. A search allocates tables of the edges it visits only.
package struct RouteHierarchy: @unchecked Sendable {
  // @unchecked: `index` and `arcs` point into memory that `owner` keeps mapped, read-only.
  private let owner: AnyObject
  private let index: UnsafeRawPointer
  private let arcs: UnsafeRawPointer
  package let nodeCount: Int
  package let upwardCount: Int
  package let arcCount: Int
  /// Whether the arcs carry masks (layout 2): without them, no search avoids anything.
  package let hasMasks: Bool
  /// The bits of an arc's node field that are the node.
  private let nodeBits: Int
  /// `RouterOptions.hierarchyFingerprint` of the costs it was built with.
  package let fingerprint: [Float]
  /// The checksum `CHMT` records for `CHNX` and `CHAR`.
  let checksum: UInt32
  /// `verify()`'s answer once asked (`isIntact`), shared by the copies of this value.
  private let intact = IntactFlag()

  private final class IntactFlag: Sendable {
    let value = Mutex<Bool?>(nil)
  }

  /// Why a hierarchy section cannot be used.
  package struct Problem: Error, CustomStringConvertible {
    package var description: String
  }

  /// The hierarchy over `index` (`CHNX`, `nodeCount + 1` records) and `arcs` (`CHAR`),
  /// described by `meta` (`CHMT`). Checks in O(1) that the three agree with each other and
  /// with `edgeCount`; the checksum is `verify()`'s.
  package init(
    meta: UnsafeRawBufferPointer, index: UnsafeRawBufferPointer, arcs: UnsafeRawBufferPointer,
    edgeCount: Int, owner: AnyObject
  ) throws(Problem) {
    func field(_ b: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
      UInt32(littleEndian: b.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    guard meta.count >= 64, let indexBase = index.baseAddress, let arcBase = arcs.baseAddress
    else { throw Problem(description: "hierarchy sections missing or empty") }
    let layout = field(meta, 0)
    guard layout == 1 || layout == HierarchyTables.layoutVersion else {
      throw Problem(description: "hierarchy layout \(field(meta, 0)); import the map again")
    }
    let nodes = Int(field(meta, 4))
    let upward = Int(field(meta, 8))
    let total = Int(field(meta, 12))
    let values = min(Int(field(meta, 20)), 10)
    guard nodes == edgeCount, index.count == (nodes + 1) * 8, arcs.count == total * 12,
      upward <= total
    else {
      throw Problem(
        description:
          "hierarchy of \(nodes) edges and \(total) arcs does not fit a map of \(edgeCount) edges (\(index.count / 8) index records, \(arcs.count / 12) arcs)"
      )
    }
    guard field(index, 0) == 0, field(index, 4) == 0, Int(field(index, nodes * 8)) == upward,
      Int(field(index, nodes * 8 + 4)) == total - upward
    else { throw Problem(description: "hierarchy index does not span its arcs") }
    self.owner = owner
    self.index = indexBase
    self.arcs = arcBase
    nodeCount = nodes
    hasMasks = layout >= 2
    nodeBits = hasMasks ? (1 << Int(HierarchyTables.maskShift)) - 1 : Int(UInt32.max)
    upwardCount = upward
    arcCount = total
    checksum = field(meta, 16)
    fingerprint = (0..<values).map { Float(bitPattern: field(meta, 24 + 4 * $0)) }
  }

  /// Whether the sections' bytes still have the checksum they were written with. O(size
  /// of the sections).
  package func verify() -> Bool {
    CRC32.checksum(of: [
      UnsafeRawBufferPointer(start: index, count: (nodeCount + 1) * 8),
      UnsafeRawBufferPointer(start: arcs, count: arcCount * 12),
    ]) == checksum
  }

  /// `verify()`, worked out the first time it is asked (the router asks when a search
  /// finds no route: an intact hierarchy's "no route" is final, a damaged one's is not;
  /// a new router asks at once, off its thread). Blocking: a caller that asks while the
  /// pass is under way waits for its answer rather than making another.
  package var isIntact: Bool {
    intact.value.withLock { known in
      if let known { return known }
      let answer = verify()
      // The pass read every page of the sections; a search needs only a few of them.
      if let mapped = owner as? MappedBytes {
        mapped.evict(UnsafeRawBufferPointer(start: index, count: (nodeCount + 1) * 8))
        mapped.evict(UnsafeRawBufferPointer(start: arcs, count: arcCount * 12))
      }
      known = answer
      return answer
    }
  }

  @inline(__always)
  private func load(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
    Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }

  /// Node `u`'s arcs in `CHAR`: upward (to later nodes) or downward (from later nodes),
  /// clamped to their half.
  @inline(__always)
  func arcs(of u: Int, upward: Bool) -> Range<Int> {
    let field = upward ? 0 : 4
    let base = upward ? 0 : upwardCount
    let limit = upward ? upwardCount : arcCount
    let start = min(base + load(index, u * 8 + field), limit)
    let end = min(base + load(index, (u + 1) * 8 + field), limit)
    return start..<max(start, end)
  }

  /// Arc `i`: its other node (nil when out of range), weight in seconds, skipped node.
  @inline(__always)
  package func arc(_ i: Int) -> (node: Int?, weight: Double, middle: Int?) {
    let node = load(arcs, i * 12) & nodeBits
    let middle = load(arcs, i * 12 + 8)
    return (
      node < nodeCount ? node : nil, Double(load(arcs, i * 12 + 4)) * HierarchyTables.weightUnit,
      middle < nodeCount ? middle : nil
    )
  }

  /// Arc `i`'s mask: the kinds of road to avoid on its path (0 in layout 1).
  @inline(__always)
  func mask(_ i: Int) -> UInt8 {
    hasMasks ? UInt8(truncatingIfNeeded: load(arcs, i * 12) >> Int(HierarchyTables.maskShift)) : 0
  }
}
