import Foundation
import Geo
import Navigation
import Routing

extension ManeuverBuilder {
  /// The junction between edge `a` and edge `b` of a path: angles, the other ways on, the
  /// turn cost the router charged (the same rules as `Router.forEachMove`).
  func junction(
    from a: Int, fromEdge: RoadEdge, shape: [Coordinate], to b: Int, toEdge: RoadEdge,
    toShape: [Coordinate]
  ) -> Junction {
    let node = fromEdge.to
    let bearingIn = EdgeGeometry.finalBearing(shape)
    let bearingOut = EdgeGeometry.initialBearing(toShape)
    let restrictions = graph.restrictions(at: node).filter { $0.from == a }
    let only = restrictions.first { $0.kind == .only }?.to
    func allowed(_ f: Int) -> Bool {
      if let only { return f == only }
      return !restrictions.contains { $0.kind == .no && $0.to == f }
    }
    var exits: [Option] = []
    var reversal = false
    // The way back along the same stretch of road: not another stretch of the same way
    // between the same two nodes (a small roundabout's other half).
    let back = shape.reversed() as [Coordinate]
    for f in graph.outgoing(from: node) {
      let edge = graph.edge(f)
      let isTwin =
        edge.to == fromEdge.from && edge.wayID == fromEdge.wayID
        && graph.geometry(ofEdge: f) == back
      if f == b {
        reversal = isTwin
        continue
      }
      guard !isTwin, allowed(f) else { continue }
      let angle = Angle.difference(
        from: bearingIn, to: EdgeGeometry.initialBearing(graph.geometry(ofEdge: f)))
      exits.append(Option(edge: edge, angle: angle))
    }
    let angle = Angle.difference(from: bearingIn, to: bearingOut)
    let cost =
      reversal ? options.uTurnCost : exits.isEmpty ? 0 : options.turnCost(angle: angle)
    return Junction(
      location: graph.coordinate(ofNode: node), bearingIn: bearingIn, bearingOut: bearingOut,
      angle: angle, isReversal: reversal, exits: exits, cost: cost)
  }

  /// The maneuver at `junction` from road `from` onto road `to`, nil when the driver just
  /// drives on.
  func decide(_ junction: Junction, from: RoadEdge, to: RoadEdge) -> Maneuver? {
    let angle = junction.angle
    let modifier = TurnClassifier.modifier(angle: angle)
    let sameRoad = from.name == to.name && (from.ref ?? "") == (to.ref ?? "")
    func make(_ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier?) -> Maneuver {
      Maneuver(
        kind: kind, modifier: modifier, location: junction.location,
        bearingBefore: Self.rounded(junction.bearingIn),
        bearingAfter: Self.rounded(junction.bearingOut))
    }
    let slight: Maneuver.Modifier = angle >= 0 ? .slightRight : .slightLeft

    if junction.isReversal || modifier == .uTurn {
      return make(sameRoad ? .continue : .turn, .uTurn)
    }
    let highways: Set<RoadClass> = [.motorway, .trunk]
    let ramps: Set<RoadClass> = [.motorwayLink, .trunkLink]
    if ramps.contains(to.roadClass) && !from.roadClass.isLink {
      let kind: Maneuver.Kind = highways.contains(from.roadClass) ? .offRamp : .onRamp
      return make(kind, modifier == .straight ? slight : modifier)
    }
    if ramps.contains(from.roadClass) && highways.contains(to.roadClass) {
      return make(.merge, modifier == .straight ? slight : modifier)
    }
    let exits = junction.exits
    if exits.isEmpty {
      return sameRoad ? nil : make(.newName, modifier)
    }

    // A fork: two similar ways on, both within 45° of straight.
    let ahead = exits.filter { abs($0.angle) < TurnClassifier.slightLimit }
    if abs(angle) < TurnClassifier.slightLimit, ahead.count == 1,
      Self.similar(ahead[0].edge.roadClass, to.roadClass)
    {
      let other = ahead[0]
      let otherSameRoad = other.edge.name == from.name && other.edge.ref == from.ref
      if sameRoad && !otherSameRoad && abs(angle) <= abs(other.angle) {
        return nil
      }
      if otherSameRoad && !sameRoad && abs(other.angle) <= abs(angle) {
        return make(.turn, modifier == .straight ? slight : modifier)
      }
      if !sameRoad || !otherSameRoad {
        return make(.fork, angle < other.angle ? .slightLeft : .slightRight)
      }
    }

    // The end of the road: nothing goes on straight, and there is a way to the other side.
    if abs(angle) >= TurnClassifier.slightLimit, ahead.isEmpty,
      exits.contains(where: {
        abs($0.angle) >= TurnClassifier.slightLimit && ($0.angle > 0) != (angle > 0)
      })
    {
      return make(.endOfRoad, modifier)
    }

    let straightest = exits.map { abs($0.angle) }.min() ?? 180
    switch modifier {
    case .straight:
      return sameRoad ? nil : make(.newName, .straight)
    case .slightLeft, .slightRight:
      if sameRoad && straightest - abs(angle) >= 30 { return nil }
      return make(sameRoad ? .continue : .turn, modifier)
    default:
      if sameRoad && abs(angle) < 60 && straightest - abs(angle) >= 30 { return nil }
      return make(sameRoad ? .continue : .turn, modifier)
    }
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

  /// Folds maneuvers that come in quick succession into one, and drops name changes
  /// that lead back onto the name the route was already on.
  func collapse(_ drafts: [Draft]) -> [Draft] {
    let foldable: Set<Maneuver.Kind> = [.turn, .continue, .newName, .endOfRoad, .fork]
    var out: [Draft] = []
    var i = 0
    while i < drafts.count {
      var step = drafts[i]
      while i + 1 < drafts.count - 1, foldable.contains(step.maneuver.kind),
        foldable.contains(drafts[i + 1].maneuver.kind),
        step.distance < 12 || (step.distance < 40 && step.name.isEmpty && step.ref == nil)
          || (step.distance < 100 && step.maneuver.kind == .newName
            && step.maneuver.modifier == .straight && drafts[i + 1].maneuver.kind == .newName)
      {
        let next = drafts[i + 1]
        let angle = Angle.difference(
          from: step.maneuver.bearingBefore, to: next.maneuver.bearingAfter)
        let modifier = TurnClassifier.modifier(angle: angle)
        var kind = next.maneuver.kind == .newName ? step.maneuver.kind : next.maneuver.kind
        if modifier == .uTurn { kind = out.last?.name == next.name ? .continue : .turn }
        if kind == .newName && modifier != .straight { kind = .turn }
        step.maneuver.kind = kind
        step.maneuver.modifier = modifier
        step.maneuver.bearingAfter = next.maneuver.bearingAfter
        step.name = next.name
        step.ref = next.ref
        step.append(next.geometry)
        step.distance += next.distance
        step.duration += next.duration
        if step.lanes.isEmpty { step.lanes = next.lanes }
        if step.signpost == nil { step.signpost = next.signpost }
        i += 1
      }
      if let previous = out.last, step.maneuver.kind == .newName,
        previous.name == step.name, previous.ref == step.ref,
        [.straight, .slightLeft, .slightRight].contains(step.maneuver.modifier)
      {
        out[out.count - 1].append(step.geometry)
        out[out.count - 1].distance += step.distance
        out[out.count - 1].duration += step.duration
      } else {
        out.append(step)
      }
      i += 1
    }
    return out
  }
}
