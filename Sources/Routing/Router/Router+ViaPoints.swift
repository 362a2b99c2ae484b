import Geo

extension Router {
  /// Roads beside `fastest` for alternatives to pass through: at half, 30 % and 70 % of
  /// its length, 10, 20 and 35 % of the straight distance from `origin` to `destination`
  /// to its left and right, each the most important road near there (`throughRoad`)
  /// that `fastest` does not drive. At most 18, the middle first.
  func viaPointCandidates(_ fastest: RoutePath, origin: Coordinate, destination: Coordinate)
    -> [Int]
  {
    var shape: [Coordinate] = []
    for e in fastest.edges {
      let points = graph.geometry(ofEdge: e)
      shape += shape.isEmpty ? points : Array(points.dropFirst())
    }
    let line = Polyline(shape)
    let straight = Earth.distance(origin, destination)
    guard line.length > 0, straight > 0 else { return [] }
    let driven = Set(fastest.edges.map(road))
    var result: [Int] = []
    for fraction in [0.5, 0.3, 0.7] {
      let point = line.coordinate(at: fraction * line.length)
      let bearing = line.bearing(at: fraction * line.length)
      for share in [0.1, 0.2, 0.35] {
        for side in [90.0, -90.0] {
          let beside = Earth.destination(
            from: point, bearing: bearing + side, distance: share * straight)
          guard beside.isValid, let edge = throughRoad(near: beside, within: 0.1 * straight),
            !driven.contains(road(edge)), !result.contains(edge)
          else { continue }
          result.append(edge)
        }
      }
    }
    return result
  }

  /// The edge of the most important road (by `RoadClass`, links and service roads last)
  /// within `radius` of `point` (at least 200 m, at most 3 km) on the map's main component,
  /// the nearest of those; nil when there is none.
  func throughRoad(near point: Coordinate, within radius: Double) -> Int? {
    let near = graph.edges(near: point, radius: min(3_000, max(200, radius))).prefix(400)
    var best: (rank: Int, order: Int, edge: Int)?
    for (order, e) in near.enumerated() where table.onMainComponent(e) {
      let rank = graph.edge(e).roadClass.rawValue
      if best.map({ (rank, order) < ($0.rank, $0.order) }) ?? true { best = (rank, order, e) }
    }
    return best?.edge
  }
}
