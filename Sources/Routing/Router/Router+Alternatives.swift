import Geo

extension Router {
  /// `fastest` as a path, then up to `count` (at most 2) alternatives to it.
  func withAlternatives(
    _ fastest: Found, count: Int, starts: [Snap], ends: [Snap], target: SIMD3<Double>,
    origin: Coordinate, destination: Coordinate
  ) -> [RoutePath] {
    let best = path(fastest, origin: origin, destination: destination)
    guard count > 0 else { return [best] }
    return [best]
      + alternatives(
        to: best, count: min(2, count), starts: starts, ends: ends, target: target,
        origin: origin, destination: destination)
  }

  /// Up to `count` alternatives to `fastest`: through the routing hierarchy's via nodes
  /// (`viaAlternatives`) when the router has one, else by the penalty method: the edges of every
  /// route found so far are made 1.5× slower (compounding) and the search is run again,
  /// up to 6 times. A result is kept when it shares less than
  /// `alternativeMaximumShare` of the shorter one's length with the fastest route and with
  /// each kept alternative and takes at most `alternativeMaximumStretch`
  /// times its duration, measured without the penalties. Ordered by duration.
  func alternatives(
    to fastest: RoutePath, count: Int, starts: [Snap], ends: [Snap], target: SIMD3<Double>,
    origin: Coordinate, destination: Coordinate
  ) -> [RoutePath] {
    let starts = starts.filter { $0.distance <= starts[0].distance + 5 }
    let ends = ends.filter { $0.distance <= ends[0].distance + 5 }
    if let viaNode = viaAlternatives(
      to: fastest, count: count, starts: starts, ends: ends, origin: origin,
      destination: destination)
    {
      return viaNode
    }
    var weights = [Double](repeating: 1, count: table.edgeCount)
    var kept: [RoutePath] = []
    var latest = fastest.edges
    for _ in 0..<6 where kept.count < count {
      for e in latest {
        weights[e] *= 1.5
        let twin = table.twin(e)
        if twin >= 0 { weights[twin] *= 1.5 }
      }
      guard let found = search(from: starts, to: ends, target: target, weights: weights) else {
        break
      }
      latest = found.edges
      let candidate = path(found, origin: origin, destination: destination)
      guard candidate.cost <= fastest.cost * options.alternativeMaximumStretch else {
        continue
      }
      let distinct = ([fastest] + kept).allSatisfy { other in
        sharedLength(candidate, other)
          < options.alternativeMaximumShare * min(candidate.distance, other.distance)
      }
      if distinct { kept.append(candidate) }
    }
    return kept.sorted { $0.cost < $1.cost }
  }

  /// Metres of road two paths both drive (whole edges in common, either direction of a
  /// two-way road counting as the same road).
  func sharedLength(_ a: RoutePath, _ b: RoutePath) -> Double {
    let roads = Set(b.edges.map(road))
    var shared = 0.0
    for (i, e) in a.edges.enumerated() {
      if roads.contains(road(e)) {
        let span = a.span(ofEdgeAt: i)
        shared += (span.to - span.from) * table.length(e)
      }
    }
    return shared
  }
}
