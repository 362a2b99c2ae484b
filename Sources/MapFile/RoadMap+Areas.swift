import Foundation
import Geo
import Navigation
import Routing

/// The sections of version 3, found when the map opened, with the counts that tie them
/// checked: every polygon, ring and line record stays inside its section when read.
struct WholeMapSections {
  var polygons = RoadMap.Section(recordSize: 32)
  var rings = RoadMap.Section(recordSize: 16)
  var ringPoints = RoadMap.Section(recordSize: 8)
  var polygonGridIndex = RoadMap.Section(recordSize: 4)
  var polygonGridEntries = RoadMap.Section(recordSize: 4)
  var edgeAttributes = RoadMap.Section(recordSize: 8)
  var overviewLines = RoadMap.Section(recordSize: 32)
  var overviewPoints = RoadMap.Section(recordSize: 8)

  init(
    _ found: [MapFileLayout.Section: RoadMap.Section], edgeCount: Int, cellCount: Int,
    fail: (String, String) -> RoutingError
  ) throws(RoutingError) {
    polygons = found[.polygons] ?? polygons
    rings = found[.rings] ?? rings
    ringPoints = found[.ringPoints] ?? ringPoints
    polygonGridIndex = found[.polygonGridIndex] ?? polygonGridIndex
    polygonGridEntries = found[.polygonGridEntries] ?? polygonGridEntries
    edgeAttributes = found[.edgeAttributes] ?? edgeAttributes
    overviewLines = found[.overviewLines] ?? overviewLines
    overviewPoints = found[.overviewPoints] ?? overviewPoints
    guard edgeAttributes.count == 0 || edgeAttributes.count == edgeCount else {
      throw fail("EATR", "\(edgeAttributes.count) records for \(edgeCount) edges")
    }
    guard polygons.count == 0 || polygonGridIndex.count == cellCount + 2 else {
      throw fail("PGRX", "\(polygonGridIndex.count) records, expected \(cellCount + 2)")
    }
  }
}

extension RoadMap.Section {
  init(recordSize: Int) { self.init(offset: 0, count: 0, recordSize: recordSize) }
}

extension RoadMap {
  /// The box (E7) around `south`…`north`, `west`…`east`, nil when a bound is not finite.
  private static func box(_ south: Double, _ west: Double, _ north: Double, _ east: Double)
    -> (south: Int32, west: Int32, north: Int32, east: Int32)?
  {
    guard south.isFinite, west.isFinite, north.isFinite, east.isFinite else { return nil }
    return (
      Int32(clamping: Int64((south * 1e7).rounded(.down))),
      Int32(clamping: Int64((west * 1e7).rounded(.down))),
      Int32(clamping: Int64((north * 1e7).rounded(.up))),
      Int32(clamping: Int64((east * 1e7).rounded(.up)))
    )
  }

  /// Whether the box stored at byte `at` of record `i` meets `box`, and is at least
  /// `minimumSpan` (E7 units) wide or tall.
  private func meets(
    _ section: Section, _ i: Int, at offset: Int,
    _ box: (south: Int32, west: Int32, north: Int32, east: Int32), minimumSpan: Int64
  ) -> Bool {
    let minLat = field(section, i, offset, Int32.self)
    let minLon = field(section, i, offset + 4, Int32.self)
    let maxLat = field(section, i, offset + 8, Int32.self)
    let maxLon = field(section, i, offset + 12, Int32.self)
    guard minLat <= box.north, maxLat >= box.south, minLon <= box.east, maxLon >= box.west
    else { return false }
    return max(Int64(maxLat) - Int64(minLat), Int64(maxLon) - Int64(minLon)) >= minimumSpan
  }

  /// Areas whose outer ring's box meets the box from `south`-west to `north`-east and spans
  /// at least `minimumSpan` degrees (smaller ones would not show), sea first and buildings
  /// last (`MapArea.Kind.drawOrder`), through the polygon grid: O(polygons in the cells).
  /// A version-2 map answers from its outlines, without holes.
  public func areas(
    south: Double, west: Double, north: Double, east: Double, minimumSpan: Double
  ) -> [MapArea] {
    guard let box = Self.box(south, west, north, east) else { return [] }
    let span = minimumSpan.isFinite ? Int64(max(0, min(minimumSpan, 360)) * 1e7) : 0
    let w = wholeMap
    guard w.polygons.count > 0 else { return legacyAreas(box, span) }
    var ids: [Int] = []
    func collect(_ cell: Int) {
      let upper = min(
        Int(field(w.polygonGridIndex, cell + 1, 0, UInt32.self)), w.polygonGridEntries.count)
      let lower = min(Int(field(w.polygonGridIndex, cell, 0, UInt32.self)), upper)
      for i in lower..<upper { ids.append(Int(field(w.polygonGridEntries, i, 0, UInt32.self))) }
    }
    for cell in grid.cells(
      minLatitude: Int64(box.south), minLongitude: Int64(box.west),
      maxLatitude: Int64(box.north), maxLongitude: Int64(box.east))
    {
      collect(cell)
    }
    collect(grid.cellCount)
    ids.sort()
    var result: [MapArea] = []
    var previous = -1
    for id in ids where id != previous && id < w.polygons.count {
      previous = id
      guard meets(w.polygons, id, at: 12, box, minimumSpan: span),
        let kind = MapArea.Kind(rawValue: field(w.polygons, id, 0, UInt8.self))
      else { continue }
      let first = Int(field(w.polygons, id, 4, UInt32.self))
      let count = Int(field(w.polygons, id, 8, UInt32.self))
      guard first <= w.rings.count, count >= 1, count <= w.rings.count - first else { continue }
      var rings = (first..<first + count).map { ring($0) }
      let outline = rings.removeFirst()
      result.append(MapArea(kind: kind, outline: outline, holes: rings.filter { $0.count >= 4 }))
    }
    return result.sorted { $0.kind.drawOrder < $1.kind.drawOrder }
  }

  /// Ring `i`'s points; empty when the record points outside `RPTS` (a damaged file).
  private func ring(_ i: Int) -> [Coordinate] {
    let w = wholeMap
    let first = Int(field(w.rings, i, 0, UInt32.self))
    let count = Int(field(w.rings, i, 4, UInt32.self))
    guard first <= w.ringPoints.count, count <= w.ringPoints.count - first else { return [] }
    return (first..<first + count).map { point(w.ringPoints, $0) }
  }

  /// The outlines of a version-2 map (`AREA`, `APTS`): a linear pass over the records.
  private func legacyAreas(
    _ box: (south: Int32, west: Int32, north: Int32, east: Int32), _ span: Int64
  ) -> [MapArea] {
    var result: [MapArea] = []
    for i in 0..<areaRecords.count {
      guard meets(areaRecords, i, at: 12, box, minimumSpan: span),
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

  public func areas(south: Double, west: Double, north: Double, east: Double) -> [MapArea] {
    areas(south: south, west: west, north: north, east: east, minimumSpan: 0)
  }

  /// How many areas the map holds (polygons, or version-2 outlines).
  public var areaCount: Int {
    wholeMap.polygons.count > 0 ? wholeMap.polygons.count : areaRecords.count
  }

  /// On a bridge, in a tunnel or on the ground, and the layer; `.ground` in a map without
  /// `EATR`.
  public func structure(ofEdge id: Int) -> EdgeStructure {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    let w = wholeMap
    guard w.edgeAttributes.count > 0 else { return .ground }
    let kind = EdgeStructure.Kind(rawValue: field(w.edgeAttributes, id, 0, UInt8.self)) ?? .ground
    return EdgeStructure(kind: kind, layer: Int(field(w.edgeAttributes, id, 1, Int8.self)))
  }

  /// The speed limit of edge `id` in its direction, with its unit and where it comes from;
  /// nil when the map does not know it (or predates version 3).
  public func speedLimit(ofEdge id: Int) -> SpeedLimit? {
    precondition(id >= 0 && id < edgeCount, "edge \(id) out of range")
    let w = wholeMap
    guard w.edgeAttributes.count > 0 else { return nil }
    let value = Int(field(w.edgeAttributes, id, 2, UInt16.self))
    guard value > 0,
      let unit = SpeedLimit.Unit(rawValue: field(w.edgeAttributes, id, 4, UInt8.self)),
      let source = SpeedLimit.Source(rawValue: field(w.edgeAttributes, id, 5, UInt8.self))
    else { return nil }
    return SpeedLimit(value: value, unit: unit, source: source)
  }

  /// The overview lines of `band` whose box meets the box from `south`-west to
  /// `north`-east: O(lines of the map) over fixed-size records, decoding only those that meet.
  public func overviewLines(
    band: OverviewLine.Band, south: Double, west: Double, north: Double, east: Double
  ) -> [OverviewLine] {
    guard let box = Self.box(south, west, north, east) else { return [] }
    let w = wholeMap
    let lo = firstOverviewLine(atLeast: band.rawValue)
    var result: [OverviewLine] = []
    var i = lo
    while i < w.overviewLines.count, field(w.overviewLines, i, 0, UInt8.self) == band.rawValue {
      defer { i += 1 }
      guard meets(w.overviewLines, i, at: 12, box, minimumSpan: 0),
        let roadClass = RoadClass(rawValue: Int(field(w.overviewLines, i, 1, UInt8.self)))
      else { continue }
      let first = Int(field(w.overviewLines, i, 4, UInt32.self))
      let count = Int(field(w.overviewLines, i, 8, UInt32.self))
      guard first <= w.overviewPoints.count, count <= w.overviewPoints.count - first else {
        continue
      }
      result.append(
        OverviewLine(
          roadClass: roadClass, points: (first..<first + count).map { point(w.overviewPoints, $0) }
        ))
    }
    return result
  }

  /// How many overview lines the map holds, over every band.
  public var overviewLineCount: Int { wholeMap.overviewLines.count }

  /// The first overview record of a band at least `band`: a binary search over the records
  /// sorted by band.
  private func firstOverviewLine(atLeast band: UInt8) -> Int {
    let section = wholeMap.overviewLines
    var lo = 0
    var hi = section.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if field(section, mid, 0, UInt8.self) < band { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
