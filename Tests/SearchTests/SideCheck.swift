import Geo
import MapFile
import Navigation
import Routing

/// The side of a road a point is on, worked out apart from the importer: the sign of the
/// cross product of the edge's segment at the road point and the way to the point, in a
/// plane of metres.
enum SideCheck {
  static func side(of point: Coordinate, from road: RoadPoint, on map: RoadMap) -> Maneuver.Side? {
    let shape = map.geometry(ofEdge: road.edge)
    let plane = LocalProjection(origin: road.coordinate)
    var best: (distance: Double, a: PlanePoint, b: PlanePoint)?
    for (a, b) in zip(shape, shape.dropFirst()) {
      let pa = plane.project(a)
      let pb = plane.project(b)
      // Distance from the road point (the origin) to the segment.
      let dx = pb.x - pa.x
      let dy = pb.y - pa.y
      let t = max(0, min(1, -(pa.x * dx + pa.y * dy) / max(dx * dx + dy * dy, 1e-12)))
      let d = ((pa.x + t * dx) * (pa.x + t * dx) + (pa.y + t * dy) * (pa.y + t * dy)).squareRoot()
      if best == nil || d < best!.distance { best = (d, pa, pb) }
    }
    guard let best else { return nil }
    let p = plane.project(point)
    let cross = (best.b.x - best.a.x) * p.y - (best.b.y - best.a.y) * p.x
    guard abs(cross) > 1e-9 else { return nil }
    // x east, y north: a positive cross product is to the left of the direction.
    return cross > 0 ? .left : .right
  }
}
