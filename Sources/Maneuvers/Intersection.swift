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
    /// The edge arriving at the node along a road whose traffic only comes in.
    var incoming: Int?
    /// The road's attributes: its outgoing edge's, or its incoming edge's when it has none.
    var edge: RoadEdge
    /// Signed turn from the arrival, degrees, positive right, in (-180, 180].
    var angle: Double
    /// Bearing leaving the node along the road.
    var bearing: Double
    /// Whether the car may take it from the arrival: an outgoing edge no turn restriction
    /// forbids.
    var isAllowed: Bool
    /// Whether traffic on it goes one way only (out of the node, or into it).
    var isOneway = false
    /// Whether it stands for both carriageways of a divided road (`mergingCarriageways`).
    var isDivided = false

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
  /// How far back the way in is seen as one road, metres (at most 40): the arrival's edge,
  /// and before it the edges it carries on from through nodes with no other road.
  var approachLength = 0.0
  /// The other roads, from the sharpest left to the sharpest right.
  var roads: [Road]

  /// The roads the car may take.
  var allowed: [Road] { roads.filter(\.isAllowed) }

  /// Whether `edge` carries the arrival's road on (`sameRoad`).
  func continuesName(_ edge: RoadEdge) -> Bool {
    Self.sameRoad(arrival, edge)
  }

  /// The road leaving by `edge`, nil when it is not among the roads.
  func road(leavingBy edge: Int) -> Road? {
    roads.first { $0.outgoing == edge }
  }
}

extension Intersection {
  /// The carriageways of a divided road seen as the one road a driver sees: a oneway road
  /// leaving and a oneway road arriving with the same name (or ref), less than 60° apart
  /// (or up to 95° where `beside(out, in)` says the two edges run beside each other), become
  /// one road along the middle of the two; and where the arrival (edge `arrivalEdge`) is
  /// one carriageway of such a road, the other carriageway leaving is the way back (a
  /// U-turn), and the arrival's direction is the middle of the two.
  /// Not at a node of a roundabout's ring, whose roads are no carriageways.
  mutating func mergeCarriageways(
    arrivalIsOneway: Bool, arrivalEdge: Int, beside: (_ out: Int, _ in: Int) -> Bool
  ) {
    func pair(_ out: Road, _ inbound: Road?, apart: Double) -> Bool {
      if apart < 60 { return true }
      guard apart < 95, let o = out.outgoing, let i = inbound?.incoming ?? Optional(arrivalEdge)
      else { return false }
      return beside(o, i)
    }
    if arrival.isRoundabout || roads.contains(where: \.edge.isRoundabout) { return }
    func named(_ e: RoadEdge) -> Bool {
      !e.isRoundabout && (!e.name.isEmpty || !(e.ref ?? "").isEmpty)
    }
    if arrivalIsOneway, named(arrival),
      let back = roads.indices.filter({
        roads[$0].outgoing != nil && roads[$0].isOneway
          && Self.sameRoad(arrival, roads[$0].edge)
          && pair(roads[$0], nil, apart: 180 - roads[$0].deviation)
      }).max(by: { roads[$0].deviation < roads[$1].deviation })
    {
      let reverse = Angle.normalized(roads[back].bearing + 180)
      bearingIn = Angle.normalized(bearingIn + Angle.difference(from: bearingIn, to: reverse) / 2)
      for i in roads.indices {
        roads[i].angle = Angle.difference(from: bearingIn, to: roads[i].bearing)
      }
      roads[back].angle = 180
      roads[back].isDivided = true
    }
    var merged: [Road] = []
    var used = Set<Int>()
    for i in roads.indices
    where roads[i].outgoing != nil && roads[i].isOneway && !roads[i].isDivided {
      guard named(roads[i].edge),
        let j = roads.indices.filter({
          !used.contains($0) && roads[$0].outgoing == nil
            && Self.sameRoad(roads[$0].edge, roads[i].edge)
            && pair(
              roads[i], roads[$0],
              apart: abs(Angle.difference(from: roads[i].bearing, to: roads[$0].bearing)))
        }).min(by: {
          abs(Angle.difference(from: roads[i].bearing, to: roads[$0].bearing))
            < abs(Angle.difference(from: roads[i].bearing, to: roads[$1].bearing))
        })
      else { continue }
      used.insert(i)
      used.insert(j)
      var road = roads[i]
      road.bearing = Angle.normalized(
        road.bearing + Angle.difference(from: road.bearing, to: roads[j].bearing) / 2)
      road.angle = Angle.difference(from: bearingIn, to: road.bearing)
      road.isDivided = true
      road.isOneway = false
      merged.append(road)
    }
    guard !used.isEmpty else { return }
    roads = roads.indices.filter { !used.contains($0) }.map { roads[$0] } + merged
  }
}

extension ManeuverBuilder {
  /// The intersection at the end of edge `arrival` (shape `shape`): the other roads at its
  /// end node, the restrictions that apply coming from `arrival`. The arrival's direction
  /// is measured on `approach` (the way in as the driver sees it, ending with `shape`).
  func intersection(
    arrivingBy arrival: Int, shape: [Coordinate], approach: [Coordinate]? = nil
  ) -> Intersection {
    let arrivalEdge = graph.edge(arrival)
    let node = arrivalEdge.to
    let bearingIn = Self.bearing(arriving: approach ?? shape)
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
      let bearing = Self.bearing(leaving: seen(edge: f, forward: true))
      let reversed = Array(geometry.reversed())
      let comesBack = graph.incoming(to: node).contains { i in
        let e = graph.edge(i)
        return e.from == edge.to && e.wayID == edge.wayID && graph.geometry(ofEdge: i) == reversed
      }
      roads.append(
        .init(
          outgoing: f, edge: edge, angle: Angle.difference(from: bearingIn, to: bearing),
          bearing: bearing, isAllowed: allowed(f), isOneway: !comesBack))
    }
    let arrivalIsOneway = !graph.outgoing(from: node).contains { f in
      let e = graph.edge(f)
      return e.to == arrivalEdge.from && e.wayID == arrivalEdge.wayID
        && graph.geometry(ofEdge: f) == back
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
      let bearing = Self.bearing(leaving: seen(edge: i, forward: false))
      roads.append(
        .init(
          outgoing: nil, incoming: i, edge: edge,
          angle: Angle.difference(from: bearingIn, to: bearing),
          bearing: bearing, isAllowed: false, isOneway: true))
    }
    var x = Intersection(
      node: node, location: graph.coordinate(ofNode: node), bearingIn: bearingIn,
      arrival: arrivalEdge, roads: roads)
    x.approachLength = Polyline(approach ?? shape).length
    x.mergeCarriageways(arrivalIsOneway: arrivalIsOneway, arrivalEdge: arrival) {
      runBeside(out: $0, in: $1)
    }
    x.roads.sort { $0.angle < $1.angle }
    return x
  }

  /// Bearing leaving the start of `shape`, towards the point `Intersection.lookahead`
  /// metres along it.
  static func bearing(leaving shape: [Coordinate]) -> Double {
    EdgeGeometry.initialBearing(shape, lookahead: Intersection.lookahead)
  }

  /// Bearing arriving at the end of `shape`, from the point `Intersection.lookahead` metres
  /// before its end.
  static func bearing(arriving shape: [Coordinate]) -> Double {
    EdgeGeometry.finalBearing(shape, lookahead: Intersection.lookahead)
  }
}
