import Foundation
import Geo
import MapImport
import Routing
import Testing

/// The sea from coastline ways: land on the left of the way, the box closing the rest.
@Suite("Coastline")
struct CoastlineTests {
  static let coast = ["natural": "coastline"]

  @Test("a coast across the box with a bay: sea on its right, the bay too")
  func bay() throws {
    var x = AreaExtract()
    // Westward, land on the left (south); the bay dips south in the middle.
    let c = x.nodes([(60.05, 25.1), (60.05, 25.06), (60.02, 25.05), (60.05, 25.04), (60.05, 25.0)])
    x.way(10, Array(c[0...2]), Self.coast)
    x.way(11, Array(c[2...4]), Self.coast)
    let (map, summary) = try x.map()
    #expect(summary.wholeMap.areas.coastlineWays == 2)
    #expect(summary.wholeMap.areas.seaPolygons == 1)
    #expect(map.kinds(at: 60.09, 25.05) == [.sea])
    #expect(map.kinds(at: 60.035, 25.05) == [.sea], "the bay")
    #expect(map.kinds(at: 60.035, 25.02).isEmpty, "land beside the bay")
    #expect(map.kinds(at: 60.01, 25.05).isEmpty)
  }

  @Test("an island is land inside the sea")
  func island() throws {
    var x = AreaExtract()
    let c = x.nodes([(60.05, 25.1), (60.05, 25.0)])
    x.way(10, c, Self.coast)
    // Counter-clockwise: land inside.
    let i = x.nodes([(60.08, 25.07), (60.08, 25.08), (60.09, 25.08), (60.09, 25.07)])
    x.way(11, [i[0], i[1], i[2], i[3], i[0]], Self.coast)
    let (map, _) = try x.map()
    #expect(map.kinds(at: 60.085, 25.075).isEmpty, "the island")
    #expect(map.kinds(at: 60.085, 25.05) == [.sea])
    #expect(map.kinds(at: 60.02, 25.05).isEmpty)
  }

  @Test("only islands: the whole box is sea around them")
  func onlyIslands() throws {
    var x = AreaExtract()
    let i = x.nodes([(60.04, 25.04), (60.04, 25.06), (60.06, 25.06), (60.06, 25.04)])
    x.way(11, [i[0], i[1], i[2], i[3], i[0]], Self.coast)
    let (map, _) = try x.map()
    #expect(map.kinds(at: 60.05, 25.05).isEmpty)
    #expect(map.kinds(at: 60.09, 25.09) == [.sea])
  }

  @Test("a coast that runs beyond the box is clipped to it")
  func crossingTheBox() throws {
    var x = AreaExtract()
    // From outside the east edge west to the middle, then north out of the box: the land
    // on the left is all but the north-east corner, the sea.
    let c = x.nodes([(60.03, 25.2), (60.05, 25.05), (60.2, 25.04)])
    x.way(10, c, Self.coast)
    let (map, _) = try x.map()
    #expect(map.kinds(at: 60.09, 25.09) == [.sea])
    #expect(map.kinds(at: 60.02, 25.09).isEmpty && map.kinds(at: 60.09, 25.01).isEmpty)
    let sea = try #require(map.areas(south: 59, west: 24, north: 61, east: 26).first)
    #expect(
      sea.outline.allSatisfy {
        (60.0...60.1).contains($0.latitude) && (25.0...25.1).contains($0.longitude)
      })
  }

  @Test("no coastline, no sea")
  func noCoast() throws {
    let (map, summary) = try AreaExtract().map()
    #expect(summary.wholeMap.areas.seaPolygons == 0)
    #expect(map.kinds(at: 60.05, 25.05).isEmpty)
  }
}
