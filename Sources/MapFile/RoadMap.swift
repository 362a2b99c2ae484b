import Foundation
import Geo
import Routing
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

  let storage: MappedBytes
  let base: UnsafeRawPointer
  /// The file's path, or the name given to `init(data:name:)`.
  public let name: String
  public let nodeCount: Int
  public let edgeCount: Int
  /// ISO country code of the speed defaults the map was built with, or `default`.
  public let country: String
  /// The format version the file was written in (`MapFileLayout`).
  public let version: Int
  let grid: SpatialGrid
  let sections: [MapFileLayout.Section: Section]
  let nodes, outgoingIndex, edges, incomingIndex, incomingEdges, geometryPoints: Section
  let stringIndex, stringData, restrictionRecords, placeRecords: Section
  /// Water and green areas; empty sections in a map of roads only.
  let areaRecords, areaPoints: Section
  /// Signposts at the start of edges; empty in a map without them (and before version 2).
  let signpostRecords: Section
  let gridIndex, gridEdges: Section
  let placeCache = Mutex<[MapPlace]?>(nil)
  /// Areas with holes, edge attributes and overview lines (version 3; `RoadMap+Areas`).
  let wholeMap: WholeMapSections
  /// The routing hierarchy (`CHMT`, `CHNX`, `CHAR`): nil in a map without one, the problem
  /// when its sections do not fit the map (the map opens and routes without it).
  package let hierarchy: Result<RouteHierarchy, RouteHierarchy.Problem>?
  /// The routing table (`RTMT` …): nil in a map without one, the problem when its sections
  /// do not fit the map (a router then builds its table).
  let routing: Result<RoutingTable, RoutingError>?

  /// Opens the map file at `url` (mapped, not read).
  public convenience init(contentsOf url: URL) throws(RoutingError) {
    try self.init(storage: try MappedBytes(contentsOf: url.path), name: url.path)
  }

  /// Opens a map file held in memory (copied); `name` stands for the file in errors.
  public convenience init(data: Data, name: String = "map data") throws(RoutingError) {
    try self.init(storage: MappedBytes(copying: data), name: name)
  }

  init(storage: MappedBytes, name: String) throws(RoutingError) {
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
    guard (MapFileLayout.oldestVersion...MapFileLayout.version).contains(version) else {
      throw fail(
        .unsupported, "header",
        "map file version \(version); this program reads versions \(MapFileLayout.oldestVersion) to \(MapFileLayout.version): import the map again"
      )
    }
    self.version = Int(version)
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
    signpostRecords = found[.signposts] ?? Section(offset: 0, count: 0, recordSize: 16)
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
    wholeMap = try WholeMapSections(
      found, edgeCount: edgeCount, cellCount: grid.cellCount,
      fail: { fail(.malformed, $0, $1) })
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
    routing = Self.routingTable(
      in: found, base: base, owner: storage, edgeCount: edgeCount, nodeCount: nodeCount)
    if let meta = found[.hierarchyMeta] {
      func bytes(_ s: Section?) -> UnsafeRawBufferPointer {
        guard let s else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + s.offset, count: s.count * s.recordSize)
      }
      let edges = edgeCount
      hierarchy = Result { () throws(RouteHierarchy.Problem) in
        try RouteHierarchy(
          meta: bytes(meta), index: bytes(found[.hierarchyIndex]),
          arcs: bytes(found[.hierarchyArcs]), edgeCount: edges, owner: storage)
      }
    } else {
      hierarchy = nil
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

  /// The first record of `section`, whose records are sorted by the `UInt32` at byte
  /// `field`, with that field at least `value`: a binary search, O(log records).
  func firstRecord(in section: Section, byUInt32At field: Int, atLeast value: Int) -> Int {
    var lo = 0
    var hi = section.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if Int(self.field(section, mid, field, UInt32.self)) < value {
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    return lo
  }

  /// Node id read from the file, clamped into range.
  @inline(__always)
  func nodeID(_ raw: UInt32) -> Int { min(Int(raw), max(nodeCount - 1, 0)) }

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
}
