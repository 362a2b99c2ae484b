import Geo

extension RoadGraph {
  /// The edge a vehicle at `coordinate` moving towards `heading` (degrees; nil when not
  /// known, as when standing) is most likely on: among the edges within `radius` metres,
  /// the nearest whose direction is within `headingTolerance` of the heading, else the
  /// nearest; nil when none is that near. O(edges in the grid cells around it).
  ///
  /// A two-way road is two edges with the same shape: the heading picks the one driven,
  /// which matters for what differs by direction (the limit, the lanes).
  public func drivenEdge(
    near coordinate: Coordinate, heading: Double?, radius: Double = 25,
    headingTolerance: Double = 60
  ) -> Int? {
    var nearest: (edge: Int, distance: Double)?
    var aligned: (edge: Int, distance: Double)?
    for id in edges(near: coordinate, radius: radius).prefix(32) {
      let shape = geometry(ofEdge: id)
      guard shape.count >= 2, let projection = Polyline(shape).project(coordinate),
        projection.crossTrack <= radius
      else { continue }
      let distance = projection.crossTrack
      if nearest.map({ distance < $0.distance }) ?? true { nearest = (id, distance) }
      if let heading, heading.isFinite,
        abs(Angle.difference(from: heading, to: projection.bearing)) <= headingTolerance,
        aligned.map({ distance < $0.distance }) ?? true
      {
        aligned = (id, distance)
      }
    }
    return (aligned ?? nearest)?.edge
  }
}
