import Contraction
import Routing

extension RoadMapBuilder {
  /// Contracts the roads of `content` into its routing hierarchy (`HierarchyBuilder`, with
  /// the router's default costs), or notes in `summary` why there is none.
  func addHierarchy(
    to content: inout MapContent, summary: inout Summary, progress: (Int, Int) -> Void
  ) {
    guard !content.edges.isEmpty else { return }
    do {
      let roads = try RoadMap(data: MapFileWriter(content: content).data(), name: "roads")
      let tables = try HierarchyBuilder(router: Router(graph: roads)).build(progress: progress)
      content.hierarchy = tables
      summary.hierarchyArcs = tables.arcs.count
      summary.hierarchyShortcuts =
        tables.arcs.filter { $0.middle != HierarchyTables.noMiddle }
        .count / 2
    } catch {
      summary.hierarchyProblem = "\(error)"
    }
  }
}
