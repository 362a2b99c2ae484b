import Foundation
import Routing

/// A uniform grid over a map's bounding box, in 1e-7 degrees, for finding edges near a
/// point.
///
/// Cells are about 125 m square (the longitude step is widened by 1/cos(latitude)), and
/// grow by doubling until the grid has at most 4,194,304 cells, so a country's index stays
/// a few megabytes.
struct SpatialGrid: Equatable {
  var originLatitude: Int32
  var originLongitude: Int32
  var cellLatitude: Int32
  var cellLongitude: Int32
  var columns: Int
  var rows: Int

  static let maximumCells = 1 << 22

  var cellCount: Int { columns * rows }

  init(
    originLatitude: Int32, originLongitude: Int32, cellLatitude: Int32, cellLongitude: Int32,
    columns: Int, rows: Int
  ) {
    self.originLatitude = originLatitude
    self.originLongitude = originLongitude
    self.cellLatitude = cellLatitude
    self.cellLongitude = cellLongitude
    self.columns = columns
    self.rows = rows
  }

  /// A grid covering the box (E7; min ≤ max).
  /// The most cells a grid over `edges` edges gets: four an edge (at least 1,024), so a
  /// small map spread over a large box (a few roads far apart) keeps a small index, and
  /// never more than `maximumCells`.
  static func cellLimit(edges: Int) -> Int {
    min(maximumCells, max(1024, edges.multipliedReportingOverflow(by: 4).partialValue))
  }

  init(
    minLatitude: Int32, minLongitude: Int32, maxLatitude: Int32, maxLongitude: Int32,
    cellLimit: Int = maximumCells
  ) {
    let middle = (Double(minLatitude) + Double(maxLatitude)) / 2e7
    var cellLat = 11_250  // 0.001125° ≈ 125 m
    var cellLon = Int(
      (Double(cellLat) / max(0.05, cos(middle * .pi / 180))).rounded())
    let height = Int(maxLatitude) - Int(minLatitude)
    let width = Int(maxLongitude) - Int(minLongitude)
    while (height / cellLat + 1) * (width / cellLon + 1) > min(cellLimit, Self.maximumCells) {
      cellLat *= 2
      cellLon *= 2
    }
    self.init(
      originLatitude: minLatitude, originLongitude: minLongitude,
      cellLatitude: Int32(clamping: cellLat), cellLongitude: Int32(clamping: cellLon),
      columns: width / cellLon + 1, rows: height / cellLat + 1)
  }

  /// The column of a longitude, clamped to the grid.
  func column(_ longitude: Int64) -> Int {
    let c = (longitude - Int64(originLongitude)) / Int64(max(1, cellLongitude))
    return Int(min(max(c, 0), Int64(columns - 1)))
  }

  /// The row of a latitude, clamped to the grid.
  func row(_ latitude: Int64) -> Int {
    let r = (latitude - Int64(originLatitude)) / Int64(max(1, cellLatitude))
    return Int(min(max(r, 0), Int64(rows - 1)))
  }

  /// Cell indices (row-major) of the cells the box touches; empty when it lies outside.
  func cells(minLatitude: Int64, minLongitude: Int64, maxLatitude: Int64, maxLongitude: Int64)
    -> [Int]
  {
    let top = Int64(originLatitude) + Int64(rows) * Int64(cellLatitude)
    let right = Int64(originLongitude) + Int64(columns) * Int64(cellLongitude)
    guard maxLatitude >= Int64(originLatitude), minLatitude < top,
      maxLongitude >= Int64(originLongitude), minLongitude < right
    else { return [] }
    var result: [Int] = []
    for r in row(minLatitude)...row(maxLatitude) {
      for c in column(minLongitude)...column(maxLongitude) { result.append(r * columns + c) }
    }
    return result
  }

  /// Cell indices of the cells the straight segment from `a` to `b` (1e-7 degrees) crosses,
  /// or a few more; no duplicates. A short segment gets the cells of its bounding box; a
  /// long one (a node misplaced at 0°, 0° in an extract of Helsinki) is walked in steps of
  /// half a cell, so its cost grows with its length in cells, not with its box's area.
  func cells(
    alongSegmentFrom a: (latitude: Int32, longitude: Int32),
    to b: (latitude: Int32, longitude: Int32)
  ) -> [Int] {
    let box = cells(
      minLatitude: Int64(min(a.latitude, b.latitude)),
      minLongitude: Int64(min(a.longitude, b.longitude)),
      maxLatitude: Int64(max(a.latitude, b.latitude)),
      maxLongitude: Int64(max(a.longitude, b.longitude)))
    guard box.count > Self.boxLimit else { return box }
    let rowsSpanned =
      Double(abs(Int64(b.latitude) - Int64(a.latitude))) / Double(max(1, cellLatitude))
    let columnsSpanned =
      Double(abs(Int64(b.longitude) - Int64(a.longitude))) / Double(max(1, cellLongitude))
    let steps = Int((max(rowsSpanned, columnsSpanned) * 2).rounded(.up)) + 1
    var seen = Set<Int>()
    var result: [Int] = []
    var previous = a
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      let point = (
        latitude: Int32(Double(a.latitude) + (Double(b.latitude) - Double(a.latitude)) * t),
        longitude: Int32(Double(a.longitude) + (Double(b.longitude) - Double(a.longitude)) * t)
      )
      // The box of two points half a cell apart is at most 2 × 2 cells: the corners a
      // segment cuts are in it.
      for cell in cells(
        minLatitude: Int64(min(previous.latitude, point.latitude)),
        minLongitude: Int64(min(previous.longitude, point.longitude)),
        maxLatitude: Int64(max(previous.latitude, point.latitude)),
        maxLongitude: Int64(max(previous.longitude, point.longitude)))
      where seen.insert(cell).inserted {
        result.append(cell)
      }
      previous = point
    }
    return result
  }

  /// Boxes of up to this many cells are taken whole.
  static let boxLimit = 16
}
