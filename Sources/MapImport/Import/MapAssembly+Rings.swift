import Geo
import MapFile

extension MapAssembly {
  /// At each node of a roundabout's ring where a road arrives and another leaves, the moves
  /// straight across the ring forbidden: from the arriving road onto one leaving on the far
  /// side of the ring's way on (left of it where traffic goes round anticlockwise, right
  /// where it goes clockwise). A car there goes round the ring, as the ring's direction
  /// requires; the way back along the same road stays allowed, and so does a road leaving
  /// into the ring's island (a through lane across it).
  func ringCrossingRestrictions() -> [MapContent.Restriction] {
    let edges = content.edges
    var ringNodes = Set<UInt32>()
    for edge in edges where edge.flags & MapFileLayout.EdgeFlag.roundabout != 0 {
      ringNodes.insert(edge.from)
    }
    guard !ringNodes.isEmpty else { return [] }
    var arriving: [UInt32: [Int]] = [:]
    for (id, edge) in edges.enumerated() where ringNodes.contains(edge.to) {
      arriving[edge.to, default: []].append(id)
    }
    var out: [MapContent.Restriction] = []
    for via in ringNodes.sorted() {
      let leaving = outgoing(from: via)
      let ringIn = (arriving[via] ?? []).filter { isRing(edges[$0]) }
      let ringOut = leaving.filter { isRing(edges[$0]) }
      guard ringIn.count == 1, ringOut.count == 1 else { continue }
      // The ring's sense here: its way on turns left of its way in where traffic goes
      // anticlockwise.
      let bend = angle(from: ringIn[0], to: ringOut[0])
      guard abs(bend) >= 2 else { continue }
      let anticlockwise = bend < 0
      // Back along the ring's way in: with the way on, the two sides of the island.
      let inward = (bearing(into: ringIn[0]) + 180).truncatingRemainder(dividingBy: 360)
      for e in arriving[via] ?? [] where !isRing(edges[e]) {
        let onto = angle(from: e, to: ringOut[0])
        for f in leaving where !isRing(edges[f]) {
          let b = edges[f]
          let a = edges[e]
          if b.to == a.from && b.wayID == a.wayID && b.geometryStart == a.geometryStart {
            continue
          }
          // A road into the ring's island is a through lane across it, not a way round.
          if Angle.isBetween(bearing(outOf: f), bearing(outOf: ringOut[0]), inward) {
            continue
          }
          let turn = angle(from: e, to: f)
          if anticlockwise ? turn < onto : turn > onto {
            out.append(
              MapContent.Restriction(from: UInt32(e), via: via, to: UInt32(f), only: false))
          }
        }
      }
    }
    return out
  }

  private func isRing(_ edge: MapContent.Edge) -> Bool {
    edge.flags & MapFileLayout.EdgeFlag.roundabout != 0
  }

  /// The signed turn, degrees, positive right, from arriving by edge `a` to leaving by edge
  /// `b` (over each edge's segment at the node).
  private func angle(from a: Int, to b: Int) -> Double {
    Angle.difference(from: bearing(into: a), to: bearing(outOf: b))
  }
}
