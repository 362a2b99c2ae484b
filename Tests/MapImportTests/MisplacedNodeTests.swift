import Foundation
import Testing

@testable import MapFile
@testable import MapImport
@testable import OSMPBF
@testable import Routing

/// A node misplaced at 0°, 0° (a common mapping error) stretches one segment across the
/// world: the spatial index must cost what the segment crosses, not its bounding box.
@Suite("A node at 0°, 0°")
struct MisplacedNodeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("a long segment is indexed in the cells it crosses, a short one in its box")
  func cellsAlongASegment() {
    // Helsinki to 0°, 0°: the grid at its 4M-cell cap.
    let grid = SpatialGrid(
      minLatitude: 0, minLongitude: 0, maxLatitude: 601_700_000, maxLongitude: 249_400_000)
    #expect(grid.cellCount > 1_000_000)
    let across = grid.cells(alongSegmentFrom: (0, 0), to: (601_700_000, 249_400_000))
    #expect(across.count < 4 * (grid.rows + grid.columns), "\(across.count) cells")
    #expect(Set(across).count == across.count)
    // Its ends and its middle are among them.
    let middle = grid.row(300_850_000) * grid.columns + grid.column(124_700_000)
    #expect(across.contains(0) && across.contains(grid.cellCount - 1) && across.contains(middle))
    // A segment within a few cells keeps its whole box, as before.
    let short = grid.cells(
      alongSegmentFrom: (100_000_000, 100_000_000), to: (100_001_000, 100_001_000))
    let box = grid.cells(
      minLatitude: 100_000_000, minLongitude: 100_000_000, maxLatitude: 100_001_000,
      maxLongitude: 100_001_000)
    #expect(short == box)
  }

  @Test("an extract with a node at 0°, 0° imports into a map that opens and verifies")
  func importsAndOpens() throws {
    let url = Self.root.appendingPathComponent("Tests/Fixtures/malformed/node-at-zero-zero.osm.pbf")
    let output = try MapImporter().importPBF(try PBFFile(contentsOf: url.path))
    let map = try RoadMap(data: output.data)
    try map.verify()
    #expect(map.edgeCount > 0)
  }
}
