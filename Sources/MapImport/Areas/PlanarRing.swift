/// A point of an area's outline in the plane of the map file's integers: x is the longitude,
/// y the latitude, both in 1e-7 degrees (as `Double`, so sums and products cannot overflow).
///
/// Orientation and containment do not change under the local scale between degrees of
/// latitude and longitude, so the assembly of rings works in these units directly.
struct PlanarPoint: Hashable, Sendable {
  var x: Double
  var y: Double

  init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  init(_ e7: (latitude: Int32, longitude: Int32)) {
    x = Double(e7.longitude)
    y = Double(e7.latitude)
  }

  /// The map file's integers, rounded.
  var e7: (latitude: Int32, longitude: Int32) {
    (Int32(clamping: Int64(y.rounded())), Int32(clamping: Int64(x.rounded())))
  }
}

/// Ring arithmetic: signed area, containment, closing.
enum PlanarRing {
  /// Twice the signed area (shoelace): positive counter-clockwise (y up), negative clockwise.
  static func signedArea(_ ring: [PlanarPoint]) -> Double {
    guard ring.count >= 3 else { return 0 }
    var sum = 0.0
    var previous = ring[ring.count - 1]
    for p in ring {
      sum += previous.x * p.y - p.x * previous.y
      previous = p
    }
    return sum
  }

  /// Whether `point` lies inside `ring` (even–odd rule; the ring may be closed or not).
  static func contains(_ ring: [PlanarPoint], _ point: PlanarPoint) -> Bool {
    guard ring.count >= 3 else { return false }
    var inside = false
    var j = ring.count - 1
    for i in 0..<ring.count {
      let a = ring[i]
      let b = ring[j]
      if (a.y > point.y) != (b.y > point.y) {
        let x = (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
        if point.x < x { inside.toggle() }
      }
      j = i
    }
    return inside
  }

  /// A point of `ring` that is not a vertex of `other`, to test containment between two
  /// rings that may share vertices; the middle of the first edge when every vertex is shared.
  static func probe(of ring: [PlanarPoint], against other: Set<PlanarPoint>) -> PlanarPoint {
    if let free = ring.first(where: { !other.contains($0) }) { return free }
    guard ring.count >= 2 else { return ring.first ?? PlanarPoint(x: 0, y: 0) }
    return PlanarPoint(x: (ring[0].x + ring[1].x) / 2, y: (ring[0].y + ring[1].y) / 2)
  }

  /// The ring with its first point repeated at the end, consecutive duplicates removed.
  static func closed(_ points: [PlanarPoint]) -> [PlanarPoint] {
    var result: [PlanarPoint] = []
    result.reserveCapacity(points.count + 1)
    for p in points where result.last != p { result.append(p) }
    if let first = result.first, result.count > 1, result.last != first { result.append(first) }
    return result
  }

  /// Whether two segments of the ring cross (not counting neighbours meeting at a vertex):
  /// O(n²), asked only of rings up to `selfIntersectionLimit` points.
  static func intersectsItself(_ ring: [PlanarPoint]) -> Bool {
    let n = ring.count - 1
    guard n >= 4, n <= selfIntersectionLimit else { return false }
    func cross(_ o: PlanarPoint, _ a: PlanarPoint, _ b: PlanarPoint) -> Double {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    for i in 0..<n {
      for j in stride(from: i + 2, to: n, by: 1) where !(i == 0 && j == n - 1) {
        let a = ring[i]
        let b = ring[i + 1]
        let c = ring[j]
        let d = ring[j + 1]
        let d1 = cross(c, d, a)
        let d2 = cross(c, d, b)
        let d3 = cross(a, b, c)
        let d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
        {
          return true
        }
      }
    }
    return false
  }

  static let selfIntersectionLimit = 2_000
}
