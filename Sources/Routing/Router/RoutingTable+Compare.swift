import Foundation

extension RoutingTable {
  /// Whether edge `e`'s record holds the same bytes in both tables.
  package func sameEdge(_ e: Int, as other: RoutingTable) -> Bool {
    let size = RoutingTableRecords.edgeRecordSize
    return memcmp(edges + e * size, other.edges + e * size, size) == 0
      && classes(e) == other.classes(e)
  }

  /// Whether node `n`'s record holds the same bytes in both tables.
  package func sameNode(_ n: Int, as other: RoutingTable) -> Bool {
    let size = RoutingTableRecords.nodeRecordSize
    return memcmp(nodes + n * size, other.nodes + n * size, size) == 0
  }

  /// Whether both tables hold the same restrictions, in the same order, and the same
  /// fastest speed.
  package func sameRestrictions(as other: RoutingTable) -> Bool {
    restrictionCount == other.restrictionCount && maximumSpeed == other.maximumSpeed
      && memcmp(
        restrictionRecords, other.restrictionRecords,
        restrictionCount * RoutingTableRecords.restrictionRecordSize) == 0
  }
}
