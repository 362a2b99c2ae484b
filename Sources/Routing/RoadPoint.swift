import Geo
import Navigation

/// A point on a road where a route to an address ends: an edge, how far along it, and the
/// side of the road the address is on, in the direction of the edge.
public struct RoadPoint: Sendable, Equatable {
  /// The directed edge (`RoadGraph` id).
  public var edge: Int
  /// Metres from the edge's start node along its geometry (as `Polyline` measures).
  public var offset: Double
  /// The side of the edge's direction the address lies on; nil when it is on the road.
  public var side: Maneuver.Side?
  /// The point itself.
  public var coordinate: Coordinate

  public init(edge: Int, offset: Double, side: Maneuver.Side?, coordinate: Coordinate) {
    self.edge = edge
    self.offset = offset
    self.side = side
    self.coordinate = coordinate
  }
}

extension RoadGraph {
  /// The point on edge `id` facing `point`: its projection onto the edge, and the side of the
  /// edge's direction `point` is on (nil within `onRoad` metres of the road). Nil when
  /// the edge has no length.
  public func roadPoint(onEdge id: Int, facing point: Coordinate, onRoad: Double = 1)
    -> (point: RoadPoint, distance: Double)?
  {
    let line = Polyline(geometry(ofEdge: id))
    guard line.length > 0, let projection = line.project(point) else { return nil }
    var side: Maneuver.Side?
    if projection.crossTrack > onRoad {
      let turn = Angle.difference(
        from: projection.bearing, to: Earth.bearing(from: projection.coordinate, to: point))
      side = turn > 0 ? .right : .left
    }
    return (
      RoadPoint(
        edge: id, offset: projection.offset, side: side, coordinate: projection.coordinate),
      projection.crossTrack
    )
  }

  /// The road point of edge `id` at `offset` metres from its start (clamped to the edge).
  public func roadPoint(onEdge id: Int, offset: Double, side: Maneuver.Side?) -> RoadPoint {
    let line = Polyline(geometry(ofEdge: id))
    let clamped = min(max(0, offset), line.length)
    return RoadPoint(
      edge: id, offset: clamped, side: side, coordinate: line.coordinate(at: clamped))
  }
}

extension RoadGraph {
  /// Where a route to an address at `point` ends: on the nearest edge of its street
  /// (`isStreet` tells an edge of it) when one is within `streetRadius` metres and at most
  /// `streetDetour` metres farther than the nearest road (a corner house is on its own
  /// street; a house in a pedestrian lane whose name a road far away also has is not),
  /// else on the nearest edge within `anyRadius`; nil when no road is that near. Edges
  /// `isReachable` refuses (cut off from the rest of the network, where no route arrives)
  /// are passed over while another is in reach. Among edges at the same distance (the two
  /// directions of a street) the lowest id.
  public func roadPoint(
    facing point: Coordinate, streetRadius: Double = 250, streetDetour: Double = 25,
    anyRadius: Double = 500, isReachable: (Int) -> Bool = { _ in true },
    isStreet: (Int) -> Bool
  ) -> RoadPoint? {
    var nearest: (point: RoadPoint, distance: Double)?
    var cutOff: RoadPoint?
    // Nearest first, in two rings: most addresses have their street within 100 m.
    for radius in [100, max(streetRadius, anyRadius)] {
      for id in edges(near: point, radius: radius) {
        guard let (candidate, distance) = roadPoint(onEdge: id, facing: point) else { continue }
        guard isReachable(id) else {
          if cutOff == nil { cutOff = candidate }
          continue
        }
        if nearest == nil && distance <= anyRadius { nearest = (candidate, distance) }
        if distance > streetRadius || distance > (nearest?.distance ?? distance) + streetDetour {
          return nearest?.point
        }
        if isStreet(id) { return candidate }
      }
      if nearest != nil && radius >= streetRadius { break }
    }
    return nearest?.point ?? cutOff
  }
}
