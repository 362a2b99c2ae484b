import Routing

/// The sections of version 3 (`MapContent.WholeMap`): polygons with their rings and grid,
/// edge attributes, overview lines. Each is written only when it has records.
extension MapFileWriter {
  /// Polygons spanning more grid cells than this are listed once, in the last range of
  /// `PGRX`, rather than in every cell (the sea would fill a country's grid).
  static let largePolygonCells = 256

  func wholeMapSections(grid: SpatialGrid) -> [(
    MapFileLayout.Section, count: Int, bytes: ByteBuffer
  )] {
    let whole = content.wholeMap
    var sections: [(MapFileLayout.Section, count: Int, bytes: ByteBuffer)] = []
    func add(_ section: MapFileLayout.Section, _ count: Int, _ fill: (inout ByteBuffer) -> Void) {
      guard count > 0 else { return }
      var buffer = ByteBuffer()
      buffer.reserve(count * section.recordSize)
      fill(&buffer)
      precondition(buffer.bytes.count == count * section.recordSize, "\(section) size")
      sections.append((section, count, buffer))
    }
    func box(_ points: [MapContent.Point], into b: inout ByteBuffer) {
      b.int32(points.map(\.latitude).min() ?? 0)
      b.int32(points.map(\.longitude).min() ?? 0)
      b.int32(points.map(\.latitude).max() ?? 0)
      b.int32(points.map(\.longitude).max() ?? 0)
    }

    let rings = whole.polygons.flatMap(\.rings)
    add(.polygons, whole.polygons.count) { b in
      var first: UInt32 = 0
      for polygon in whole.polygons {
        b.bytes.append(contentsOf: [polygon.kind, 0, 0, 0])
        b.uint32(first)
        b.uint32(UInt32(polygon.rings.count))
        box(polygon.rings.first ?? [], into: &b)
        b.uint32(0)
        first += UInt32(polygon.rings.count)
      }
    }
    add(.rings, rings.count) { b in
      var first: UInt32 = 0
      for polygon in whole.polygons {
        for (i, ring) in polygon.rings.enumerated() {
          b.uint32(first)
          b.uint32(UInt32(ring.count))
          b.bytes.append(contentsOf: [i == 0 ? 0 : 1, 0, 0, 0, 0, 0, 0, 0])
          first += UInt32(ring.count)
        }
      }
    }
    add(.ringPoints, rings.reduce(0) { $0 + $1.count }) { b in
      for ring in rings {
        for p in ring {
          b.int32(p.latitude)
          b.int32(p.longitude)
        }
      }
    }
    if !whole.polygons.isEmpty {
      let cells = polygonCells(grid)
      add(.polygonGridIndex, grid.cellCount + 2) { b in b.offsets(of: cells) }
      add(.polygonGridEntries, cells.reduce(0) { $0 + $1.count }) { b in b.entries(of: cells) }
    }
    add(.edgeAttributes, whole.edgeAttributes.count) { b in
      for a in whole.edgeAttributes {
        b.bytes.append(contentsOf: [a.structure, UInt8(bitPattern: a.layer)])
        b.uint16(a.limit)
        b.bytes.append(contentsOf: [a.unit, a.source, 0, 0])
      }
    }
    add(.overviewLines, whole.overview.count) { b in
      var first: UInt32 = 0
      for line in whole.overview {
        b.bytes.append(contentsOf: [line.band, line.roadClass, 0, 0])
        b.uint32(first)
        b.uint32(UInt32(line.points.count))
        box(line.points, into: &b)
        b.uint32(0)
        first += UInt32(line.points.count)
      }
    }
    add(.overviewPoints, whole.overview.reduce(0) { $0 + $1.points.count }) { b in
      for line in whole.overview {
        for p in line.points {
          b.int32(p.latitude)
          b.int32(p.longitude)
        }
      }
    }
    return sections
  }

  /// For each grid cell, the polygons whose outer ring's box meets it; then the polygons too
  /// large for that, or wholly outside the grid (which covers the roads only), in one more
  /// list.
  private func polygonCells(_ grid: SpatialGrid) -> [[UInt32]] {
    var cells = [[UInt32]](repeating: [], count: grid.cellCount + 1)
    for (id, polygon) in content.wholeMap.polygons.enumerated() {
      let outer = polygon.rings.first ?? []
      guard let minLat = outer.map(\.latitude).min(), let maxLat = outer.map(\.latitude).max(),
        let minLon = outer.map(\.longitude).min(), let maxLon = outer.map(\.longitude).max()
      else { continue }
      let touched = grid.cells(
        minLatitude: Int64(minLat), minLongitude: Int64(minLon), maxLatitude: Int64(maxLat),
        maxLongitude: Int64(maxLon))
      if touched.isEmpty || touched.count > Self.largePolygonCells {
        cells[grid.cellCount].append(UInt32(id))
      } else {
        for cell in touched { cells[cell].append(UInt32(id)) }
      }
    }
    return cells
  }
}
