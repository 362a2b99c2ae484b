import Foundation
import Geo

/// The road graph boiled down to the numbers the search reads, in flat arrays built once
/// per router: no strings, no geometry and no allocation in the search loop.
struct RoutingTable: Sendable {
  let edgeFrom: [Int32]
  let edgeTo: [Int32]
  let duration: [Double]
  let length: [Double]
  /// `RoadEdge.isDestinationOnly` of each edge.
  let destinationOnly: [Bool]
  /// Direction leaving the edge's start and arriving at its end (`EdgeGeometry`).
  let bearingOut: [Float]
  let bearingIn: [Float]
  /// The edge back along the same way between the same nodes, or -1.
  let twin: [Int32]
  let outStart: [Int32]
  let outEnd: [Int32]
  /// Nodes as points on the unit sphere: the chord between two is a lower bound of their
  /// distance that costs no trigonometry.
  let unit: [SIMD3<Double>]
  /// Restrictions by their `from` edge, and whether an edge has any (to skip the lookup).
  let restrictions: [Int32: [TurnRestriction]]
  let restricted: [Bool]
  /// The fastest speed on the map, m/s, for the A* bound.
  let maximumSpeed: Double
  /// Whether each edge joins two nodes of the graph's largest strongly connected component:
  /// from its end a car can reach, and come back from, most of the map. Edges off it lead
  /// into or come out of a pocket (a car park's island, a oneway stub cut off at the edge of
  /// the extract); ignores turn restrictions.
  let onMainComponent: [Bool]

  init(_ graph: some RoadGraph) {
    let edges = graph.edgeCount
    var from = [Int32](repeating: 0, count: edges)
    var to = [Int32](repeating: 0, count: edges)
    var duration = [Double](repeating: 0, count: edges)
    var length = [Double](repeating: 0, count: edges)
    var bearingOut = [Float](repeating: 0, count: edges)
    var bearingIn = [Float](repeating: 0, count: edges)
    var wayID = [Int64](repeating: 0, count: edges)
    var destinationOnly = [Bool](repeating: false, count: edges)
    var fastest = 1.0
    for id in 0..<edges {
      let edge = graph.edge(id)
      from[id] = Int32(edge.from)
      to[id] = Int32(edge.to)
      duration[id] = edge.duration
      length[id] = edge.length
      wayID[id] = edge.wayID
      destinationOnly[id] = edge.isDestinationOnly
      fastest = max(fastest, edge.speed)
      let shape = graph.geometry(ofEdge: id)
      bearingOut[id] = Float(EdgeGeometry.initialBearing(shape))
      bearingIn[id] = Float(EdgeGeometry.finalBearing(shape))
    }
    let nodes = graph.nodeCount
    var outStart = [Int32](repeating: 0, count: nodes)
    var outEnd = [Int32](repeating: 0, count: nodes)
    var unit = [SIMD3<Double>](repeating: .zero, count: nodes)
    var restrictions: [Int32: [TurnRestriction]] = [:]
    for node in 0..<nodes {
      let range = graph.outgoing(from: node)
      outStart[node] = Int32(range.lowerBound)
      outEnd[node] = Int32(range.upperBound)
      let c = graph.coordinate(ofNode: node)
      let lat = c.latitude * .pi / 180
      let lon = c.longitude * .pi / 180
      unit[node] = SIMD3(cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
      for restriction in graph.restrictions(at: node) {
        restrictions[Int32(restriction.from), default: []].append(restriction)
      }
    }
    var twin = [Int32](repeating: -1, count: edges)
    for id in 0..<edges {
      let end = Int(to[id])
      for other in Int(outStart[end])..<Int(outEnd[end])
      where to[other] == from[id] && wayID[other] == wayID[id] && other != id {
        twin[id] = Int32(other)
        break
      }
    }
    self.edgeFrom = from
    self.edgeTo = to
    self.duration = duration
    self.length = length
    self.destinationOnly = destinationOnly
    self.bearingOut = bearingOut
    self.bearingIn = bearingIn
    self.twin = twin
    self.outStart = outStart
    self.outEnd = outEnd
    self.unit = unit
    self.restrictions = restrictions
    var restricted = [Bool](repeating: false, count: edges)
    for key in restrictions.keys where Int(key) < edges { restricted[Int(key)] = true }
    self.restricted = restricted
    self.maximumSpeed = fastest
    let component = Self.stronglyConnectedComponents(
      nodes: nodes, outStart: outStart, outEnd: outEnd, edgeTo: to)
    var sizes: [Int: Int] = [:]
    for c in component { sizes[c, default: 0] += 1 }
    let main = sizes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? -1
    self.onMainComponent = (0..<edges).map {
      component[Int(from[$0])] == main && component[Int(to[$0])] == main
    }
  }

  /// The strongly connected component of every node (Tarjan's algorithm, iterative so a
  /// long road cannot overflow the stack): numbers in 0..<components, equal for nodes that
  /// can each reach the other.
  static func stronglyConnectedComponents(
    nodes: Int, outStart: [Int32], outEnd: [Int32], edgeTo: [Int32]
  ) -> [Int] {
    var index = [Int](repeating: -1, count: nodes)
    var low = [Int](repeating: 0, count: nodes)
    var onStack = [Bool](repeating: false, count: nodes)
    var component = [Int](repeating: -1, count: nodes)
    var stack: [Int] = []
    var next = 0
    var components = 0
    // (node, next outgoing edge to look at)
    var work: [(node: Int, edge: Int)] = []
    for root in 0..<nodes where index[root] < 0 {
      work.append((root, Int(outStart[root])))
      index[root] = next
      low[root] = next
      next += 1
      stack.append(root)
      onStack[root] = true
      while let (node, edge) = work.last {
        if edge < Int(outEnd[node]) {
          work[work.count - 1].edge += 1
          let child = Int(edgeTo[edge])
          if index[child] < 0 {
            index[child] = next
            low[child] = next
            next += 1
            stack.append(child)
            onStack[child] = true
            work.append((child, Int(outStart[child])))
          } else if onStack[child] {
            low[node] = min(low[node], index[child])
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
        if low[node] == index[node] {
          while let member = stack.popLast() {
            onStack[member] = false
            component[member] = components
            if member == node { break }
          }
          components += 1
        }
      }
    }
    return component
  }

  /// A lower bound of the seconds from `node` to the point `target` (a unit vector).
  @inline(__always)
  func bound(from node: Int, to target: SIMD3<Double>) -> Double {
    let d = unit[node] - target
    return (d * d).sum().squareRoot() * Earth.radius / maximumSpeed
  }

  /// Signed turn in degrees from arriving on `a` to leaving on `b`; positive is right.
  @inline(__always)
  func angle(from a: Int, to b: Int) -> Double {
    Angle.difference(from: Double(bearingIn[a]), to: Double(bearingOut[b]))
  }

  /// Whether restrictions allow the move from edge `a` onto edge `b` at their shared node.
  func allows(from a: Int, to b: Int) -> Bool {
    guard restricted[a], let list = restrictions[Int32(a)] else { return true }
    var only: Int?
    for r in list where r.via == Int(edgeTo[a]) {
      switch r.kind {
      case .no: if r.to == b { return false }
      case .only: only = r.to
      }
    }
    return only.map { $0 == b } ?? true
  }
}
