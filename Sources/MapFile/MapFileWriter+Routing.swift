import Routing

extension MapFileWriter {
  /// `RTMT`, `RTED`, `RTND` and `RTRS`.
  func routingSections(_ r: RoutingTableRecords) -> [(
    MapFileLayout.Section, count: Int, bytes: ByteBuffer
  )] {
    [
      (.routingMeta, 1, r.meta), (.routingEdges, r.edgeCount, ByteBuffer(bytes: r.edges)),
      (.routingNodes, r.nodeCount, ByteBuffer(bytes: r.nodes)),
      (.routingRestrictions, r.restrictionCount, ByteBuffer(bytes: r.restrictions)),
    ]
  }
}
