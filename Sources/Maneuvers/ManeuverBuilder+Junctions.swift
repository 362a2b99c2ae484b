import Foundation
import Geo
import Navigation
import Routing

extension ManeuverBuilder {
  /// The junction between edge `a` and edge `b` of a path: its intersection, the angles,
  /// the turn cost the router charged (the same rules as `Router.forEachMove`). `approach`
  /// is the way in as the driver sees it, ending with `shape`: its direction is the
  /// arrival's.
  func junction(
    from a: Int, fromEdge: RoadEdge, shape: [Coordinate], approach: [Coordinate]? = nil,
    to b: Int, toEdge: RoadEdge, toShape: [Coordinate]
  ) -> Junction {
    let intersection = self.intersection(arrivingBy: a, shape: shape, approach: approach)
    let taken = intersection.road(leavingBy: b)
    let bearingOut = taken?.bearing ?? Self.bearing(leaving: toShape)
    let exits = intersection.allowed.filter { $0.outgoing != b }.map {
      Option(edge: $0.edge, angle: $0.angle)
    }
    let reversal = taken == nil
    let angle = taken?.angle ?? 180
    // The router's cost: its own angles, over its own lookahead.
    let routerAngle = Angle.difference(
      from: EdgeGeometry.finalBearing(shape), to: EdgeGeometry.initialBearing(toShape))
    let cost =
      reversal
      ? options.uTurnCost
      : exits.isEmpty || fromEdge.isRoundabout && toEdge.isRoundabout
        ? 0 : options.turnCost(angle: routerAngle)
    return Junction(
      location: intersection.location, bearingIn: intersection.bearingIn,
      bearingOut: bearingOut, angle: angle, isReversal: reversal, exits: exits, cost: cost,
      intersection: intersection, taken: intersection.roads.firstIndex { $0.outgoing == b })
  }

  /// The maneuver at `junction` from road `from` onto road `to`, nil when the driver just
  /// drives on.
  func decide(_ junction: Junction, from: RoadEdge, to: RoadEdge) -> Maneuver? {
    let angle = junction.angle
    var modifier = TurnClassifier.modifier(angle: angle)
    let sameRoad = Intersection.sameRoad(from, to)
    func make(_ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier?) -> Maneuver {
      Maneuver(
        kind: kind, modifier: modifier, location: junction.location,
        bearingBefore: Self.rounded(junction.bearingIn),
        bearingAfter: Self.rounded(junction.bearingOut))
    }
    // Boarding or leaving a ferry is always told, however straight.
    if from.isFerry != to.isFerry {
      return make(to.isFerry ? .enterFerry : .exitFerry, junction.isReversal ? .uTurn : modifier)
    }
    // On board, the ferry's own junctions (a pier it calls at, its lines forking) are not
    // the driver's to take: nothing to tell until the crossing changes to another ferry.
    if from.isFerry && to.isFerry && from.name == to.name { return nil }
    if junction.isReversal || modifier == .uTurn {
      return make(sameRoad ? .continue : .turn, .uTurn)
    }
    guard let takenIndex = junction.taken else { return nil }
    let x = junction.intersection
    let taken = x.roads[takenIndex]
    // A sharp turn that is the one way off to its side, and not back, reads as a plain one.
    if modifier == .sharpLeft || modifier == .sharpRight, taken.deviation < 150,
      !x.roads.indices.contains(where: {
        $0 != takenIndex && x.roads[$0].isAllowed && x.roads[$0].deviation > 20
          && (x.roads[$0].angle > 0) == (taken.angle > 0)
      })
    {
      modifier = modifier == .sharpLeft ? .left : .right
    }
    let others = x.roads.indices.filter { $0 != takenIndex }.map { x.roads[$0] }
    if let ramp = rampManeuver(x, taken: taken, from: from, to: to, make: make) {
      return ramp
    }
    // Not a junction: the road goes on, perhaps under another name.
    if others.isEmpty {
      return Intersection.announcesName(from: from, to: to) ? make(.newName, modifier) : nil
    }
    // Touching a ring at one node, on and off at once: its exit is the one instruction
    // (not for a through lane across its island).
    if let onto = x.roads.first(where: { $0.edge.isRoundabout && $0.outgoing != nil })?.outgoing,
      !x.crossesIsland(taken.bearing), !x.crossesIsland(x.bearingIn + 180)
    {
      let rotary = ring(startingWith: onto).kind == .rotary
      return make(rotary ? .exitRotary : .exitRoundabout, modifier)
    }

    let obvious = x.obviousRoad()
    if obvious == takenIndex {
      return Intersection.announcesName(from: from, to: to) ? make(.newName, modifier) : nil
    }

    // A fork: two or three ways ahead, none obvious, everything else well off to the side.
    let ahead = x.roads.indices.filter {
      x.roads[$0].isAllowed && x.roads[$0].deviation < 60 && !x.isMinor(x.roads[$0])
    }
    if obvious == nil, (2...3).contains(ahead.count),
      let position = ahead.firstIndex(of: takenIndex)
    {
      let branches = ahead.map { x.roads[$0] }
      let similar = branches.allSatisfy { Self.similar($0.roadClass, taken.roadClass) }
      let apart = (branches.last!.angle - branches.first!.angle) < 100
      let rest = x.roads.indices.filter { !ahead.contains($0) && !x.isMinor(x.roads[$0]) }
        .map { x.roads[$0] }
      if similar && apart
        && rest.allSatisfy({ $0.deviation >= 60 || !$0.isAllowed && $0.deviation > 30 })
      {
        let modifier: Maneuver.Modifier =
          position == 0 ? .slightLeft : position == ahead.count - 1 ? .slightRight : .straight
        return make(.fork, modifier)
      }
    }

    // The end of the road: nothing goes on within 45° of straight, roads either side.
    let straightest = x.roads.map(\.deviation).min() ?? 180
    if straightest >= 45, taken.deviation >= 45,
      x.roads.contains(where: { $0.angle < -45 }), x.roads.contains(where: { $0.angle > 45 })
    {
      return make(.endOfRoad, modifier)
    }
    // Leaving the obvious way on, however gently, is a turn to its side.
    if modifier == .straight, let obvious {
      let side: Maneuver.Modifier =
        taken.angle < x.roads[obvious].angle ? .slightLeft : .slightRight
      return make(sameRoad ? .continue : .turn, side)
    }
    return make(sameRoad ? .continue : .turn, modifier)
  }

  /// On and off ramps of motorways and trunks, and merges onto them; nil for other moves.
  func rampManeuver(
    _ x: Intersection, taken: Intersection.Road, from: RoadEdge, to: RoadEdge,
    make: (Maneuver.Kind, Maneuver.Modifier?) -> Maneuver
  ) -> Maneuver? {
    let highways: Set<RoadClass> = [.motorway, .trunk]
    let ramps: Set<RoadClass> = [.motorwayLink, .trunkLink]
    let modifier = TurnClassifier.modifier(angle: taken.angle)
    /// The modifier for a move to `side` (-1 left, +1 right): the angle's own when it
    /// turns that way, else slight.
    func toward(_ side: Int) -> Maneuver.Modifier {
      if modifier.side == side && modifier != .straight { return modifier }
      return side < 0 ? .slightLeft : .slightRight
    }
    if ramps.contains(to.roadClass) && !from.roadClass.isLink {
      // The side the ramp leaves from: against the road that goes on.
      let main = x.roads.filter { $0.isAllowed && $0.outgoing != taken.outgoing }
        .min { a, b in
          let ka = (Intersection.sameRoad(from, a.edge) ? 0 : 1, a.deviation)
          let kb = (Intersection.sameRoad(from, b.edge) ? 0 : 1, b.deviation)
          return ka < kb
        }
      let side = main.map { taken.angle < $0.angle ? -1 : 1 } ?? (taken.angle < 0 ? -1 : 1)
      return make(highways.contains(from.roadClass) ? .offRamp : .onRamp, toward(side))
    }
    let joins = from.roadClass.isLink || highways.contains(from.roadClass)
    if joins && highways.contains(to.roadClass) && !Intersection.sameRoad(from, to) {
      // Towards the carriageway joined: the side its traffic comes from.
      let carriageway = x.roads.filter {
        $0.outgoing != taken.outgoing && highways.contains($0.roadClass)
          && !$0.isAllowed && $0.deviation > 90
      }.min { $0.deviation > $1.deviation }
      guard let carriageway else { return nil }
      return make(.merge, toward(carriageway.angle < 0 ? -1 : 1))
    }
    return nil
  }

  /// Roads of a kind a driver would see as the two branches of a fork.
  static func similar(_ a: RoadClass, _ b: RoadClass) -> Bool {
    if a.isLink != b.isLink { return false }
    let minor: Set<RoadClass> = [.service, .livingStreet]
    return minor.contains(a) == minor.contains(b)
  }

  /// Which side of the road the destination is on, nil when it is on the road (within
  /// 3 m of where the route ends).
  func arrivalSide(_ path: RoutePath, lastPiece: [Coordinate]) -> Maneuver.Modifier? {
    Route.arrivalSide(approach: lastPiece, end: path.end, destination: path.destination)
  }
}
