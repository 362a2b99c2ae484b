import Geo
import Navigation

extension Router {
  /// For every edge, whether a route from the network's largest strongly connected part
  /// can arrive on it, moving as the router moves (turn restrictions, the U-turn rule):
  /// false for the pieces cut off by the extract's edge, entered only from outside it, or
  /// only by a forbidden turn. A flood from one edge of that part; when it reaches less
  /// than half of the part (the edge sat in a pocket that restrictions close), from the
  /// next. O(edges) a flood.
  public func edgesReachableFromMainComponent() -> [Bool] {
    let main = (0..<table.edgeCount).filter { table.onMainComponent($0) }
    var best = [Bool](repeating: false, count: graph.edgeCount)
    var bestCount = 0
    for seed in main.prefix(8) {
      var reached = [Bool](repeating: false, count: graph.edgeCount)
      reached[seed] = true
      var count = 1
      var stack = [seed]
      while let e = stack.popLast() {
        forEachMove(from: e) { f, _ in
          guard !reached[f] else { return }
          reached[f] = true
          count += 1
          stack.append(f)
        }
      }
      if count > bestCount { (best, bestCount) = (reached, count) }
      if bestCount * 2 >= main.count { break }
    }
    return best
  }

  /// The fastest path from `origin` to `roadPoint` (an address's, from the map's search),
  /// arriving along its edge or the edge back the other way, then up to `alternatives`
  /// more. `destination` is the address itself: the arrival's side of the street is that
  /// of `destination` from the road point (`ManeuverBuilder` names it "on the left/right"),
  /// so the route ends on the address's own street, facing it, rather than on the road
  /// nearest to the building. When no legal way leads to the road point (its edge cut off
  /// from the rest), the route goes to the road nearest `destination`, as
  /// `paths(from:heading:to:alternatives:)` does.
  ///
  /// - Throws: as `paths(from:heading:to:alternatives:)`.
  public func paths(
    from origin: Coordinate, heading: Double? = nil, to roadPoint: RoadPoint,
    facing destination: Coordinate, alternatives: Int = 0
  ) throws(RoutingError) -> [RoutePath] {
    guard roadPoint.edge >= 0, roadPoint.edge < graph.edgeCount, origin.isValid,
      destination.isValid
    else {
      return try paths(from: origin, heading: heading, to: destination, alternatives: alternatives)
    }
    let starts = snap(origin, heading: heading)
    let ends = snaps(at: roadPoint, facing: destination)
    let target = Self.unitVector(roadPoint.coordinate)
    var found = starts.isEmpty ? nil : search(from: Self.nearest(starts), to: ends, target: target)
    if found == nil, !starts.isEmpty {
      found = search(from: connected(starts), to: ends, target: target)
    }
    guard let fastest = found else {
      return try paths(from: origin, heading: heading, to: destination, alternatives: alternatives)
    }
    return withAlternatives(
      fastest, count: alternatives, starts: starts, ends: ends, target: target, origin: origin,
      destination: destination)
  }

  /// The road point as snaps: on its edge, and at the same place on the edge back.
  func snaps(at roadPoint: RoadPoint, facing destination: Coordinate) -> [Snap] {
    let shape = graph.geometry(ofEdge: roadPoint.edge)
    let length = Polyline(shape).length
    let fraction = length > 0 ? min(1, max(0, roadPoint.offset / length)) : 0
    let distance = Earth.distance(roadPoint.coordinate, destination)
    var snaps = [
      Snap(
        edge: roadPoint.edge, fraction: fraction, coordinate: roadPoint.coordinate,
        distance: distance, penalty: 0)
    ]
    let twin = table.twin(roadPoint.edge)
    // The edge back over the same points (not another piece of the way between the same
    // two nodes).
    if twin >= 0, graph.geometry(ofEdge: twin) == shape.reversed() {
      snaps.append(
        Snap(
          edge: twin, fraction: 1 - fraction, coordinate: roadPoint.coordinate,
          distance: distance, penalty: 0))
    }
    return snaps
  }
}
