import Geo
import Navigation

/// A route through the graph as the router found it: the edges driven, with the parts of
/// the first and last edge left out, before it becomes a `Navigation.Route`.
public struct RoutePath: Sendable, Equatable {
  /// Edge ids in driving order; the first and last may be the same edge.
  public var edges: [Int]
  /// Where on the first edge the route starts, as a fraction of its length (0 = its
  /// start node).
  public var startFraction: Double
  /// Where on the last edge the route ends, as a fraction of its length.
  public var endFraction: Double
  /// The points asked for.
  public var origin: Coordinate
  public var destination: Coordinate
  /// The points on the road the route really starts and ends at.
  public var start: Coordinate
  public var end: Coordinate
  /// Metres driven.
  public var distance: Double
  /// Seconds: edge times plus turn costs.
  public var duration: Double
  /// What the route costs the search (`RoadEdge.weight`s, turn and entry costs, the
  /// start's penalty): the fastest route is the cheapest, and alternatives are held to it
  /// and ordered by it.
  public var cost: Double
  /// Whether the route starts against the heading the car was given: it must turn round
  /// first.
  public var startsWithUTurn: Bool
  /// The kinds of road the route was asked to avoid and still uses, because no route
  /// without them was found (`RouterOptions.avoid`); empty when it avoids them all.
  public var unavoided: AvoidableRoads = []

  public init(
    edges: [Int], startFraction: Double, endFraction: Double, origin: Coordinate,
    destination: Coordinate, start: Coordinate, end: Coordinate, distance: Double,
    duration: Double, cost: Double? = nil, startsWithUTurn: Bool = false
  ) {
    self.startsWithUTurn = startsWithUTurn
    self.edges = edges
    self.startFraction = startFraction
    self.endFraction = endFraction
    self.origin = origin
    self.destination = destination
    self.start = start
    self.end = end
    self.distance = distance
    self.duration = duration
    self.cost = cost ?? duration
  }

  /// The fraction of edge number `index` (in `edges`) that the route drives: `(from, to)`.
  public func span(ofEdgeAt index: Int) -> (from: Double, to: Double) {
    let from = index == 0 ? startFraction : 0
    let to = index == edges.count - 1 ? endFraction : 1
    return (from, max(from, to))
  }
}
