import Geo

extension Router {
  /// A point projected onto an edge: where a route may start or end.
  struct Snap {
    var edge: Int
    /// Along the edge, 0 at its start node, 1 at its end node.
    var fraction: Double
    var coordinate: Coordinate
    /// Metres from the point asked for.
    var distance: Double
    /// Seconds added for starting here (driving against the heading).
    var penalty: Double
  }

  /// The edges near `point`, nearest first, each with the projection of the point.
  ///
  /// A two-way road gives two snaps at the same distance, one per direction. With a
  /// `heading`, a direction more than `headingTolerance` off it costs
  /// `startAgainstHeadingCost`.
  func snap(_ point: Coordinate, heading: Double?) -> [Snap] {
    var snaps: [Snap] = []
    // Nearest first, so the candidates that matter are among the first few.
    for id in graph.edges(near: point, radius: options.snapRadius).prefix(32) {
      let shape = graph.geometry(ofEdge: id)
      guard shape.count >= 2 else { continue }
      let line = Polyline(shape)
      guard let projection = line.project(point), projection.crossTrack <= options.snapRadius
      else { continue }
      var penalty = 0.0
      if let heading,
        abs(Angle.difference(from: heading, to: projection.bearing)) > options.headingTolerance
      {
        penalty = options.startAgainstHeadingCost
      }
      snaps.append(
        Snap(
          edge: id, fraction: line.length > 0 ? min(1, max(0, projection.offset / line.length)) : 0,
          coordinate: projection.coordinate, distance: projection.crossTrack, penalty: penalty))
    }
    return snaps.sorted {
      $0.distance != $1.distance ? $0.distance < $1.distance : $0.edge < $1.edge
    }
  }
}
