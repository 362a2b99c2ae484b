import Foundation
import Geo
import Synchronization

/// A road graph answered straight from a map file (see `MapFileLayout`), mapped read-only
/// with `mmap` (`MAP_PRIVATE`) or copied from `Data`.
///
/// Opening checks the header, the section table, every section's bounds and record size,
/// and the counts that tie sections together (O(1), no pass over the records); it does not
/// parse the records. `verify()` checks everything (checksum, every index in range), for
/// files from an untrusted place. Reads of a corrupt file that `verify()` would reject
/// return clamped, meaningless values but never trap. Ids passed in by the caller must be
/// in range (a bad id is a programmer error and traps).
///
/// Thread-safe: the mapping is read-only and lives as long as the object; `deinit` unmaps.
public final class RoadMap: RoadGraph, @unchecked Sendable {
  // @unchecked: the only mutable state is the places cache, behind a Mutex; the mapped
  // bytes never change.
  struct Section {
    var offset = 0
    var count = 0
    var recordSize = 0
  }

  private let storage: MappedBytes
  let base: UnsafeRawPointer
  /// The file's path, or the name given to `init(data:name:)`.
  public let name: String
  public let nodeCount: Int
  public let edgeCount: Int
  /// ISO country code of the speed defaults the map was built with, or `default`.
  public let country: String
  let grid: SpatialGrid
  let sections: [MapFileLayout.Section: Section]
  let nodes, outgoingIndex, edges, incomingIndex, incomingEdges, geometryPoints: Section
  let stringIndex, stringData, restrictionRecords, placeRecords: Section
  /// Water and green areas; empty sections in a map of roads only.
  let areaRecords, areaPoints: Section
  let gridIndex, gridEdges: Section
  private let placeCache = Mutex<[MapPlace]?>(nil)

  /// Opens the map file at `url` (mapped, not read).
  public convenience init(contentsOf url: URL) throws(RoutingError) {
    try self.init(storage: try MappedBytes(contentsOf: url.path), name: url.path)
  }

  /// Opens a map file held in memory (copied); `name` stands for the file in errors.
  public convenience init(data: Data, name: String = "map data") throws(RoutingError) {
    try self.init(storage: MappedBytes(copying: data), name: name)
  }

  private init(storage: MappedBytes, name: String) throws(RoutingError) {
    self.storage = storage
    self.name = name
    let bytes = storage.bytes
    func fail(_ code: RoutingError.Code, _ section: String, _ message: String) -> RoutingError {
      RoutingError(code, message, file: name, section: section)
    }
    guard let base = bytes.baseAddress, bytes.count >= MapFileLayout.headerSize else {
      throw fail(.truncated, "header", "\(bytes.count) bytes, shorter than the 32-byte header")
    }
    self.base = base
    guard Array(bytes[0..<8]) == MapFileLayout.magic else {
      throw fail(.malformed, "header", "not a headunit map file (bad magic)")
    }
    let version = Self.load(base, 8, UInt32.self)
    guard version == MapFileLayout.version else {
      throw fail(
        .unsupported, "header",
        "map file version \(version); this program reads version \(MapFileLayout.version): import the map again"
      )
    }
    let sectionCount = Int(Self.load(base, 12, UInt32.self))
    guard sectionCount <= 64,
      MapFileLayout.headerSize + sectionCount * MapFileLayout.tableEntrySize <= bytes.count
    else {
      throw fail(.truncated, "header", "section table of \(sectionCount) entries runs past the end")
    }
    var found: [MapFileLayout.Section: Section] = [:]
    for i in 0..<sectionCount {
      let entry = MapFileLayout.headerSize + i * MapFileLayout.tableEntrySize
      let tag = Self.load(base, entry, UInt32.self)
      let tagText = String(
        decoding: withUnsafeBytes(of: tag.littleEndian) { Array($0) }, as: UTF8.self)
      guard let kind = MapFileLayout.Section.allCases.first(where: { $0.tag == tag }) else {
        continue  // a section from a later minor revision: ignored
      }
      guard found[kind] == nil else { throw fail(.malformed, tagText, "section listed twice") }
      let recordSize = Int(Self.load(base, entry + 4, UInt32.self))
      let offset = Self.load(base, entry + 8, UInt64.self)
      let count = Self.load(base, entry + 16, UInt64.self)
      guard recordSize == kind.recordSize else {
        throw fail(
          .malformed, tagText, "record size \(recordSize), expected \(kind.recordSize)")
      }
      guard offset <= UInt64(bytes.count), count <= UInt64(bytes.count),
        offset + count * UInt64(recordSize) <= UInt64(bytes.count),
        offset >= UInt64(MapFileLayout.headerSize + sectionCount * MapFileLayout.tableEntrySize)
      else {
        throw fail(
          .truncated, tagText,
          "\(count) records of \(recordSize) bytes at byte \(offset) do not fit in the \(bytes.count)-byte file"
        )
      }
      found[kind] = Section(offset: Int(offset), count: Int(count), recordSize: recordSize)
    }
    for kind in MapFileLayout.Section.allCases where found[kind] == nil && !kind.isOptional {
      throw fail(.malformed, kind.rawValue, "section missing")
    }
    sections = found
    nodes = found[.nodes]!
    outgoingIndex = found[.outgoingIndex]!
    edges = found[.edges]!
    incomingIndex = found[.incomingIndex]!
    incomingEdges = found[.incomingEdges]!
    geometryPoints = found[.geometry]!
    stringIndex = found[.stringIndex]!
    stringData = found[.stringData]!
    restrictionRecords = found[.restrictions]!
    placeRecords = found[.places]!
    areaRecords = found[.areas] ?? Section(offset: 0, count: 0, recordSize: 32)
    areaPoints = found[.areaPoints] ?? Section(offset: 0, count: 0, recordSize: 8)
    gridIndex = found[.gridIndex]!
    gridEdges = found[.gridEdges]!
    nodeCount = nodes.count
    edgeCount = edges.count
    let meta = found[.meta]!
    guard meta.count == 1 else {
      throw fail(.malformed, "META", "\(meta.count) records, expected 1")
    }
    guard nodeCount < Int(UInt32.max), edgeCount < Int(UInt32.max) else {
      throw fail(.malformed, "NODE", "more than 2³² nodes or edges")
    }
    let m = meta.offset
    grid = SpatialGrid(
      originLatitude: Self.load(base, m + 16, Int32.self),
      originLongitude: Self.load(base, m + 20, Int32.self),
      cellLatitude: Self.load(base, m + 24, Int32.self),
      cellLongitude: Self.load(base, m + 28, Int32.self),
      columns: Int(Self.load(base, m + 32, UInt32.self)),
      rows: Int(Self.load(base, m + 36, UInt32.self)))
    let countryBytes = (0..<4).map { bytes[m + 40 + $0] }.prefix { $0 != 0 }
    country = String(decoding: countryBytes, as: UTF8.self)
    guard grid.columns >= 1, grid.rows >= 1, grid.columns <= SpatialGrid.maximumCells,
      grid.rows <= SpatialGrid.maximumCells, grid.cellCount <= SpatialGrid.maximumCells,
      grid.cellLatitude >= 1, grid.cellLongitude >= 1
    else {
      throw fail(.malformed, "META", "grid of \(grid.columns) × \(grid.rows) cells is not valid")
    }
    // The counts that tie sections together, and the ends of each offset index.
    let checks: [(Section, Int, String, Section, String)] = [
      (outgoingIndex, nodeCount + 1, "OUTX", edges, "EDGE"),
      (incomingIndex, nodeCount + 1, "INCX", incomingEdges, "INCE"),
      (gridIndex, grid.cellCount + 1, "GRDX", gridEdges, "GRDE"),
    ]
    for (index, expected, tag, target, targetTag) in checks {
      guard index.count == expected else {
        throw fail(.malformed, tag, "\(index.count) records, expected \(expected)")
      }
      let first = Self.load(base, index.offset, UInt32.self)
      let last = Self.load(base, index.offset + (index.count - 1) * 4, UInt32.self)
      guard first == 0, Int(last) == target.count else {
        throw fail(
          .malformed, tag,
          "offsets run from \(first) to \(last), expected 0 to the \(target.count) records of \(targetTag)"
        )
      }
    }
    guard incomingEdges.count == edgeCount else {
      throw fail(.malformed, "INCE", "\(incomingEdges.count) records, expected \(edgeCount)")
    }
    guard stringIndex.count >= 1,
      Self.load(base, stringIndex.offset, UInt32.self) == 0,
      Int(Self.load(base, stringIndex.offset + (stringIndex.count - 1) * 4, UInt32.self))
        == stringData.count
    else {
      throw fail(
        .malformed, "STRX", "string offsets do not cover the \(stringData.count) bytes of STRD")
    }
  }

  /// The file's size in bytes.
  public var fileSize: Int { storage.bytes.count }
  /// How many turn restrictions the map holds.
  public var restrictionCount: Int { restrictionRecords.count }

  // MARK: Reading records

  @inline(__always)
  static func load<T: FixedWidthInteger>(_ base: UnsafeRawPointer, _ offset: Int, _: T.Type) -> T {
    T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  /// Field at byte `field` of record `index`; 0 when the index is outside the section (only
  /// a corrupt file gets there).
  @inline(__always)
  func field<T: FixedWidthInteger>(_ section: Section, _ index: Int, _ field: Int, _ type: T.Type)
    -> T
  {
    guard index >= 0, index < section.count else { return 0 }
    return Self.load(base, section.offset + index * section.recordSize + field, type)
  }

  /// Node id read from the file, clamped into range.
  @inline(__always)
  private func nodeID(_ raw: UInt32) -> Int { min(Int(raw), max(nodeCount - 1, 0)) }

  func string(_ index: UInt32) -> String? {
    guard index != MapFileLayout.noString, Int(index) + 1 < stringIndex.count else { return nil }
    let start = Int(field(stringIndex, Int(index), 0, UInt32.self))
    let end = Int(field(stringIndex, Int(index) + 1, 0, UInt32.self))
    guard start <= end, end <= stringData.count else { return nil }
    return String(
      decoding: UnsafeRawBufferPointer(start: base + stringData.offset + start, count: end - start),
      as: UTF8.self)
  }

  func point(_ section: Section, _ index: Int) -> Coordinate {
    Coordinate(
      latitude: Double(field(section, index, 0, Int32.self)) / 1e7,
      longitude: Double(field(section, index, 4, Int32.self)) / 1e7)
  }

  // MARK: RoadGraph

  public func coordinate(ofNode node: Int) -> Coordinate {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    return point(nodes, node)
  }

  public func outgoing(from node: Int) -> Range<Int> {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    let upper = min(Int(field(outgoingIndex, node + 1, 0, UInt32.self)), edgeCount)
    let lower = min(Int(field(outgoingIndex, node, 0, UInt32.self)), upper)
    return lower..<upper
  }

  public func incoming(to node: Int) -> [Int] {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    let upper = min(Int(field(incomingIndex, node + 1, 0, UInt32.self)), edgeCount)
    let lower = min(Int(field(incomingIndex, node, 0, UInt32.self)), upper)
    return (lower..<upper).map { Int(field(incomingEdges, $0, 0, UInt32.self)) }.filter {
      $0 < edgeCount
    }
  }

  public func edge(_ id: Int) -> RoadEdge {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    let flags = field(edges, id, 43, UInt8.self)
    return RoadEdge(
      from: nodeID(field(edges, id, 8, UInt32.self)),
      to: nodeID(field(edges, id, 12, UInt32.self)),
      length: Double(field(edges, id, 16, UInt32.self)) / 100,
      speed: Double(field(edges, id, 40, UInt16.self)) / 100,
      roadClass: RoadClass(rawValue: Int(field(edges, id, 42, UInt8.self))) ?? .service,
      name: string(field(edges, id, 28, UInt32.self)) ?? "",
      ref: string(field(edges, id, 32, UInt32.self)),
      isRoundabout: flags & MapFileLayout.EdgeFlag.roundabout != 0,
      isDestinationOnly: flags & MapFileLayout.EdgeFlag.destinationOnly != 0,
      turnLanes: string(field(edges, id, 36, UInt32.self)),
      wayID: field(edges, id, 0, Int64.self))
  }

  /// The edge's end nodes without decoding its strings.
  public func endpoints(ofEdge id: Int) -> (from: Int, to: Int) {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    return (nodeID(field(edges, id, 8, UInt32.self)), nodeID(field(edges, id, 12, UInt32.self)))
  }

  /// The geometry's interior point range in `GEOM`, clamped, and whether it runs backwards.
  private func interior(ofEdge id: Int) -> (range: Range<Int>, reversed: Bool) {
    let start = min(Int(field(edges, id, 20, UInt32.self)), geometryPoints.count)
    let count = min(Int(field(edges, id, 24, UInt32.self)), geometryPoints.count - start)
    let reversed = field(edges, id, 43, UInt8.self) & MapFileLayout.EdgeFlag.geometryReversed != 0
    return (start..<start + count, reversed)
  }

  public func geometry(ofEdge id: Int) -> [Coordinate] {
    let (from, to) = endpoints(ofEdge: id)
    let (range, reversed) = interior(ofEdge: id)
    var result = [point(nodes, from)]
    result.reserveCapacity(range.count + 2)
    if reversed {
      for i in range.reversed() { result.append(point(geometryPoints, i)) }
    } else {
      for i in range { result.append(point(geometryPoints, i)) }
    }
    result.append(point(nodes, to))
    return result
  }

  public func restrictions(at node: Int) -> [TurnRestriction] {
    precondition(node >= 0 && node < nodeCount, "node \(node) out of range")
    var lo = 0
    var hi = restrictionRecords.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if Int(field(restrictionRecords, mid, 4, UInt32.self)) < node {
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    var result: [TurnRestriction] = []
    while lo < restrictionRecords.count,
      Int(field(restrictionRecords, lo, 4, UInt32.self)) == node
    {
      result.append(
        TurnRestriction(
          from: min(Int(field(restrictionRecords, lo, 0, UInt32.self)), max(edgeCount - 1, 0)),
          via: node,
          to: min(Int(field(restrictionRecords, lo, 8, UInt32.self)), max(edgeCount - 1, 0)),
          kind: field(restrictionRecords, lo, 12, UInt8.self) == 1 ? .only : .no))
      lo += 1
    }
    return result
  }

  public func areas(south: Double, west: Double, north: Double, east: Double) -> [MapArea] {
    let box = (
      south: Int32(clamping: Int64((south * 1e7).rounded(.down))),
      west: Int32(clamping: Int64((west * 1e7).rounded(.down))),
      north: Int32(clamping: Int64((north * 1e7).rounded(.up))),
      east: Int32(clamping: Int64((east * 1e7).rounded(.up)))
    )
    var result: [MapArea] = []
    for i in 0..<areaRecords.count {
      guard field(areaRecords, i, 12, Int32.self) <= box.north,
        field(areaRecords, i, 20, Int32.self) >= box.south,
        field(areaRecords, i, 16, Int32.self) <= box.east,
        field(areaRecords, i, 24, Int32.self) >= box.west,
        let kind = MapArea.Kind(rawValue: field(areaRecords, i, 0, UInt8.self))
      else { continue }
      let first = Int(field(areaRecords, i, 4, UInt32.self))
      let count = Int(field(areaRecords, i, 8, UInt32.self))
      // A damaged record reads as an empty outline, never out of the section.
      guard first <= areaPoints.count, count <= areaPoints.count - first else { continue }
      result.append(
        MapArea(kind: kind, outline: (first..<first + count).map { point(areaPoints, $0) }))
    }
    return result
  }

  public var places: [MapPlace] {
    placeCache.withLock { cache in
      if let cache { return cache }
      let decoded = (0..<placeRecords.count).map { i in
        MapPlace(
          name: string(field(placeRecords, i, 8, UInt32.self)) ?? "",
          coordinate: point(placeRecords, i),
          category: string(field(placeRecords, i, 12, UInt32.self)))
      }
      cache = decoded
      return decoded
    }
  }

  public func edges(near coordinate: Coordinate, radius: Double) -> [Int] {
    guard coordinate.isValid, radius.isFinite, radius >= 0, edgeCount > 0 else { return [] }
    let radius = min(radius, 20_000_000)  // half the Earth's circumference covers it all
    let metresPerDegree = Earth.radius * .pi / 180
    let metresPerDegreeLon = metresPerDegree * max(cos(coordinate.latitude * .pi / 180), 0.01)
    let dLat = radius / metresPerDegree
    let dLon = radius / metresPerDegreeLon
    let cells = grid.cells(
      minLatitude: Int64(((coordinate.latitude - dLat) * 1e7).rounded(.down)),
      minLongitude: Int64(((coordinate.longitude - dLon) * 1e7).rounded(.down)),
      maxLatitude: Int64(((coordinate.latitude + dLat) * 1e7).rounded(.up)),
      maxLongitude: Int64(((coordinate.longitude + dLon) * 1e7).rounded(.up)))
    var candidates: [Int] = []
    for cell in cells {
      let upper = min(Int(field(gridIndex, cell + 1, 0, UInt32.self)), gridEdges.count)
      let lower = min(Int(field(gridIndex, cell, 0, UInt32.self)), upper)
      for i in lower..<upper {
        let id = Int(field(gridEdges, i, 0, UInt32.self))
        if id < edgeCount { candidates.append(id) }
      }
    }
    candidates.sort()
    var found: [(distance: Double, id: Int)] = []
    var previous = -1
    for id in candidates where id != previous {
      previous = id
      let d = distance(from: coordinate, toEdge: id, metresPerDegreeLon, metresPerDegree)
      if d <= radius { found.append((d, id)) }
    }
    found.sort { ($0.distance, $0.id) < ($1.distance, $1.id) }
    return found.map(\.id)
  }

  /// Metres from `point` to the nearest point of the edge's geometry, in a plane tangent at
  /// `point`.
  func distance(from point: Coordinate, toEdge id: Int, _ xScale: Double, _ yScale: Double)
    -> Double
  {
    let (from, to) = endpoints(ofEdge: id)
    let (range, _) = interior(ofEdge: id)
    func plane(_ section: Section, _ i: Int) -> (Double, Double) {
      (
        (Double(field(section, i, 4, Int32.self)) / 1e7 - point.longitude) * xScale,
        (Double(field(section, i, 0, Int32.self)) / 1e7 - point.latitude) * yScale
      )
    }
    var best = Double.infinity
    var a = plane(nodes, from)
    func visit(_ b: (Double, Double)) {
      let dx = b.0 - a.0
      let dy = b.1 - a.1
      let lengthSquared = dx * dx + dy * dy
      var t = lengthSquared > 0 ? -(a.0 * dx + a.1 * dy) / lengthSquared : 0
      t = min(1, max(0, t))
      let x = a.0 + t * dx
      let y = a.1 + t * dy
      best = min(best, (x * x + y * y).squareRoot())
      a = b
    }
    for i in range { visit(plane(geometryPoints, i)) }
    visit(plane(nodes, to))
    return best
  }
}
