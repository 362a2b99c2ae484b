import Contraction
import MapFile
import Routing

extension RoadMapBuilder {
  /// Contracts the roads of `content` into its routing hierarchy (`HierarchyBuilder`, with
  /// the router's default costs), or notes in `summary` why there is none.
  func addHierarchy(
    to content: inout MapContent, summary: inout Summary, progress: (Int, Int) -> Void
  ) {
    guard !content.edges.isEmpty else { return }
    do {
      // The roads' map lives only while the builder reads its moves.
      let tables = try HierarchyBuilder(
        router: Router(
          graph: MapFileWriter(content: content.roadsOnly).map(name: "roads"))
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
