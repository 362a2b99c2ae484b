import Foundation
import Routing

/// Lays out a `MapContent` as a map file (see `MapFileLayout`): derives the CSR and
/// incoming indices and the spatial grid, and writes every section little-endian.
///
/// The output depends only on the content: the same content gives the same bytes.
package struct MapFileWriter {
  package let content: MapContent

  package init(content: MapContent) {
    self.content = content
  }

  /// The map file, in one buffer (its only copy: the sections are laid out, then copied
  /// into it at their offsets).
  package func data() -> Data {
    var sections = self.sections(lazily: false)
    var file = Data(count: Self.size(of: sections))
    file.withUnsafeMutableBytes { Self.fill($0, with: &sections) }
    return file
  }

  /// The map file opened as a `RoadMap`, laid out in memory of its own (the one copy of
  /// its bytes, as `data()` makes but without a copy into the map).
  package func map(name: String) throws(RoutingError) -> RoadMap {
    var sections = self.sections(lazily: false)
    let size = Self.size(of: sections)
    let storage = MappedBytes(size: size) { Self.fill($0, with: &sections) }
    return try RoadMap(storage: storage, name: name)
  }

  /// Emits `sections` into `target`, which is exactly the file's size.
  private static func fill(_ target: UnsafeMutableRawBufferPointer, with sections: inout [LaidOut])
  {
    var offset = 0
    emit(&sections) { (part: UnsafeRawBufferPointer) throws(Never) in
      guard let source = part.baseAddress, !part.isEmpty else { return }
      target.baseAddress!.advanced(by: offset).copyMemory(from: source, byteCount: part.count)
      offset += part.count
    }
    precondition(offset == target.count, "map file size")
  }

  /// Writes the map file through `sink`, piece by piece in file order, so the file itself
  /// is never in memory: each section of the roads, areas and addresses is laid out only
  /// when it is written (twice: once for the header's checksum), one at a time. The bytes
  /// are those of `data()`.
  package func write<Failure: Error>(
    to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var sections = self.sections(lazily: true)
    try Self.emit(&sections, to: sink)
  }

  /// Writes the map file whose roads and areas are `spilled`'s (the file `SpilledMap` wrote
  /// of this content before its addresses, read back from its mapping), whose strings,
  /// addresses and hierarchy are this content's (its strings those of the spilled map and
  /// any the addresses added), and whose routing table is `routing`'s when given, else
  /// this content's: the bytes `data()` gives for the whole content.
  package func write<Failure: Error>(
    after spilled: SpilledMap, routing spilledRouting: SpilledSections? = nil,
    to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var sections: [LaidOut] = []
    for section in spilled.sections {
      switch section.0 {
      case .stringIndex: sections += stringSections(lazily: true)
      case .stringData: continue
      default: sections.append(section)
      }
    }
    sections += addressSections(lazily: true)
    if let hierarchy = content.hierarchy { sections += hierarchySections(hierarchy) }
    if let spilledRouting {
      sections += spilledRouting.sections
    } else if let routing = content.routing {
      sections += Self.routingSections(routing)
    }
    try Self.emit(&sections, to: sink)
  }

  /// The string table's sections, laid out when written if `lazily`.
  func stringSections(lazily: Bool) -> [LaidOut] {
    let text = content.strings.map { Array($0.utf8) }
    return [
      Self.laidOut(.stringIndex, text.count + 1, lazily: lazily) { b in
        var offset: UInt32 = 0
        b.uint32(0)
        for t in text {
          offset += UInt32(t.count)
          b.uint32(offset)
        }
      },
      Self.laidOut(.stringData, text.reduce(0) { $0 + $1.count }, lazily: lazily) { b in
        for t in text { b.bytes.append(contentsOf: t) }
      },
    ]
  }

  /// The address book's sections (none when it is empty), laid out when written if
  /// `lazily`.
  func addressSections(lazily: Bool) -> [LaidOut] {
    addressSections().map { Self.laidOut($0.0, $0.1, lazily: lazily, $0.2) }
  }

  /// `count` records of `section` that `fill` lays out: now, or when written if `lazily`.
  static func laidOut(
    _ section: MapFileLayout.Section, _ count: Int, lazily: Bool,
    _ fill: @escaping (inout ByteBuffer) -> Void
  ) -> LaidOut {
    let later = SectionBytes.later(count * section.recordSize, "\(section)", fill)
    return (section, count, lazily ? later : .laidOut(later.laidOut()))
  }

  /// A section: its table entry's tag, record size and count, and its bytes.
  typealias LaidOut = (MapFileLayout.Section, count: Int, bytes: SectionBytes)

  /// Every section of the file, in file order; those of the roads, areas and addresses
  /// laid out when written if `lazily`, the rest laid out now.
  func sections(lazily: Bool) -> [LaidOut] {
    let grid = makeGrid()
    var sections: [LaidOut] = []
    func add(
      _ section: MapFileLayout.Section, _ count: Int,
      _ fill: @escaping (inout ByteBuffer) -> Void
    ) {
      sections.append(Self.laidOut(section, count, lazily: lazily, fill))
    }
    let nodeCount = content.nodes.count
    add(.meta, 1) { b in
      let box = boundingBox()
      for v in [box.minLat, box.minLon, box.maxLat, box.maxLon] { b.int32(v) }
      b.int32(grid.originLatitude)
      b.int32(grid.originLongitude)
      b.int32(grid.cellLatitude)
      b.int32(grid.cellLongitude)
      b.uint32(UInt32(grid.columns))
      b.uint32(UInt32(grid.rows))
      let code = Array(content.country.utf8.prefix(4))
      b.bytes.append(contentsOf: code + [UInt8](repeating: 0, count: 4 - code.count))
      b.bytes.append(contentsOf: [UInt8](repeating: 0, count: 20))
    }
    add(.nodes, nodeCount) { b in
      for node in content.nodes {
        b.int32(node.latitude)
        b.int32(node.longitude)
      }
    }
    var outgoing = [UInt32](repeating: 0, count: nodeCount + 1)
    for edge in content.edges { outgoing[Int(edge.from) + 1] += 1 }
    for i in 0..<nodeCount { outgoing[i + 1] += outgoing[i] }
    add(.outgoingIndex, nodeCount + 1) { b in for v in outgoing { b.uint32(v) } }
    add(.edges, content.edges.count) { b in
      for e in content.edges {
        b.int64(e.wayID)
        for v in [e.from, e.to, e.lengthCentimetres, e.geometryStart, e.geometryCount] {
          b.uint32(v)
        }
        for v in [e.name, e.ref, e.turnLanes] { b.uint32(v) }
        b.uint16(e.speedCentimetresPerSecond)
        b.bytes.append(e.roadClass)
        b.bytes.append(e.flags)
        b.uint16(e.routingSpeedCentimetresPerSecond)
        b.uint16(e.endDelayDeciseconds)
      }
    }
    // Incoming edges by end node, ascending ids: a counting sort into one array.
    var incoming = [UInt32](repeating: 0, count: nodeCount + 1)
    for edge in content.edges { incoming[Int(edge.to) + 1] += 1 }
    for i in 0..<nodeCount { incoming[i + 1] += incoming[i] }
    add(.incomingIndex, nodeCount + 1) { b in for v in incoming { b.uint32(v) } }
    add(.incomingEdges, content.edges.count) { b in
      var next = Array(incoming.dropLast())
      var entries = [UInt32](repeating: 0, count: content.edges.count)
      for (id, edge) in content.edges.enumerated() {
        entries[Int(next[Int(edge.to)])] = UInt32(id)
        next[Int(edge.to)] += 1
      }
      for id in entries { b.uint32(id) }
    }
    add(.geometry, content.geometry.count) { b in
      for point in content.geometry {
        b.int32(point.latitude)
        b.int32(point.longitude)
      }
    }
    sections += stringSections(lazily: lazily)
    add(.restrictions, content.restrictions.count) { b in
      for r in content.restrictions {
        for v in [r.from, r.via, r.to] { b.uint32(v) }
        b.bytes.append(contentsOf: [r.only ? 1 : 0, 0, 0, 0])
      }
    }
    add(.places, content.places.count) { b in
      for p in content.places {
        b.int32(p.latitudeE7)
        b.int32(p.longitudeE7)
        b.uint32(p.name)
        b.uint32(p.category)
      }
    }
    let cells = gridCells(grid)
    add(.gridIndex, grid.cellCount + 1) { b in b.offsets(of: cells) }
    add(.gridEdges, cells.reduce(0) { $0 + $1.count }) { b in b.entries(of: cells) }

    if !content.areas.isEmpty {
      add(.areas, content.areas.count) { b in
        var first: UInt32 = 0
        for area in content.areas {
          b.bytes.append(contentsOf: [area.kind, 0, 0, 0])
          b.uint32(first)
          b.uint32(UInt32(area.outline.count))
          b.int32(area.outline.map(\.latitude).min() ?? 0)
          b.int32(area.outline.map(\.longitude).min() ?? 0)
          b.int32(area.outline.map(\.latitude).max() ?? 0)
          b.int32(area.outline.map(\.longitude).max() ?? 0)
          b.uint32(0)
          first += UInt32(area.outline.count)
        }
      }
      add(.areaPoints, content.areas.reduce(0) { $0 + $1.outline.count }) { b in
        for area in content.areas {
          for point in area.outline {
            b.int32(point.latitude)
            b.int32(point.longitude)
          }
        }
      }
    }

    if !content.signposts.isEmpty {
      add(.signposts, content.signposts.count) { b in
        for sign in content.signposts {
          for v in [sign.edge, sign.exits, sign.refs, sign.destinations] { b.uint32(v) }
        }
      }
    }

    sections += wholeMapSections(grid: grid).map { ($0.0, $0.count, .laidOut($0.bytes)) }
    sections += addressSections(lazily: lazily)
    if let hierarchy = content.hierarchy { sections += hierarchySections(hierarchy) }
    if let routing = content.routing { sections += Self.routingSections(routing) }

    return sections
  }

  /// The file's size for `sections`: header, table, and the sections at 8-byte aligned
  /// offsets.
  static func size(of sections: [LaidOut]) -> Int {
    var offset = MapFileLayout.headerSize + sections.count * MapFileLayout.tableEntrySize
    for (_, _, bytes) in sections { offset += (8 - offset % 8) % 8 + bytes.count }
    return offset
  }

  /// Header, table, then the sections at 8-byte aligned offsets, through `sink`; the
  /// header's checksum covers the table and the sections, padding included. Empties each
  /// section once written.
  static func emit<Failure: Error>(
    _ sections: inout [LaidOut], to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var offset = MapFileLayout.headerSize + sections.count * MapFileLayout.tableEntrySize
    var table = ByteBuffer()
    var paddings: [Int] = []
    for (section, count, bytes) in sections {
      let padding = (8 - offset % 8) % 8
      paddings.append(padding)
      offset += padding
      table.uint32(section.tag)
      table.uint32(UInt32(section.recordSize))
      table.uint64(UInt64(offset))
      table.uint64(UInt64(count))
      offset += bytes.count
    }
    let zeros = [UInt8](repeating: 0, count: 8)
    var crc = CRC32.Running()
    table.bytes.withUnsafeBytes { crc.add($0) }
    for (i, (_, _, bytes)) in sections.enumerated() {
      zeros.withUnsafeBytes { crc.add(UnsafeRawBufferPointer(rebasing: $0[..<paddings[i]])) }
      bytes.forEachPiece { (piece: UnsafeRawBufferPointer) throws(Never) in crc.add(piece) }
    }
    var header = ByteBuffer()
    header.bytes.append(contentsOf: MapFileLayout.magic)
    header.uint32(MapFileLayout.version)
    header.uint32(UInt32(sections.count))
    header.uint32(crc.value)
    header.bytes.append(contentsOf: [UInt8](repeating: 0, count: 12))
    try send(header.bytes[...], to: sink)
    try send(table.bytes[...], to: sink)
    for i in sections.indices {
      try send(zeros[..<paddings[i]], to: sink)
      try sections[i].bytes.forEachPiece(sink)
      sections[i].bytes = .laidOut(ByteBuffer())
    }
  }

  /// `bytes` through `sink` (`withUnsafeBytes` rethrows untyped errors; this keeps the
  /// sink's type).
  private static func send<Failure: Error>(
    _ bytes: ArraySlice<UInt8>, to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let result: Result<Void, Failure> = bytes.withUnsafeBytes { raw in
      do throws(Failure) {
        return .success(try sink(raw))
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }

  /// Arcs of `CHAR` laid out per piece: a country's arcs are hundreds of megabytes.
  static let arcsPerPiece = 1 << 20

  /// `CHMT`, `CHNX` and `CHAR`, the header with the checksum of the other two; the arcs
  /// laid out a piece at a time when written.
  func hierarchySections(_ h: HierarchyTables) -> [LaidOut] {
    var index = ByteBuffer()
    index.reserve(h.index.count * 8)
    for entry in h.index {
      index.uint32(entry.up)
      index.uint32(entry.down)
    }
    let per = Self.arcsPerPiece
    let arcs = SectionBytes.pieces(h.arcs.count * 12, (h.arcs.count + per - 1) / per) { i, b in
      for arc in h.arcs[i * per..<min(h.arcs.count, (i + 1) * per)] {
        b.uint32(arc.node)
        b.uint32(arc.weight)
        b.uint32(arc.middle)
      }
    }
    var crc = CRC32.Running()
    index.bytes.withUnsafeBytes { crc.add($0) }
    arcs.forEachPiece { (piece: UnsafeRawBufferPointer) throws(Never) in crc.add(piece) }
    return [
      (.hierarchyMeta, 1, .laidOut(h.meta(checksum: crc.value))),
      (.hierarchyIndex, h.index.count, .laidOut(index)),
      (.hierarchyArcs, h.arcs.count, arcs),
    ]
  }

  private func boundingBox() -> (minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32) {
    var minLat = Int32.max
    var minLon = Int32.max
    var maxLat = Int32.min
    var maxLon = Int32.min
    for points in [content.nodes, content.geometry] {
      for p in points {
        minLat = min(minLat, p.latitude)
        maxLat = max(maxLat, p.latitude)
        minLon = min(minLon, p.longitude)
        maxLon = max(maxLon, p.longitude)
      }
    }
    if minLat > maxLat { return (0, 0, 0, 0) }
    return (minLat, minLon, maxLat, maxLon)
  }

  private func makeGrid() -> SpatialGrid {
    let box = boundingBox()
    return SpatialGrid(
      minLatitude: box.minLat, minLongitude: box.minLon, maxLatitude: box.maxLat,
      maxLongitude: box.maxLon, cellLimit: SpatialGrid.cellLimit(edges: content.edges.count))
  }

  /// For each cell, the edges with a segment that crosses it, ascending (`SpatialGrid`'s
  /// `cells(alongSegmentFrom:to:)`).
  private func gridCells(_ grid: SpatialGrid) -> [[UInt32]] {
    var cells = [[UInt32]](repeating: [], count: grid.cellCount)
    for (id, edge) in content.edges.enumerated() {
      var points = [content.nodes[Int(edge.from)]]
      let start = Int(edge.geometryStart)
      points += content.geometry[start..<start + Int(edge.geometryCount)]
      points.append(content.nodes[Int(edge.to)])
      var touched = Set<Int>()
      for i in 0..<max(1, points.count - 1) {
        let a = points[i]
        let b = points[min(i + 1, points.count - 1)]
        touched.formUnion(
          grid.cells(
            alongSegmentFrom: (a.latitude, a.longitude), to: (b.latitude, b.longitude)))
      }
      for cell in touched { cells[cell].append(UInt32(id)) }
    }
    return cells
  }
}
