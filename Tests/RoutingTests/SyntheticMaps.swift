import Geo
import Routing

/// Small synthetic road networks laid out in metres east and north of a point in
/// Helsinki.
enum SyntheticMaps {
  static let origin = Coordinate(latitude: 60.17, longitude: 24.94)

  static func point(_ east: Double, _ north: Double) -> Coordinate {
    LocalProjection(origin: origin).unproject(PlanePoint(x: east, y: north))
  }

  /// A square grid of `size`×`size` nodes `spacing` metres apart, two-way residential
  /// streets named "Row N" (west–east) and "Column N" (south–north). Node id of (column,
  /// row) is `row * size + column`.
  static func grid(
    size: Int = 5, spacing: Double = 100,
    configure: (inout InMemoryRoadGraph.Builder, (Int, Int) -> Int) -> Void = { _, _ in }
  ) -> InMemoryRoadGraph {
    var builder = InMemoryRoadGraph.Builder()
    for row in 0..<size {
      for column in 0..<size {
        builder.node(east: Double(column) * spacing, north: Double(row) * spacing, from: origin)
      }
    }
    let id = { (column: Int, row: Int) in row * size + column }
    configure(&builder, id)
    return builder.build()
  }

  /// Adds the grid's streets (call from `grid`'s `configure`, after any special roads, or
  /// skip the rows and columns given).
  static func addStreets(
    _ builder: inout InMemoryRoadGraph.Builder, size: Int, id: (Int, Int) -> Int,
    skipRows: Set<Int> = [], skipColumns: Set<Int> = []
  ) {
    for row in 0..<size where !skipRows.contains(row) {
      builder.road((0..<size).map { id($0, row) }, name: "Row \(row)")
    }
    for column in 0..<size where !skipColumns.contains(column) {
      builder.road((0..<size).map { id(column, $0) }, name: "Column \(column)")
    }
  }

  /// The node ids a path passes through, start node of the first edge first.
  static func nodes(_ path: RoutePath, in graph: some RoadGraph) -> [Int] {
    guard let first = path.edges.first else { return [] }
    return [graph.edge(first).from] + path.edges.map { graph.edge($0).to }
  }
}
