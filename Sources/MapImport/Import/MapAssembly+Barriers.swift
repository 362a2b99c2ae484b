import MapFile

extension MapAssembly {
  /// At each barrier node, every move from an edge arriving there onto an edge leaving it
  /// forbidden, but for the way back along the same stretch of road: the router turns
  /// round there (`RoutingTable.forEachMove` allows back where nothing else is).
  func barrierRestrictions() -> [MapContent.Restriction] {
    guard !barrierNodes.isEmpty else { return [] }
    let barriers = Set(barrierNodes)
    var arriving: [UInt32: [Int]] = [:]
    for (id, edge) in content.edges.enumerated() where barriers.contains(edge.to) {
      arriving[edge.to, default: []].append(id)
    }
    var out: [MapContent.Restriction] = []
    for via in barrierNodes {
      for e in arriving[via] ?? [] {
        let a = content.edges[e]
        for f in outgoing(from: via) {
          let b = content.edges[f]
          let back = b.to == a.from && b.wayID == a.wayID && b.geometryStart == a.geometryStart
          if !back {
            out.append(
              MapContent.Restriction(from: UInt32(e), via: via, to: UInt32(f), only: false))
          }
        }
      }
    }
    return out
  }

  /// The edges leaving graph node `node` (edges are sorted by their start node).
  func outgoing(from node: UInt32) -> Range<Int> {
    let edges = content.edges
    var low = 0
    var high = edges.count
    while low < high {
      let middle = (low + high) / 2
      if edges[middle].from < node { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < edges.count && edges[end].from == node { end += 1 }
    return low..<end
  }
}
