import Routing

extension MapFileWriter {
  /// `RTMT`, `RTED`, `RTND` and `RTRS`.
  static func routingSections(_ r: RoutingTableRecords) -> [LaidOut] {
    [
      (.routingMeta, 1, .laidOut(r.meta)),
      (.routingEdges, r.edgeCount, .laidOut(ByteBuffer(bytes: r.edges))),
      (.routingNodes, r.nodeCount, .laidOut(ByteBuffer(bytes: r.nodes))),
      (.routingRestrictions, r.restrictionCount, .laidOut(ByteBuffer(bytes: r.restrictions))),
    ]
  }
}
