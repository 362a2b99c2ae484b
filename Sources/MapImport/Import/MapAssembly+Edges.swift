import MapFile
import RoadCosts
import Routing

extension MapAssembly {
  /// An edge as its segment of a way is found, before the edges are sorted.
  struct Pending {
    var length: Double
    var from: UInt32
    var to: UInt32
    /// The way's index among the kept ways (`CarProfile.Way`s).
    var way: UInt32
    var geometryStart: UInt32
    var geometryCount: UInt32
    var forward: Bool
    var presence: BuiltUpAreas.Presence
    /// Seconds of signals and signs passed inside the edge (`NodeObstacle.delay`).
    var delay: Float
    /// Seconds for passing the node at its end.
    var endDelay: Float
    /// A toll booth on it or at either end.
    var tollBooth = false
  }

  /// The edge record of `p`, a segment of `way` (OSM id `id`), but for its words: `name`
  /// holds the way's index (`p.way`) until the edges are sorted and the words interned in
  /// their order; `ref` and `turnLanes` are `noString` until then.
  func edge(_ p: Pending, of way: CarProfile.Way, id: Int64) -> MapContent.Edge {
    let kmh = profile.speed(of: way, forward: p.forward, presence: p.presence)
    let rate = (way.fixedKmh ?? (p.forward ? way.forwardRate : way.backwardRate)) / 3.6
    let seconds = p.length / max(rate, 0.1) + Double(p.delay)
    let routing = seconds > 0 ? p.length / seconds : rate
    var flags: UInt8 = 0
    if way.isRoundabout { flags |= MapFileLayout.EdgeFlag.roundabout }
    if way.isDestinationOnly { flags |= MapFileLayout.EdgeFlag.destinationOnly }
    if way.isUnderWorks { flags |= MapFileLayout.EdgeFlag.underWorks }
    if !p.forward { flags |= MapFileLayout.EdgeFlag.geometryReversed }
    if way.isToll || p.tollBooth { flags |= MapFileLayout.EdgeFlag.toll }
    if way.isFerry { flags |= MapFileLayout.EdgeFlag.ferry }
    if way.isUnpaved { flags |= MapFileLayout.EdgeFlag.unpaved }
    return MapContent.Edge(
      wayID: id, from: p.from, to: p.to,
      lengthCentimetres: UInt32(min((p.length * 100).rounded(), Double(UInt32.max - 1))),
      geometryStart: p.geometryStart, geometryCount: p.geometryCount,
      name: p.way, ref: MapFileLayout.noString, turnLanes: MapFileLayout.noString,
      speedCentimetresPerSecond: UInt16(min((kmh / 3.6 * 100).rounded(), 65_535)),
      roadClass: UInt8(way.roadClass.rawValue), flags: flags,
      routingSpeedCentimetresPerSecond: UInt16(min(max((routing * 100).rounded(), 1), 65_535)),
      endDelayDeciseconds: UInt16(min(max((Double(p.endDelay) * 10).rounded(), 0), 65_535)))
  }
}

extension Array {
  /// Reorders the elements in place so that element `k` is the one that was at `order[k]`
  /// (`order` a permutation of the indices): following each cycle once, with a bit per
  /// element, rather than a second array of the elements.
  mutating func permute(by order: [Int]) {
    precondition(order.count == count, "a permutation of every index")
    var placed = [Bool](repeating: false, count: count)
    for start in indices where !placed[start] {
      let first = self[start]
      var k = start
      while true {
        placed[k] = true
        let source = order[k]
        if source == start {
          self[k] = first
          break
        }
        self[k] = self[source]
        k = source
      }
    }
  }
}
