import Foundation

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
  init(minLatitude: Int32, minLongitude: Int32, maxLatitude: Int32, maxLongitude: Int32) {
    let middle = (Double(minLatitude) + Double(maxLatitude)) / 2e7
    var cellLat = 11_250  // 0.001125° ≈ 125 m
    var cellLon = Int(
      (Double(cellLat) / max(0.05, cos(middle * .pi / 180))).rounded())
    let height = Int(maxLatitude) - Int(minLatitude)
    let width = Int(maxLongitude) - Int(minLongitude)
    while (height / cellLat + 1) * (width / cellLon + 1) > Self.maximumCells {
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
}
