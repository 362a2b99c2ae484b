import Routing

extension RoadMap {
  /// Checks the whole file: the checksum, and that every offset, index and count in every
  /// record is consistent and in range. O(size of the file); opening checks only the header
  /// and the section table.
  ///
  /// - Throws: `RoutingError` naming the file and the first section found wrong.
  public func verify() throws(RoutingError) {
    func fail(_ section: String, _ message: String) -> RoutingError {
      RoutingError(.malformed, message, file: name, section: section)
    }
    let stored = Self.load(base, 16, UInt32.self)
    let checked = UnsafeRawBufferPointer(
      start: base + MapFileLayout.headerSize, count: fileSize - MapFileLayout.headerSize)
    let actual = CRC32.checksum(of: checked)
    guard stored == actual else {
      throw fail(
        "header",
        "checksum mismatch (stored \(String(stored, radix: 16)), computed \(String(actual, radix: 16))): the file is damaged; import it again"
      )
    }
    switch hierarchy {
    case .failure(let problem)?: throw fail("CHMT", problem.description)
    case .success(let h)? where !h.verify():
      throw fail("CHAR", "the routing hierarchy's checksum does not match: import the map again")
    default: break
    }
    for i in 0..<nodeCount {
      let lat = field(nodes, i, 0, Int32.self)
      let lon = field(nodes, i, 4, Int32.self)
      guard abs(Int(lat)) <= 900_000_000, abs(Int(lon)) <= 1_800_000_000 else {
        throw fail("NODE", "node \(i) at \(lat), \(lon) is outside ±90°/±180°")
      }
    }
    try verifyOffsets(outgoingIndex, "OUTX", total: edgeCount)
    try verifyOffsets(incomingIndex, "INCX", total: incomingEdges.count)
    try verifyOffsets(stringIndex, "STRX", total: stringData.count)
    try verifyOffsets(gridIndex, "GRDX", total: gridEdges.count)
    for node in 0..<nodeCount {
      for id in outgoing(from: node) {
        guard Int(field(edges, id, 8, UInt32.self)) == node else {
          throw fail("EDGE", "edge \(id) is listed as leaving node \(node) but starts elsewhere")
        }
      }
      for id in incoming(to: node) {
        guard Int(field(edges, id, 12, UInt32.self)) == node else {
          throw fail("INCE", "edge \(id) is listed as entering node \(node) but ends elsewhere")
        }
      }
    }
    guard incomingEdges.count == edgeCount else {
      throw fail("INCE", "\(incomingEdges.count) entries for \(edgeCount) edges")
    }
    let strings = stringIndex.count - 1
    func validString(_ index: UInt32, optional: Bool) -> Bool {
      (optional && index == MapFileLayout.noString) || Int(index) < strings
    }
    for id in 0..<edgeCount {
      guard Int(field(edges, id, 12, UInt32.self)) < nodeCount else {
        throw fail("EDGE", "edge \(id) ends at a node that does not exist")
      }
      let start = Int(field(edges, id, 20, UInt32.self))
      let count = Int(field(edges, id, 24, UInt32.self))
      guard start <= geometryPoints.count, count <= geometryPoints.count - start else {
        throw fail("EDGE", "edge \(id) geometry \(start)+\(count) is outside GEOM")
      }
      guard validString(field(edges, id, 28, UInt32.self), optional: false),
        validString(field(edges, id, 32, UInt32.self), optional: true),
        validString(field(edges, id, 36, UInt32.self), optional: true)
      else { throw fail("EDGE", "edge \(id) refers to a string that does not exist") }
      guard RoadClass(rawValue: Int(field(edges, id, 42, UInt8.self))) != nil else {
        throw fail("EDGE", "edge \(id) has an unknown road class")
      }
    }
    var previousVia = -1
    for i in 0..<restrictionRecords.count {
      let via = Int(field(restrictionRecords, i, 4, UInt32.self))
      guard via >= previousVia, via < nodeCount,
        Int(field(restrictionRecords, i, 0, UInt32.self)) < edgeCount,
        Int(field(restrictionRecords, i, 8, UInt32.self)) < edgeCount
      else { throw fail("RSTR", "restriction \(i) is out of order or out of range") }
      previousVia = via
    }
    for i in 0..<placeRecords.count {
      guard validString(field(placeRecords, i, 8, UInt32.self), optional: false),
        validString(field(placeRecords, i, 12, UInt32.self), optional: true)
      else { throw fail("PLAC", "place \(i) refers to a string that does not exist") }
    }
    var previousSign = -1
    for i in 0..<signpostRecords.count {
      let edge = Int(field(signpostRecords, i, 0, UInt32.self))
      guard edge > previousSign, edge < edgeCount else {
        throw fail("SIGN", "signpost \(i) is out of order or not on an edge")
      }
      guard
        [4, 8, 12].allSatisfy({
          validString(field(signpostRecords, i, $0, UInt32.self), optional: true)
        })
      else { throw fail("SIGN", "signpost \(i) refers to a string that does not exist") }
      previousSign = edge
    }
    for i in 0..<gridEdges.count where Int(field(gridEdges, i, 0, UInt32.self)) >= edgeCount {
      throw fail("GRDE", "entry \(i) is not an edge")
    }
    try verifyWholeMap()
    try verifyAddresses()
    try verifyRoutingTable()
  }

  /// Offsets must start at 0, never decrease and end at `total`.
  func verifyOffsets(_ section: Section, _ tag: String, total: Int) throws(RoutingError) {
    var previous: UInt32 = 0
    for i in 0..<section.count {
      let value = field(section, i, 0, UInt32.self)
      guard value >= previous, Int(value) <= total else {
        throw RoutingError(
          .malformed, "offset \(i) (\(value)) decreases or exceeds \(total)", file: name,
          section: tag)
      }
      previous = value
    }
  }
}
