import Foundation
import Geo

/// The routing table as the map file stores it (`RTMT`, `RTED`, `RTND`, `RTRS`, `RTCL`; see
/// `MapFileLayout`): what `RoutingTable` reads, worked out from a road graph once.
///
/// The importer stores these records, so opening a map builds nothing; a graph without
/// them (an older map, a graph in memory) gets them built when its router is made. Values
/// are the graph's own (`RoadEdge.duration`, `RoadEdge.length`, `EdgeGeometry`'s bearings):
/// a stored table and a built one give the same routes, to the bit.
package struct RoutingTableRecords: Equatable, Sendable {
  /// The `RTMT` record's layout version.
  package static let layoutVersion: UInt32 = 1
  /// `RTED`: per edge the node it ends at, its twin (`UInt32.max` none), bearing out and in
  /// (Float32 degrees), flags (`Flag`), the roads meeting at its end node (UInt8, at most
  /// 255; 0 in maps written before it), the delay at that node (UInt16 0.1 s,
  /// `RoadEdge.endDelay`), search cost (Float32 s, `RoadEdge.weight`;
  /// 0 in maps written before it: the duration), duration (Float64 s), length (Float64 m).
  package static let edgeRecordSize = 40
  /// `RTND`: per node its unit vector (3 × Float64) and outgoing edges (first, end: UInt32).
  package static let nodeRecordSize = 32
  /// `RTRS`: from, via, to (UInt32), kind (UInt8: 0 no, 1 only), 3 reserved; sorted by
  /// `from`, in the graph's order within one `from`.
  package static let restrictionRecordSize = 16
  /// `RTCL`: per edge the kinds of road to avoid it belongs to (`AvoidableRoads`, UInt8);
  /// a map written before it has none, and its edges read as none.
  package static let classRecordSize = 1

  enum Flag {
    static let destinationOnly: UInt8 = 1
    /// The edge is the `from` of a restriction.
    static let restricted: UInt8 = 2
    /// Both ends on the graph's largest strongly connected component.
    static let onMainComponent: UInt8 = 4
    /// `RoadEdge.isUnderWorks`.
    static let underWorks: UInt8 = 8
    /// `RoadEdge.isRoundabout` (0 in maps written before it).
    static let roundabout: UInt8 = 16
  }

  package var edgeCount: Int
  package var nodeCount: Int
  /// The most metres per second of search cost on the map (at least 1), for the A* bound.
  package var maximumSpeed: Double
  package var edges: [UInt8]
  package var nodes: [UInt8]
  package var restrictions: [UInt8]
  /// `RTCL`: `AvoidableRoads.rawValue` per edge.
  package var classes: [UInt8]

  package var restrictionCount: Int { restrictions.count / Self.restrictionRecordSize }

  /// The table of `graph`: reads every edge, its shape and every restriction (O(edges)).
  package init(_ graph: some RoadGraph) {
    let edgeCount = graph.edgeCount
    let nodeCount = graph.nodeCount
    var to = [Int32](repeating: 0, count: edgeCount)
    var from = [Int32](repeating: 0, count: edgeCount)
    var wayID = [Int64](repeating: 0, count: edgeCount)
    var fastest = 1.0
    var edgeBuffer = ByteBuffer()
    edgeBuffer.reserve(edgeCount * Self.edgeRecordSize)
    var flags = [UInt8](repeating: 0, count: edgeCount)
    var durations = [Double](repeating: 0, count: edgeCount)
    var weights = [Float32](repeating: 0, count: edgeCount)
    var delays = [UInt16](repeating: 0, count: edgeCount)
    var lengths = [Double](repeating: 0, count: edgeCount)
    var bearings = [(out: Float, in: Float)](repeating: (0, 0), count: edgeCount)
    var classes = [UInt8](repeating: 0, count: edgeCount)
    for id in 0..<edgeCount {
      let edge = graph.edge(id)
      from[id] = Int32(edge.from)
      to[id] = Int32(edge.to)
      wayID[id] = edge.wayID
      durations[id] = edge.duration
      weights[id] = Float32(edge.weight)
      delays[id] = UInt16(min(max((edge.endDelay * 10).rounded(), 0), 65_535))
      lengths[id] = edge.length
      if edge.isDestinationOnly { flags[id] |= Flag.destinationOnly }
      if edge.isUnderWorks { flags[id] |= Flag.underWorks }
      if edge.isRoundabout { flags[id] |= Flag.roundabout }
      classes[id] = edge.avoidable.rawValue
      fastest = max(fastest, edge.speed, edge.length / max(Double(weights[id]), 1e-9))
      let shape = graph.geometry(ofEdge: id)
      bearings[id] = (
        Float(EdgeGeometry.initialBearing(shape)), Float(EdgeGeometry.finalBearing(shape))
      )
    }
    var outStart = [Int32](repeating: 0, count: nodeCount)
    var outEnd = [Int32](repeating: 0, count: nodeCount)
    var nodeBuffer = ByteBuffer()
    nodeBuffer.reserve(nodeCount * Self.nodeRecordSize)
    var restrictionList: [(order: Int, restriction: TurnRestriction)] = []
    for node in 0..<nodeCount {
      let range = graph.outgoing(from: node)
      outStart[node] = Int32(range.lowerBound)
      outEnd[node] = Int32(range.upperBound)
      let c = graph.coordinate(ofNode: node)
      let lat = c.latitude * .pi / 180
      let lon = c.longitude * .pi / 180
      for v in [cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat)] {
        nodeBuffer.uint64(v.bitPattern)
      }
      nodeBuffer.uint32(UInt32(range.lowerBound))
      nodeBuffer.uint32(UInt32(range.upperBound))
      for restriction in graph.restrictions(at: node) {
        restrictionList.append((restrictionList.count, restriction))
      }
    }
    restrictionList.sort { ($0.restriction.from, $0.order) < ($1.restriction.from, $1.order) }
    var restrictionBuffer = ByteBuffer()
    for (_, r) in restrictionList {
      for v in [r.from, r.via, r.to] { restrictionBuffer.uint32(UInt32(v)) }
      restrictionBuffer.bytes += [r.kind == .only ? 1 : 0, 0, 0, 0]
      if r.from < edgeCount { flags[r.from] |= Flag.restricted }
    }
    let component = Self.stronglyConnectedComponents(
      nodes: nodeCount, outStart: outStart, outEnd: outEnd, edgeTo: to)
    var sizes: [Int: Int] = [:]
    for c in component { sizes[c, default: 0] += 1 }
    let main = sizes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? -1
    var twins = [UInt32](repeating: .max, count: edgeCount)
    // Roads at each node: every edge leaving it, and every edge arriving with no way back.
    var roads = [Int](repeating: 0, count: nodeCount)
    for id in 0..<edgeCount {
      var twin = UInt32.max
      let end = Int(to[id])
      for other in Int(outStart[end])..<Int(outEnd[end])
      where to[other] == from[id] && wayID[other] == wayID[id] && other != id
        && Self.isReversed(other, of: id, in: graph, lengths: lengths)
      {
        twin = UInt32(other)
        break
      }
      twins[id] = twin
      roads[Int(from[id])] += 1
      if twin == .max { roads[end] += 1 }
    }
    for id in 0..<edgeCount {
      let end = Int(to[id])
      let twin = twins[id]
      if component[Int(from[id])] == main && component[end] == main {
        flags[id] |= Flag.onMainComponent
      }
      edgeBuffer.uint32(UInt32(to[id]))
      edgeBuffer.uint32(twin)
      edgeBuffer.uint32(bearings[id].out.bitPattern)
      edgeBuffer.uint32(bearings[id].in.bitPattern)
      edgeBuffer.bytes += [flags[id], UInt8(min(roads[end], 255))]
      edgeBuffer.uint16(delays[id])
      edgeBuffer.uint32(weights[id].bitPattern)
      edgeBuffer.uint64(durations[id].bitPattern)
      edgeBuffer.uint64(lengths[id].bitPattern)
    }
    self.edgeCount = edgeCount
    self.nodeCount = nodeCount
    maximumSpeed = fastest
    edges = edgeBuffer.bytes
    nodes = nodeBuffer.bytes
    restrictions = restrictionBuffer.bytes
    self.classes = classes
  }

  /// Whether edge `other` is edge `id` driven the other way: the same stretch of road, not
  /// another stretch of the same way between the same two nodes (the two halves of a
  /// roundabout with two junctions, which are both driven forward).
  private static func isReversed(
    _ other: Int, of id: Int, in graph: some RoadGraph, lengths: [Double]
  ) -> Bool {
    guard abs(lengths[other] - lengths[id]) < 0.01 else { return false }
    return graph.geometry(ofEdge: other) == graph.geometry(ofEdge: id).reversed()
  }

  /// The `RTMT` record: layout version, edge, node and restriction counts (UInt32), the
  /// fastest speed (Float64 m/s), zeros.
  package var meta: ByteBuffer {
    var b = ByteBuffer()
    b.uint32(Self.layoutVersion)
    b.uint32(UInt32(edgeCount))
    b.uint32(UInt32(nodeCount))
    b.uint32(UInt32(restrictionCount))
    b.uint64(maximumSpeed.bitPattern)
    b.bytes += [UInt8](repeating: 0, count: 64 - b.bytes.count)
    return b
  }
}
