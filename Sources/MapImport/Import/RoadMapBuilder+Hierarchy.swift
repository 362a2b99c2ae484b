import Contraction
import MapFile
import Routing

extension RoadMapBuilder {
  /// Contracts the moves of `content`'s routing table into its routing hierarchy
  /// (`HierarchyBuilder`, with the router's default costs for the map's driving side: the
  /// hierarchy of a router over the map), or notes in `summary` why there is none. With `releasingRouting`, the
  /// routing table is taken out of `content` (another copy of it is kept) and let go once
  /// the contraction has read it.
  func addHierarchy(
    to content: inout MapContent, releasingRouting: Bool = false, summary: inout Summary,
    progress: (Int, Int) -> Void
  ) {
    guard summary.edges > 0 else { return }
    guard let routing = content.routing else {
      summary.hierarchyProblem = "no routing table: \(summary.routingTableProblem ?? "none")"
      return
    }
    if releasingRouting { content.routing = nil }
    do {
      // A temporary, consumed by its build: a variable would keep the table to its end.
      let options = RouterOptions(drivingSide: .traffic(in: content.country))
      let tables = try HierarchyBuilder(
        routing: consume routing, options: options, scratchFolder: scratchFolder
      ).build(progress: progress)
      summary.hierarchyArcs = tables.arcs.count
      summary.hierarchyShortcuts =
        tables.arcs.reduce(0) { $0 + ($1.middle != HierarchyTables.noMiddle ? 1 : 0) } / 2
      content.hierarchy = consume tables
    } catch {
      summary.hierarchyProblem = "\(error)"
    }
  }
}
