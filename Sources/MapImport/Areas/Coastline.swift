/// The sea, from `natural=coastline` ways: OpenStreetMap draws the coast with the land on
/// the left of the way's direction, and has no area for the sea.
///
/// The ways are joined end to end (never reversed), cut where the extract lacks their
/// nodes and clipped to the extract's box. Turned round, each piece has the sea on its left,
/// so following the box counter-clockwise from each piece's end to the next piece's start
/// closes the sea's rings (`ExtractBox.close`). A closed coast inside the box is an island
/// (counter-clockwise, land inside) and becomes a hole in the sea around it; with no coast
/// crossing the box, the whole box is sea when it holds an island. No coastline, no sea.
enum Coastline {
  /// The sea's polygons (outer ring first, then its islands), in the box.
  static func sea(_ ways: [[Int64]], assembly: inout AreaAssembly) -> [[[PlanarPoint]]] {
    guard !ways.isEmpty, let box = assembly.box else { return [] }
    var pieces: [[PlanarPoint]] = []
    var islands: [[PlanarPoint]] = []
    for line in WayChains.join(ways, reversing: false) {
      let (runs, complete) = assembly.runs(line)
      for run in runs {
        if complete, run.allSatisfy(box.contains) {
          islands.append(run)
          continue
        }
        var parts = box.clip(run)
        // A closed coast clipped: its first and last parts are one, across its start.
        if complete, parts.count >= 2, box.contains(run[0]),
          let last = parts.last, let first = parts.first
        {
          parts[0] = last + first.dropFirst()
          parts.removeLast()
        }
        pieces += parts
      }
    }
    var rings: [[PlanarPoint]] = []
    let sea = pieces.map { Array($0.reversed()) }
    if !sea.isEmpty {
      rings = assembly.closeAlongBox(oriented: sea, loose: [], probes: [])
    }
    // Islands reversed have the sea on their left: clockwise ones are land, holes in the sea;
    // a counter-clockwise one is a sea enclosed by land (a lagoon inside the box).
    let reversedIslands = islands.map { Array($0.reversed()) }
    rings += reversedIslands
    if sea.isEmpty, reversedIslands.contains(where: { PlanarRing.signedArea($0) < 0 }) {
      rings.append(box.ring)
    }
    return assembly.nest(rings)
  }
}
