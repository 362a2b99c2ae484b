import Geo
import Navigation
import Routing

extension ManeuverBuilder {
  /// A roundabout's ring, walked from where the route enters it.
  struct Ring {
    /// Its length over 2π, metres.
    var radius: Double
    /// Whether traffic goes round anticlockwise (right-hand traffic).
    var isAnticlockwise: Bool
    /// The ring's name, empty when it has none or its ways differ.
    var name: String
    /// How many roads meet the ring (each way at each node once).
    var roads: Int

    /// Whether a road meeting the ring carries its name.
    var nameIsShared: Bool
    /// Whether it reads as a crossing: each road meets it at a node of its own, both ways,
    /// and no two leave it within 60° of each other.
    var armsAreDistinct: Bool

    /// The maneuver type entering it: a `rotary` for a large circle with a name of its own
    /// (over 15 m in radius, the name on no road meeting it), a `roundabout turn` for a
    /// small one (up to 15 m) of at most four distinct roads that reads as a crossing, a
    /// `roundabout` otherwise.
    var kind: Maneuver.Kind {
      if radius > 15 && !name.isEmpty && !nameIsShared { return .rotary }
      if radius <= 15 && roads <= 4 && armsAreDistinct { return .roundaboutTurn }
      return .roundabout
    }
  }

  /// What the route has met of a roundabout since entering it.
  struct RoundaboutProgress {
    /// Exits passed so far.
    var exits: Int
    var bearingIn: Double
    var kind: Maneuver.Kind
  }

  /// The ring that edge `first` (a roundabout edge) belongs to, followed round until it
  /// closes (at most 200 edges).
  func ring(startingWith first: Int) -> Ring {
    var shape: [Coordinate] = []
    var edge = first
    let start = graph.edge(first).from
    var arms = Set<[Int64]>()
    var names = Set<String>()
    var ringNames = Set<String>()
    var distinct = true
    var armBearings: [Double] = []
    var length = 0.0
    for _ in 0..<200 {
      let e = graph.edge(edge)
      ringNames.insert(e.name)
      shape += graph.geometry(ofEdge: edge).dropLast()
      length += e.length
      let out = graph.outgoing(from: e.from).filter { !graph.edge($0).isRoundabout }
      let into = graph.incoming(to: e.from).filter { !graph.edge($0).isRoundabout }
      for f in out + into {
        arms.insert([Int64(e.from), graph.edge(f).wayID])
        names.insert(graph.edge(f).name)
      }
      if !out.isEmpty || !into.isEmpty {
        let ways = Set((out + into).map { graph.edge($0).wayID })
        if ways.count != 1 || out.count != 1 || into.count != 1
          || graph.edge(out[0]).to != graph.edge(into[0]).from
        {
          distinct = false
        } else {
          armBearings.append(EdgeGeometry.initialBearing(graph.geometry(ofEdge: out[0])))
        }
      }
      if e.to == start { break }
      let next = graph.outgoing(from: e.to).filter { graph.edge($0).isRoundabout }
      guard let chosen = next.first(where: { graph.edge($0).wayID == e.wayID }) ?? next.first
      else { break }
      edge = chosen
    }
    for (i, a) in armBearings.enumerated() {
      for b in armBearings[(i + 1)...] where abs(Angle.difference(from: a, to: b)) < 60 {
        distinct = false
      }
    }
    guard shape.count >= 3 else {
      return Ring(
        radius: 0, isAnticlockwise: options.drivingSide == .right, name: "",
        roads: arms.count, nameIsShared: false, armsAreDistinct: distinct)
    }
    let projection = LocalProjection(origin: shape[0])
    let points = shape.map(projection.project)
    var area = 0.0
    for i in points.indices {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    // A ring of ways with names of their own has no one name (a turbo roundabout's lanes).
    let name = ringNames.count == 1 ? graph.edge(first).name : ""
    return Ring(
      radius: length / (2 * .pi), isAnticlockwise: area > 0, name: name, roads: arms.count,
      nameIsShared: names.contains(name), armsAreDistinct: distinct)
  }

  /// Exits at the node where the route enters a ring that a car joining it has already
  /// passed: roads off the ring on the near side of the way onto it (right of it where
  /// traffic goes anticlockwise, left where it goes clockwise).
  func exitsPassedEntering(_ junction: Junction, ring: Ring) -> Int {
    guard let taken = junction.taken else { return 0 }
    let onto = junction.intersection.roads[taken].angle
    return junction.intersection.roads.filter { road in
      guard road.isAllowed, !road.edge.isRoundabout, road.roadClass != .service else {
        return false
      }
      return ring.isAnticlockwise ? road.angle > onto : road.angle < onto
    }.count
  }

  /// Whether a junction on a ring has a way off it other than the route's that drivers
  /// count: a service road (a driveway, a car park's entrance) is not. Two ways off at one
  /// node count once, as drivers count a turbo roundabout's lanes out: as one exit.
  func hasExit(_ junction: Junction) -> Bool {
    junction.exits.contains { !$0.edge.isRoundabout && $0.edge.roadClass != .service }
  }
}
