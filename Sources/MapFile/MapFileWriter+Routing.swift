import Routing

extension MapFileWriter {
  /// `RTMT`, `RTED`, `RTND`, `RTRS` and `RTCL`.
  static func routingSections(_ r: RoutingTableRecords) -> [LaidOut] {
    [
      (.routingMeta, 1, .laidOut(r.meta)),
      (.routingEdges, r.edgeCount, .laidOut(ByteBuffer(bytes: r.edges))),
      (.routingNodes, r.nodeCount, .laidOut(ByteBuffer(bytes: r.nodes))),
      (.routingRestrictions, r.restrictionCount, .laidOut(ByteBuffer(bytes: r.restrictions))),
      (.routingClasses, r.edgeCount, .laidOut(ByteBuffer(bytes: r.classes))),
    ]
  }
}
