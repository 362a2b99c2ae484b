import MapImport

extension MapsCommand {
  /// The import's lines on areas, the sea, bridges, tunnels, limits and the overview, with
  /// what was left out and why.
  static func wholeMapLines(_ w: WholeMapSummary) -> [String] {
    let a = w.areas
    let overview = zip(w.overviewLines, w.overviewPoints).map { "\($0.0) lines \($0.1) points" }
    return [
      "  areas: \(a.buildings) buildings, \(a.relations) multipolygons (\(a.relationsLeftOut) left out, \(a.membersMissing) member ways missing), sea \(a.seaPolygons) polygons from \(a.coastlineWays) coastline ways",
      "  rings closed along the extract's box \(a.closedAlongBox); left out: \(a.unclosableLines) lines ending inside the box, \(a.strayHoles) holes outside any ring; \(a.selfIntersectingRings) rings crossing themselves (kept)",
      "  bridges \(w.bridgeEdges) edges, tunnels \(w.tunnelEdges) edges, signed speed limits on \(w.edgesWithSignedLimit) edges",
      "  overview: " + overview.joined(separator: ", "),
    ]
  }
}
