import Foundation
import Geo

/// The road graph boiled down to the numbers the search reads, read in place from
/// `RoutingTableRecords` (a map file's mapped sections, or records built in memory): no
/// strings, no geometry and no allocation in the search loop, and nothing to build when a
/// map opens.
///
/// Every id read from the records is clamped into range, so a damaged map gives wrong
/// routes (which `RoadMap.verify()` reports) but never a read outside the records.
package struct RoutingTable: @unchecked Sendable {
  // @unchecked: the pointers are into memory `owner` keeps alive and nobody writes.
  let edgeCount: Int
  let nodeCount: Int
  /// The most metres per second of cost on the map (the fastest of its speeds and its
  /// routing speeds), for the A* bound.
  let maximumSpeed: Double
  let edges: UnsafeRawPointer
  let nodes: UnsafeRawPointer
  let restrictionRecords: UnsafeRawPointer
  let restrictionCount: Int
  /// `RTCL`, one byte per edge; nil in a map written before it (no edge to avoid).
  let classRecords: UnsafeRawPointer?
  private let owner: AnyObject

  private typealias Records = RoutingTableRecords

  /// The table over records at `edges`, `nodes`, `restrictions` and `classes`, kept alive
  /// by `owner`.
  package init(
    edgeCount: Int, nodeCount: Int, restrictionCount: Int, maximumSpeed: Double,
    edges: UnsafeRawPointer, nodes: UnsafeRawPointer, restrictions: UnsafeRawPointer,
    classes: UnsafeRawPointer?, owner: AnyObject
  ) {
    self.classRecords = classes
    self.edgeCount = edgeCount
    self.nodeCount = nodeCount
    self.restrictionCount = restrictionCount
    self.maximumSpeed = maximumSpeed.isFinite && maximumSpeed >= 1 ? maximumSpeed : 1
    self.edges = edges
    self.nodes = nodes
    self.restrictionRecords = restrictions
    self.owner = owner
  }

  /// The table of records held in memory (copied once).
  init(_ records: RoutingTableRecords) {
    let parts = [records.edges, records.nodes, records.restrictions, records.classes]
    // Each part at an 8-byte aligned offset of one buffer.
    var offsets: [Int] = []
    var size = 0
    for part in parts {
      size += (8 - size % 8) % 8
      offsets.append(size)
      size += part.count
    }
    let storage = MappedBytes(size: size) { target in
      target.initializeMemory(as: UInt8.self, repeating: 0)
      for (part, offset) in zip(parts, offsets) {
        UnsafeMutableRawBufferPointer(rebasing: target[offset..<offset + part.count])
          .copyBytes(from: part)
      }
    }
    let base = storage.bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!
    self.init(
      edgeCount: records.edgeCount, nodeCount: records.nodeCount,
      restrictionCount: records.restrictionCount, maximumSpeed: records.maximumSpeed,
      edges: base + offsets[0], nodes: base + offsets[1], restrictions: base + offsets[2],
      classes: base + offsets[3], owner: storage)
  }

  /// The table of `graph`, built (O(edges)).
  package init(_ graph: some RoadGraph) { self.init(RoutingTableRecords(graph)) }

  @inline(__always)
  private func edgeField<T: FixedWidthInteger>(_ e: Int, _ offset: Int, _: T.Type) -> T {
    T(
      littleEndian: edges.loadUnaligned(
        fromByteOffset: e * Records.edgeRecordSize + offset, as: T.self))
  }

  @inline(__always)
  private func nodeField<T: FixedWidthInteger>(_ n: Int, _ offset: Int, _: T.Type) -> T {
    T(
      littleEndian: nodes.loadUnaligned(
        fromByteOffset: n * Records.nodeRecordSize + offset, as: T.self))
  }

  /// The node edge `e` ends at.
  @inline(__always)
  func to(_ e: Int) -> Int { min(Int(edgeField(e, 0, UInt32.self)), nodeCount - 1) }

  /// The edge back along the same way between the same nodes, or -1.
  @inline(__always)
  func twin(_ e: Int) -> Int {
    let raw = edgeField(e, 4, UInt32.self)
    return raw == UInt32.max ? -1 : min(Int(raw), edgeCount - 1)
  }

  /// Direction leaving the edge's start and arriving at its end (`EdgeGeometry`).
  @inline(__always)
  func bearingOut(_ e: Int) -> Float { Float(bitPattern: edgeField(e, 8, UInt32.self)) }
  @inline(__always)
  func bearingIn(_ e: Int) -> Float { Float(bitPattern: edgeField(e, 12, UInt32.self)) }

  @inline(__always)
  private func flags(_ e: Int) -> UInt8 { edgeField(e, 16, UInt8.self) }

  /// `RoadEdge.isDestinationOnly` of edge `e`.
  @inline(__always)
  func destinationOnly(_ e: Int) -> Bool { flags(e) & Records.Flag.destinationOnly != 0 }

  /// How many roads meet at the end of edge `e` (each edge leaving the node, each arriving
  /// with no way back); 0 when the table does not say (an older map's).
  @inline(__always)
  func roadsAtEnd(_ e: Int) -> Int { Int(edgeField(e, 17, UInt8.self)) }

  /// `RoadEdge.isRoundabout` of edge `e`.
  @inline(__always)
  func roundabout(_ e: Int) -> Bool { flags(e) & Records.Flag.roundabout != 0 }

  /// `RoadEdge.avoidable` of edge `e`, as its raw bits.
  @inline(__always)
  package func classes(_ e: Int) -> UInt8 {
    classRecords?.load(fromByteOffset: e, as: UInt8.self) ?? 0
  }

  /// Whether the table says which edges belong to which kinds of road to avoid.
  package var knowsClasses: Bool { classRecords != nil }

  /// `RoadEdge.isUnderWorks` of edge `e`.
  @inline(__always)
  func underWorks(_ e: Int) -> Bool { flags(e) & Records.Flag.underWorks != 0 }

  /// Seconds route choice adds for driving on through the end of edge `e`
  /// (`RoadEdge.endDelay`).
  @inline(__always)
  func endDelay(_ e: Int) -> Double { Double(edgeField(e, 18, UInt16.self)) / 10 }

  /// What moving from edge `e` onto edge `f` adds to the search beyond the turn: the delay
  /// at the node between them, and the entry costs of a destination-only road and of one
  /// under works, each from one that is not.
  @inline(__always)
  func entryCost(from e: Int, to f: Int, options: RouterOptions) -> Double {
    let from = flags(e)
    let to = flags(f)
    var cost = endDelay(e)
    let destination = Records.Flag.destinationOnly
    if to & destination != 0 && from & destination == 0 {
      cost += options.destinationOnlyEntryCost
    }
    let works = Records.Flag.underWorks
    if to & works != 0 && from & works == 0 { cost += options.worksEntryCost }
    return cost
  }

  /// Whether edge `e` joins two nodes of the graph's largest strongly connected component:
  /// from its end a car can reach, and come back from, most of the map. Edges off it lead
  /// into or come out of a pocket (a car park's island, a oneway stub cut off at the edge of
  /// the extract); ignores turn restrictions.
  @inline(__always)
  func onMainComponent(_ e: Int) -> Bool { flags(e) & Records.Flag.onMainComponent != 0 }

  /// Seconds at free-flow speed; never negative or NaN (a damaged record reads as 0), so a
  /// search cannot go round a cycle of falling costs.
  @inline(__always)
  func duration(_ e: Int) -> Double {
    let d = Double(bitPattern: edgeField(e, 24, UInt64.self))
    return d >= 0 ? d : 0
  }

  /// What driving edge `e` costs the search, in seconds of route choice
  /// (`RoadEdge.weight`): never negative or NaN. A table that stores none (an older map's)
  /// reads its duration, the cost the map's hierarchy was built with.
  @inline(__always)
  func cost(_ e: Int) -> Double {
    let w = Double(Float32(bitPattern: edgeField(e, 20, UInt32.self)))
    return w > 0 ? w : duration(e)
  }

  /// Metres; never negative or NaN.
  @inline(__always)
  func length(_ e: Int) -> Double {
    let d = Double(bitPattern: edgeField(e, 32, UInt64.self))
    return d >= 0 ? d : 0
  }

  /// The edges leaving `node`.
  @inline(__always)
  func outgoing(from node: Int) -> Range<Int> {
    let end = min(Int(nodeField(node, 28, UInt32.self)), edgeCount)
    return min(Int(nodeField(node, 24, UInt32.self)), end)..<end
  }

  /// A lower bound of the seconds from `node` to the point `target` (a unit vector).
  @inline(__always)
  func bound(from node: Int, to target: SIMD3<Double>) -> Double {
    let unit = SIMD3(
      Double(bitPattern: nodeField(node, 0, UInt64.self)),
      Double(bitPattern: nodeField(node, 8, UInt64.self)),
      Double(bitPattern: nodeField(node, 16, UInt64.self)))
    let d = unit - target
    return (d * d).sum().squareRoot() * Earth.radius / maximumSpeed
  }

  /// Signed turn in degrees from arriving on `a` to leaving on `b`; positive is right.
  @inline(__always)
  func angle(from a: Int, to b: Int) -> Double {
    Angle.difference(from: Double(bearingIn(a)), to: Double(bearingOut(b)))
  }

  @inline(__always)
  private func restrictionField(_ i: Int, _ offset: Int) -> UInt32 {
    UInt32(
      littleEndian: restrictionRecords.loadUnaligned(
        fromByteOffset: i * Records.restrictionRecordSize + offset, as: UInt32.self))
  }

  /// Whether restrictions allow the move from edge `a` onto edge `b` at their shared node:
  /// no "no" restriction forbids it, and the last "only" restriction from `a` there, if
  /// any, names `b`.
  func allows(from a: Int, to b: Int) -> Bool {
    guard flags(a) & Records.Flag.restricted != 0 else { return true }
    var lo = 0
    var hi = restrictionCount
    while lo < hi {
      let mid = (lo + hi) / 2
      if Int(restrictionField(mid, 0)) < a { lo = mid + 1 } else { hi = mid }
    }
    let via = UInt32(to(a))
    var only: UInt32?
    while lo < restrictionCount, Int(restrictionField(lo, 0)) == a {
      if restrictionField(lo, 4) == via {
        let target = restrictionField(lo, 8)
        let kind = restrictionRecords.load(
          fromByteOffset: lo * Records.restrictionRecordSize + 12, as: UInt8.self)
        if kind == 1 {
          only = target
        } else if Int(target) == b {
          return false
        }
      }
      lo += 1
    }
    return only.map { Int($0) == b } ?? true
  }
}
