import Foundation
import Geo
import MapFile
import MapImport
import OSMPBF
import Routing
import Testing

/// Multipolygon relations: rings joined from their ways, holes, rings the extract's edge
/// cut, and broken relations counted rather than drawn wrong.
@Suite("Multipolygons")
struct MultipolygonTests {
  @Test("an outer ring of two ways (one reversed) with a hole")
  func ringWithHole() throws {
    var x = AreaExtract()
    let c = x.nodes([(60.02, 25.02), (60.02, 25.08), (60.08, 25.08), (60.08, 25.02)])
    // Both ways run from the south-west corner to the north-east one: the second is joined
    // reversed.
    x.way(10, [c[0], c[1], c[2]])
    x.way(11, [c[0], c[3], c[2]])
    let h = x.nodes([(60.04, 25.04), (60.04, 25.06), (60.06, 25.06), (60.06, 25.04)])
    x.way(12, [h[0], h[1], h[2], h[3], h[0]])
    x.multipolygon(100, outer: [10, 11], inner: [12], ["natural": "water"])
    let (map, summary) = try x.map()
    #expect(summary.wholeMap.areas.relations == 1)
    let areas = map.areas(south: 59, west: 24, north: 61, east: 26)
    let lake = try #require(areas.first { $0.kind == .water })
    #expect(lake.outline.count == 5 && lake.outline.first == lake.outline.last)
    #expect(lake.holes.count == 1)
    #expect(map.kinds(at: 60.03, 25.03) == [.water])
    #expect(map.kinds(at: 60.05, 25.05).isEmpty, "the hole")
  }

  @Test("rings the extract cut are closed along its box on the area's side")
  func openRingsAtTheBox() throws {
    var x = AreaExtract()
    // A wood in the north-west corner: its outer way runs from the west edge to the north
    // edge (the rest is outside the extract).
    let w = x.nodes([(60.05, 25.0), (60.07, 25.02), (60.08, 25.04), (60.1, 25.05)])
    x.way(10, w)
    x.multipolygon(100, outer: [10], ["landuse": "forest"])
    // A river across the whole box: its two banks are two lines, each edge to edge.
    let north = x.nodes([(60.1, 25.07), (60.06, 25.075), (60.0, 25.08)])
    let south = x.nodes([(60.0, 25.09), (60.06, 25.085), (60.1, 25.08)])
    x.way(20, north)
    x.way(21, south)
    x.multipolygon(101, outer: [20, 21], ["natural": "water", "water": "river"])
    let (map, summary) = try x.map()
    #expect(map.kinds(at: 60.095, 25.005) == [.forest], "the corner")
    #expect(map.kinds(at: 60.01, 25.05).isEmpty)
    #expect(map.kinds(at: 60.05, 25.08) == [.water], "between the banks")
    #expect(map.kinds(at: 60.05, 25.095).isEmpty && map.kinds(at: 60.05, 25.06).isEmpty)
    #expect(summary.wholeMap.areas.closedAlongBox == 2)
  }

  @Test("a closed way cut by the extract's edge is closed along it, not dropped")
  func cutClosedWay() throws {
    var x = AreaExtract()
    // A park around the south edge: two of its nodes lie outside the extract.
    let inside = x.nodes([(60.0, 25.04), (60.02, 25.04), (60.02, 25.06), (60.0, 25.06)])
    let outside = x.missingNodes(2)
    x.way(
      10, [inside[0], inside[1], inside[2], inside[3], outside[0], outside[1], inside[0]],
      ["leisure": "park"])
    let (map, _) = try x.map()
    #expect(map.kinds(at: 60.01, 25.05) == [.park])
    #expect(map.kinds(at: 60.03, 25.05).isEmpty)
  }

  @Test("broken relations are counted, never a crash")
  func brokenRelations() throws {
    var x = AreaExtract()
    // Members missing from the data.
    x.multipolygon(100, outer: [900, 901], ["landuse": "grass"])
    // An outer line ending in the middle of the box: unclosable.
    let loose = x.nodes([(60.0, 25.01), (60.05, 25.02), (60.05, 25.03)])
    x.way(10, loose)
    x.multipolygon(101, outer: [10], ["landuse": "residential"])
    // A bow tie: kept, counted as crossing itself.
    let bow = x.nodes([(60.06, 25.06), (60.08, 25.08), (60.08, 25.06), (60.06, 25.08)])
    x.way(11, [bow[0], bow[1], bow[2], bow[3], bow[0]])
    x.multipolygon(102, outer: [11], ["natural": "water"])
    // No way members at all.
    x.builder.addRelation(
      OSMRelation(
        id: 103, members: [.init(type: .node, ref: 1, role: "")],
        tags: ["type": "multipolygon", "building": "yes"]))
    let (map, summary) = try x.map()
    let a = summary.wholeMap.areas
    #expect(a.membersMissing == 2)
    #expect(a.unclosableLines == 1)
    #expect(a.selfIntersectingRings == 1)
    #expect(a.relationsLeftOut == 3)
    #expect(a.relations == 1)
    #expect(map.areaCount == 1)
  }

  @Test("a closed way that is a relation's outer ring is drawn once, with the hole")
  func taggedOuterWay() throws {
    var x = AreaExtract()
    let c = x.nodes([(60.02, 25.02), (60.02, 25.08), (60.08, 25.08), (60.08, 25.02)])
    x.way(10, [c[0], c[1], c[2], c[3], c[0]], ["building": "yes"])
    let h = x.nodes([(60.04, 25.04), (60.04, 25.06), (60.06, 25.06), (60.06, 25.04)])
    x.way(11, [h[0], h[1], h[2], h[3], h[0]])
    x.multipolygon(100, outer: [10], inner: [11], ["building": "yes"])
    let (map, summary) = try x.map()
    #expect(summary.wholeMap.areas.buildings == 1)
    #expect(map.kinds(at: 60.05, 25.05).isEmpty, "the courtyard")
  }

  @Test(
    "tags to kinds",
    arguments: [
      (["natural": "water"], MapArea.Kind?.some(.water)),
      (["waterway": "riverbank"], .water),
      (["landuse": "reservoir"], .water),
      (["leisure": "park"], .park),
      (["landuse": "forest"], .forest),
      (["natural": "wood"], .forest),
      (["landuse": "residential"], .residential),
      (["landuse": "industrial"], .industrial),
      (["landuse": "farmland"], .farmland),
      (["building": "yes"], .building),
      (["building": "no", "landuse": "grass"], .park),
      (["boundary": "administrative"], nil),
      (["highway": "pedestrian"], nil),
    ])
  func kinds(tags: [String: String], kind: MapArea.Kind?) {
    #expect(MapArea.Kind.of(tags) == kind)
  }
}
