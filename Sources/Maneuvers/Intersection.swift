import Geo
import Navigation
import Routing

/// The roads at a junction as a driver arriving on one of them sees them: every road that
/// meets the node but the one arrived on, whether the car may take it or traffic on it only
/// comes in, with its angle, class, name and ref.
///
/// Angles are measured on the geometry a driver sees: the direction to the point
/// `lookahead` metres along each road (its end when shorter), not to its first shape
/// point, which on a mapped junction is often only the width of the crossing away.
struct Intersection {
  /// One road at the junction.
  struct Road {
    /// The edge leaving the node along the road, nil when traffic on it only comes in.
    var outgoing: Int?
    /// The road's attributes: its outgoing edge's, or its incoming edge's when it has none.
    var edge: RoadEdge
    /// Signed turn from the arrival, degrees, positive right, in (-180, 180].
    var angle: Double
    /// Bearing leaving the node along the road.
    var bearing: Double
    /// Whether the car may take it from the arrival: an outgoing edge no turn restriction
    /// forbids.
    var isAllowed: Bool

    var roadClass: RoadClass { edge.roadClass }
    /// How far from straight on, degrees, 0…180.
    var deviation: Double { abs(angle) }
  }

  /// How far along a road its direction is measured, metres.
  static let lookahead = 20.0

  var node: Int
  var location: Coordinate
  /// The arrival's bearing at the node.
  var bearingIn: Double
  var arrival: RoadEdge
  /// The other roads, from the sharpest left to the sharpest right.
  var roads: [Road]

  /// The roads the car may take.
  var allowed: [Road] { roads.filter(\.isAllowed) }

  /// Whether `edge` carries the arrival's road on: the same name and ref (both empty counts
  /// only for the same way).
  func continuesName(_ edge: RoadEdge) -> Bool {
    Self.sameRoad(arrival, edge)
  }

  static func sameRoad(_ a: RoadEdge, _ b: RoadEdge) -> Bool {
    if a.name.isEmpty && (a.ref ?? "").isEmpty { return a.wayID == b.wayID }
    return a.name == b.name && (a.ref ?? "") == (b.ref ?? "")
  }

  /// The road leaving by `edge`, nil when it is not among the roads.
  func road(leavingBy edge: Int) -> Road? {
    roads.first { $0.outgoing == edge }
  }
}

extension ManeuverBuilder {
  /// The intersection at the end of edge `arrival` (shape `shape`): the other roads at its
  /// end node, the restrictions that apply coming from `arrival`.
  func intersection(arrivingBy arrival: Int, shape: [Coordinate]) -> Intersection {
    let arrivalEdge = graph.edge(arrival)
    let node = arrivalEdge.to
    let bearingIn = Self.bearing(arriving: shape)
    let restrictions = graph.restrictions(at: node).filter { $0.from == arrival }
    let only = restrictions.first { $0.kind == .only }?.to
    func allowed(_ f: Int) -> Bool {
      if let only { return f == only }
      return !restrictions.contains { $0.kind == .no && $0.to == f }
    }
    let back = Array(shape.reversed())
    var roads: [Intersection.Road] = []
    for f in graph.outgoing(from: node) {
      let edge = graph.edge(f)
      let geometry = graph.geometry(ofEdge: f)
      // The way back along the arrival's own stretch of road is not another road.
      if edge.to == arrivalEdge.from && edge.wayID == arrivalEdge.wayID && geometry == back {
        continue
      }
      let bearing = Self.bearing(leaving: geometry)
      roads.append(
        .init(
          outgoing: f, edge: edge, angle: Angle.difference(from: bearingIn, to: bearing),
          bearing: bearing, isAllowed: allowed(f)))
    }
    // Roads on which traffic only comes in: incoming edges with no outgoing twin.
    for i in graph.incoming(to: node) where i != arrival {
      let edge = graph.edge(i)
      let geometry = Array(graph.geometry(ofEdge: i).reversed())
      let hasTwin = graph.outgoing(from: node).contains { f in
        let out = graph.edge(f)
        return out.to == edge.from && out.wayID == edge.wayID
          && graph.geometry(ofEdge: f) == geometry
      }
      if hasTwin { continue }
      let bearing = Self.bearing(leaving: geometry)
      roads.append(
        .init(
          outgoing: nil, edge: edge, angle: Angle.difference(from: bearingIn, to: bearing),
          bearing: bearing, isAllowed: false))
    }
    roads.sort { $0.angle < $1.angle }
    return Intersection(
      node: node, location: graph.coordinate(ofNode: node), bearingIn: bearingIn,
      arrival: arrivalEdge, roads: roads)
  }

  /// Bearing leaving the start of `shape`, towards the point `Intersection.lookahead`
  /// metres along it.
  static func bearing(leaving shape: [Coordinate]) -> Double {
    guard let first = shape.first, shape.count >= 2 else { return 0 }
    return Earth.bearing(from: first, to: point(along: shape, at: Intersection.lookahead))
  }

  /// Bearing arriving at the end of `shape`, from the point `Intersection.lookahead` metres
  /// before its end.
  static func bearing(arriving shape: [Coordinate]) -> Double {
    guard let last = shape.last, shape.count >= 2 else { return 0 }
    return Earth.bearing(
      from: point(along: Array(shape.reversed()), at: Intersection.lookahead), to: last)
  }

  /// The point `distance` metres along `shape` (its end when shorter).
  static func point(along shape: [Coordinate], at distance: Double) -> Coordinate {
    var walked = 0.0
    for k in 1..<shape.count {
      let step = Earth.distance(shape[k - 1], shape[k])
      if walked + step >= distance, step > 0 {
        let t = (distance - walked) / step
        let a = shape[k - 1]
        let b = shape[k]
        return Coordinate(
          latitude: a.latitude + (b.latitude - a.latitude) * t,
          longitude: a.longitude + (b.longitude - a.longitude) * t)
      }
      walked += step
    }
    let far = shape[shape.count - 1]
    return far == shape[0] ? shape[1] : far
  }
}
