import Routing

extension RoadMap: PrecomputedRouting {
  /// The stored routing table (`RTMT`, `RTED`, `RTND`, `RTRS`, `RTCL`) when it fits the map, else
  /// nil: a router over this map then builds its table.
  package var routingTable: RoutingTable? { try? routing?.get() }

  /// Whether the map stores its routing table, so a router over it builds nothing.
  public var hasRoutingTable: Bool { routingTable != nil }

  /// The routing table's sections read in place: nil when the map has none, the problem
  /// when their counts do not fit the map. O(1).
  static func routingTable(
    in found: [MapFileLayout.Section: Section], base: UnsafeRawPointer, owner: AnyObject,
    edgeCount: Int, nodeCount: Int
  ) -> Result<RoutingTable, RoutingError>? {
    guard let meta = found[.routingMeta] else { return nil }
    func fail(_ tag: String, _ message: String) -> Result<RoutingTable, RoutingError> {
      .failure(RoutingError(.malformed, message + "; import the map again", section: tag))
    }
    guard meta.count == 1, load(base, meta.offset, UInt32.self) == RoutingTableRecords.layoutVersion
    else { return fail("RTMT", "not a routing table this program reads") }
    let counts = (
      edges: Int(load(base, meta.offset + 4, UInt32.self)),
      nodes: Int(load(base, meta.offset + 8, UInt32.self)),
      restrictions: Int(load(base, meta.offset + 12, UInt32.self))
    )
    guard counts.edges == edgeCount, counts.nodes == nodeCount else {
      return fail(
        "RTMT",
        "a routing table of \(counts.edges) edges and \(counts.nodes) nodes for a map of \(edgeCount) and \(nodeCount)"
      )
    }
    let parts: [(MapFileLayout.Section, Int)] = [
      (.routingEdges, edgeCount), (.routingNodes, nodeCount),
      (.routingRestrictions, counts.restrictions),
    ]
    for (kind, expected) in parts where found[kind]?.count != expected {
      return fail(kind.rawValue, "\(found[kind]?.count ?? 0) records, expected \(expected)")
    }
    if let classes = found[.routingClasses], classes.count != edgeCount {
      return fail("RTCL", "\(classes.count) records, expected \(edgeCount)")
    }
    let speed = Double(bitPattern: load(base, meta.offset + 16, UInt64.self))
    return .success(
      RoutingTable(
        edgeCount: edgeCount, nodeCount: nodeCount, restrictionCount: counts.restrictions,
        maximumSpeed: speed, edges: base + found[.routingEdges]!.offset,
        nodes: base + found[.routingNodes]!.offset,
        restrictions: base + found[.routingRestrictions]!.offset,
        classes: found[.routingClasses].map { base + $0.offset }, owner: owner))
  }

  /// Checks the stored routing table against one built from the map's own records: the same
  /// bytes, record for record. O(edges).
  func verifyRoutingTable() throws(RoutingError) {
    guard let routing else { return }
    let table: RoutingTable
    switch routing {
    case .failure(let error): throw error.inFile(name)
    case .success(let stored): table = stored
    }
    let built = RoutingTable(self)
    for e in 0..<edgeCount {
      guard table.sameEdge(e, as: built) else {
        throw RoutingError(
          .malformed, "edge \(e)'s record differs from the map's roads: import the map again",
          file: name, section: "RTED")
      }
    }
    for n in 0..<nodeCount where !table.sameNode(n, as: built) {
      throw RoutingError(
        .malformed, "node \(n)'s record differs from the map's roads: import the map again",
        file: name, section: "RTND")
    }
    guard table.sameRestrictions(as: built) else {
      throw RoutingError(
        .malformed, "the turn restrictions differ from the map's: import the map again",
        file: name, section: "RTRS")
    }
  }
}
