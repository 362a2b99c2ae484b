import Geo

/// Bearings and pieces of edge shapes, shared by the router and the maneuver builder so
/// that both see the same angle at a junction.
package enum EdgeGeometry {
  /// How far along a shape its direction at an end is measured: a few metres of the
  /// first segment are often only the width of the junction.
  package static let bearingLookahead = 10.0

  /// Direction leaving the start of `shape`: towards the point `lookahead` metres along it
  /// (or its end when shorter).
  package static func initialBearing(
    _ shape: [Coordinate], lookahead: Double = bearingLookahead
  ) -> Double {
    guard let first = shape.first, shape.count >= 2 else { return 0 }
    return Earth.bearing(
      from: first, to: point(along: shape, reversed: false, lookahead: lookahead))
  }

  /// Direction arriving at the end of `shape`: from the point `lookahead` metres before its
  /// end.
  package static func finalBearing(
    _ shape: [Coordinate], lookahead: Double = bearingLookahead
  ) -> Double {
    guard let last = shape.last, shape.count >= 2 else { return 0 }
    return Earth.bearing(
      from: point(along: shape, reversed: true, lookahead: lookahead), to: last)
  }

  private static func point(along shape: [Coordinate], reversed: Bool, lookahead: Double)
    -> Coordinate
  {
    let count = shape.count
    var walked = 0.0
    var previous = reversed ? shape[count - 1] : shape[0]
    for k in 1..<count {
      let next = reversed ? shape[count - 1 - k] : shape[k]
      let step = Earth.distance(previous, next)
      if walked + step >= lookahead, step > 0 {
        let t = (lookahead - walked) / step
        return Coordinate(
          latitude: previous.latitude + (next.latitude - previous.latitude) * t,
          longitude: previous.longitude + (next.longitude - previous.longitude) * t)
      }
      walked += step
      previous = next
    }
    // Shorter than the lookahead: the far end, unless it coincides with the near one.
    let far = reversed ? shape[0] : shape[count - 1]
    let near = reversed ? shape[count - 1] : shape[0]
    return far == near ? (reversed ? shape[count - 2] : shape[1]) : far
  }

  /// The part of `shape` between `from` and `to` metres along it (measured as `Polyline`
  /// measures), both ends included as points; at least two points.
  package static func slice(_ shape: [Coordinate], from: Double, to: Double) -> [Coordinate] {
    let line = Polyline(shape)
    guard shape.count >= 2, to > from else {
      let p = line.coordinate(at: from)
      return [p, p]
    }
    var out = [line.coordinate(at: from)]
    for (i, c) in shape.enumerated() where line.cumulative[i] > from && line.cumulative[i] < to {
      out.append(c)
    }
    out.append(line.coordinate(at: to))
    return out
  }
}
