/// Points bucketed by a square grid of `cell` 1e-7 degrees, to find those in a box without
/// looking at every one.
struct PointGrid: Sendable {
  private struct Cell: Hashable, Sendable {
    var row: Int32
    var column: Int32
  }

  private let cell: Int32
  private var cells: [Cell: [Int]] = [:]

  init(cell: Int32) { self.cell = cell }

  private func key(_ latitude: Int32, _ longitude: Int32) -> Cell {
    Cell(
      row: latitude / cell - (latitude < 0 ? 1 : 0),
      column: longitude / cell - (longitude < 0 ? 1 : 0))
  }

  /// Files `item` under every cell the box touches; false (nothing filed) for a box of
  /// 10,000 cells or more.
  @discardableResult
  mutating func insert(
    _ item: Int, box: (south: Int32, west: Int32, north: Int32, east: Int32)
  ) -> Bool {
    let low = key(box.south, box.west)
    let high = key(box.north, box.east)
    guard Int(high.row - low.row) * Int(high.column - low.column) < 10_000 else { return false }
    for row in low.row...high.row {
      for column in low.column...high.column {
        cells[Cell(row: row, column: column), default: []].append(item)
      }
    }
    return true
  }

  /// The items filed under the cells the box touches, ascending, without repeats.
  func items(in box: (south: Int32, west: Int32, north: Int32, east: Int32)) -> [Int] {
    let low = key(box.south, box.west)
    let high = key(box.north, box.east)
    guard Int(high.row - low.row) * Int(high.column - low.column) < 10_000 else { return [] }
    var found = Set<Int>()
    for row in low.row...high.row {
      for column in low.column...high.column {
        found.formUnion(cells[Cell(row: row, column: column)] ?? [])
      }
    }
    return found.sorted()
  }

  /// The box of `points`.
  static func box(_ points: [Outline.Point]) -> (
    south: Int32, west: Int32, north: Int32, east: Int32
  ) {
    (
      points.map(\.latitude).min() ?? 0, points.map(\.longitude).min() ?? 0,
      points.map(\.latitude).max() ?? 0, points.map(\.longitude).max() ?? 0
    )
  }
}
