import Navigation
import Routing

extension RoadMap {
  /// Checks the sections of version 3: every polygon's rings and every ring's points inside
  /// their sections, the polygon grid's offsets and ids, every edge attribute and overview
  /// line in range.
  func verifyWholeMap() throws(RoutingError) {
    func fail(_ section: String, _ message: String) -> RoutingError {
      RoutingError(.malformed, message, file: name, section: section)
    }
    let w = wholeMap
    func inside(_ section: Section, _ i: Int, of target: Section, minimum: Int) -> Bool {
      let first = Int(field(section, i, 4, UInt32.self))
      let count = Int(field(section, i, 8, UInt32.self))
      return count >= minimum && first <= target.count && count <= target.count - first
    }
    for i in 0..<w.polygons.count {
      guard MapArea.Kind(rawValue: field(w.polygons, i, 0, UInt8.self)) != nil else {
        throw fail("POLY", "polygon \(i) has an unknown kind")
      }
      guard inside(w.polygons, i, of: w.rings, minimum: 1) else {
        throw fail("POLY", "polygon \(i)'s rings are outside RING")
      }
    }
    for i in 0..<w.rings.count {
      let first = Int(field(w.rings, i, 0, UInt32.self))
      let count = Int(field(w.rings, i, 4, UInt32.self))
      guard count >= 4, first <= w.ringPoints.count, count <= w.ringPoints.count - first,
        field(w.rings, i, 8, UInt8.self) <= 1
      else { throw fail("RING", "ring \(i) is not a closed ring inside RPTS") }
    }
    for (section, tag) in [(w.ringPoints, "RPTS"), (w.overviewPoints, "OVPT")] {
      for i in 0..<section.count {
        let lat = field(section, i, 0, Int32.self)
        let lon = field(section, i, 4, Int32.self)
        guard abs(Int(lat)) <= 900_000_000, abs(Int(lon)) <= 1_800_000_000 else {
          throw fail(tag, "point \(i) at \(lat), \(lon) is outside ±90°/±180°")
        }
      }
    }
    if w.polygons.count > 0 {
      try verifyOffsets(w.polygonGridIndex, "PGRX", total: w.polygonGridEntries.count)
      let last = Int(field(w.polygonGridIndex, w.polygonGridIndex.count - 1, 0, UInt32.self))
      guard last == w.polygonGridEntries.count else {
        throw fail(
          "PGRX", "offsets end at \(last), not at the \(w.polygonGridEntries.count) entries")
      }
    }
    for i in 0..<w.polygonGridEntries.count
    where Int(field(w.polygonGridEntries, i, 0, UInt32.self)) >= w.polygons.count {
      throw fail("PGRE", "entry \(i) is not a polygon")
    }
    for i in 0..<w.edgeAttributes.count {
      let structure = field(w.edgeAttributes, i, 0, UInt8.self)
      let layer = field(w.edgeAttributes, i, 1, Int8.self)
      let limit = field(w.edgeAttributes, i, 2, UInt16.self)
      let unit = field(w.edgeAttributes, i, 4, UInt8.self)
      let source = field(w.edgeAttributes, i, 5, UInt8.self)
      guard EdgeStructure.Kind(rawValue: structure) != nil, (-5...5).contains(layer),
        SpeedLimit.Unit(rawValue: unit) != nil, limit <= 300,
        (limit == 0) == (source == 0), source == 0 || SpeedLimit.Source(rawValue: source) != nil
      else { throw fail("EATR", "edge \(i)'s structure, layer or limit is out of range") }
    }
    var previousBand: UInt8 = 0
    for i in 0..<w.overviewLines.count {
      let band = field(w.overviewLines, i, 0, UInt8.self)
      guard band >= previousBand, OverviewLine.Band(rawValue: band) != nil,
        RoadClass(rawValue: Int(field(w.overviewLines, i, 1, UInt8.self))) != nil,
        inside(w.overviewLines, i, of: w.overviewPoints, minimum: 2)
      else { throw fail("OVLN", "line \(i) is out of order or out of range") }
      previousBand = band
    }
  }
}
