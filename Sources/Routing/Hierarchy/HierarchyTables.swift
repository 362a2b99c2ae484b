/// A routing hierarchy as the map file stores it (`CHMT`, `CHNX`, `CHAR`), built at import
/// by `Contraction` and read by `RouteHierarchy`.
///
/// The hierarchy's nodes are the road graph's edges (a state "at the end of edge e", as the
/// router's search has it) and its arcs the router's moves (turn cost, destination-only
/// entry and the next edge's time), contracted in an order: every arc leads from a node to
/// one contracted later. `CHNX` has one record per node and one more: the first of the
/// node's upward arcs (to later nodes) and the first of its downward arcs (arcs from later
/// nodes into it), each counted from the start of its half of `CHAR`; upward arcs fill the
/// first `upwardCount` records of `CHAR`. An arc is its other node, its weight in
/// `weightUnit` seconds, and the node it skips (a shortcut) or `UInt32.max`. Since layout
/// 2 the other node is the low 28 bits of its field and the high 4 the arc's mask: the
/// kinds of road to avoid (`AvoidableRoads`) on the path it stands for, its first node not
/// counted. A shortcut is kept wherever a witness path exists only through more kinds than
/// it has, so a search that skips the arcs of the kinds avoided finds the cheapest route
/// without them (flag-constrained contraction, as Geisberger's edge restrictions do it).
package struct HierarchyTables: Equatable, Sendable {
  /// The `CHMT` record's layout version.
  package static let layoutVersion: UInt32 = 2
  /// Where an arc's mask starts in its node field (layout 2).
  package static let maskShift: UInt32 = 28
  /// Seconds per weight unit: 0.1 ms.
  package static let weightUnit = 1e-4
  /// The largest weight (119 hours): a dearer shortcut is stored with it.
  package static let largestWeight = UInt32.max - 1
  /// No node skipped: the arc is a move of the road graph.
  package static let noMiddle = UInt32.max

  /// The costs the weights were made with (`RouterOptions.hierarchyFingerprint`).
  package var fingerprint: [Float]
  /// Per node and one more: (first upward arc, first downward arc).
  package var index: [(up: UInt32, down: UInt32)]
  /// Upward arcs, then downward arcs: (node and mask, weight, middle).
  package var arcs: [(node: UInt32, weight: UInt32, middle: UInt32)]
  package var upwardCount: Int

  package init(
    fingerprint: [Float], index: [(up: UInt32, down: UInt32)],
    arcs: [(node: UInt32, weight: UInt32, middle: UInt32)], upwardCount: Int
  ) {
    self.fingerprint = fingerprint
    self.index = index
    self.arcs = arcs
    self.upwardCount = upwardCount
  }

  /// The `CHMT` record: layout version, node count, upward and all arcs, the checksum of
  /// `CHNX` and `CHAR` as written, then the fingerprint (at most 10 values).
  package func meta(checksum: UInt32) -> ByteBuffer {
    var b = ByteBuffer()
    b.uint32(Self.layoutVersion)
    b.uint32(UInt32(index.count - 1))
    b.uint32(UInt32(upwardCount))
    b.uint32(UInt32(arcs.count))
    b.uint32(checksum)
    b.uint32(UInt32(fingerprint.count))
    for i in 0..<10 { b.uint32(i < fingerprint.count ? fingerprint[i].bitPattern : 0) }
    b.bytes.append(contentsOf: [UInt8](repeating: 0, count: 64 - b.bytes.count))
    return b
  }

  package static func == (a: HierarchyTables, b: HierarchyTables) -> Bool {
    a.fingerprint == b.fingerprint && a.upwardCount == b.upwardCount
      && a.index.elementsEqual(b.index, by: ==) && a.arcs.elementsEqual(b.arcs, by: ==)
  }
}

extension RouterOptions {
  /// The costs a hierarchy's weights depend on: a hierarchy built with other costs is not
  /// used.
  package var hierarchyFingerprint: [Float] {
    [
      Float(turnPenalty), Float(turnBias), Float(oncomingTurnPenalty), Float(uTurnCost),
      Float(destinationOnlyEntryCost), Float(worksEntryCost), drivingSide == .right ? 1 : 2,
      // The turn model: 2 is the logistic curve (1, implied before it, the bands).
      2,
    ]
  }
}
