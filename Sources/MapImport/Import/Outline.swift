/// Closed outlines for addresses: rings joined from a multipolygon's outer ways, their
/// centroid, and whether a point is inside. Coordinates in 1e-7 degrees.
enum Outline {
  typealias Point = (latitude: Int32, longitude: Int32)

  /// The closed rings the ways (node lists) make when joined end to end, each way used
  /// once and turned round where needed (`WayChains`, as the areas join theirs); ways that
  /// close no ring are left out.
  static func rings(_ ways: [[Int64]]) -> [[Int64]] {
    WayChains.join(ways, reversing: true).filter { $0.count >= 4 && $0.first == $0.last }
  }

  /// The area-weighted centroid of the rings (holes are not subtracted: outer rings only),
  /// in the plane of latitude and longitude — a centroid survives the affine map to metres,
  /// so this is the centroid on the ground too at the size of a building. The mean of the
  /// points when the rings have no area; nil without points.
  static func centroid(_ rings: [[Point]]) -> Point? {
    guard let origin = rings.first(where: { !$0.isEmpty })?.first else { return nil }
    var area = 0.0
    var x = 0.0
    var y = 0.0
    var sumX = 0.0
    var sumY = 0.0
    var count = 0.0
    for ring in rings {
      let points = ring.map {
        (
          Double(Int64($0.longitude) - Int64(origin.longitude)),
          Double(Int64($0.latitude) - Int64(origin.latitude))
        )
      }
      for (i, a) in points.enumerated() {
        sumX += a.0
        sumY += a.1
        count += 1
        let b = points[(i + 1) % points.count]
        let cross = a.0 * b.1 - b.0 * a.1
        area += cross
        x += (a.0 + b.0) * cross
        y += (a.1 + b.1) * cross
      }
    }
    guard count > 0 else { return nil }
    let (cx, cy) =
      abs(area) > 1e-9 ? (x / (3 * area), y / (3 * area)) : (sumX / count, sumY / count)
    return (
      Int32(clamping: Int64(origin.latitude) + Int64(cy.rounded())),
      Int32(clamping: Int64(origin.longitude) + Int64(cx.rounded()))
    )
  }

  /// Even–odd rule (`PlanarRing.contains`, the areas' own).
  static func contains(_ ring: [Point], _ p: Point) -> Bool {
    PlanarRing.contains(ring.map(PlanarPoint.init), PlanarPoint(p))
  }
}
