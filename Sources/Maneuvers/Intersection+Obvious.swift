import Geo
import Navigation
import Routing

extension Intersection {
  /// How important a road is for telling which way the road goes on: 0 the most (motorway),
  /// a ramp half a step below its road.
  static func importance(_ c: RoadClass) -> Double {
    switch c {
    case .motorway: 0
    case .trunk: 1
    case .primary: 2
    case .secondary: 3
    case .tertiary: 4
    case .unclassified, .residential: 5
    case .motorwayLink: 0.5
    case .trunkLink: 1.5
    case .primaryLink: 2.5
    case .secondaryLink: 3.5
    case .tertiaryLink: 4.5
    case .livingStreet: 6
    case .service: 7
    }
  }

  /// Whether `road` is minor next to the arrival: a service road or living street met from
  /// a road that is neither (a driveway, a car park's entrance), or a motorway or trunk ramp
  /// met from a road that is no ramp (taking the ramp is told; going on needs no word).
  func isMinor(_ road: Road) -> Bool {
    let minor: Set<RoadClass> = [.service, .livingStreet]
    if minor.contains(road.roadClass) && !minor.contains(arrival.roadClass) { return true }
    let ramps: Set<RoadClass> = [.motorwayLink, .trunkLink]
    return ramps.contains(road.roadClass) && !arrival.roadClass.isLink
  }

  /// Whether the road at `index` is one the route merges into: another road there, coming
  /// in from close beside the arrival (over 135° off straight on), carries its name on;
  /// never from one ramp onto another.
  func mergesInto(_ index: Int) -> Bool {
    let road = roads[index]
    if road.edge.name.isEmpty && (road.edge.ref ?? "").isEmpty { return false }
    // Ramps running together are one ramp on.
    if arrival.roadClass.isLink && road.roadClass.isLink { return false }
    return roads.indices.contains { j in
      j != index && roads[j].deviation > 135 && Self.sameRoad(roads[j].edge, road.edge)
    }
  }

  /// The index in `roads` of the obvious way on: the road a driver takes without being told,
  /// nil when the junction offers no such road. Competing roads are the other allowed roads
  /// that are not minor (`isMinor`).
  ///
  /// - By name: the allowed road carrying the arrival's name and ref on, when it bends less
  ///   than 30° and every competitor bends at least 5° more; or less than 60° and every
  ///   competitor bends at least 45° more or is less important; or less than 120° (a main
  ///   road turning a corner) and every competitor is less important and, for a bend of
  ///   45° or more, none goes on within 30° of straight (there the driver is told); or less
  ///   than 120° where no other road may be taken, arrived at along 20 m or more. Where
  ///   the name turns off both ways, 45° or more, it carries on neither way: by angle.
  /// - By angle: the straightest allowed road, within 30° of straight on, when every
  ///   competitor deviates at least twice as much and 30° more or is two classes less
  ///   important — unless a competitor carries the arrival's name on, a road more than a
  ///   class more important bends away within 60°, or the road is one the route merges into
  ///   (`mergesInto`).
  /// - Alone: the one road a car may take that is not minor, within 60° of straight on.
  func obviousRoad() -> Int? {
    let candidates = roads.indices.filter { roads[$0].isAllowed }
    guard !candidates.isEmpty else { return nil }
    func competitors(_ i: Int) -> [Road] {
      roads.indices.filter { $0 != i && roads[$0].isAllowed && !isMinor(roads[$0]) }
        .map { roads[$0] }
    }

    // The way back (a U-turn, the other carriageway) carries the name but never on.
    let named = candidates.filter {
      continuesName(roads[$0].edge) && roads[$0].deviation < TurnClassifier.uTurnFrom
    }
    if let i = named.min(by: { roads[$0].deviation < roads[$1].deviation }) {
      let d = roads[i].deviation
      let others = competitors(i)
      let importance = Self.importance(roads[i].roadClass)
      if d < 30 && others.allSatisfy({ $0.deviation > d + 5 }) { return i }
      if d < 60
        && others.allSatisfy({
          $0.deviation >= d + 45 || Self.importance($0.roadClass) > importance
        })
      {
        return i
      }
      // The road bending where no other road may be taken (traffic only comes in), not
      // at the end of a short link, whose bend finishes the turn onto it.
      if d < 120 && others.isEmpty && approachLength >= 20 { return i }
      // The main road turning a corner where only lesser roads go on, none straight on.
      if d < 120 && !others.isEmpty
        && others.allSatisfy({
          Self.importance($0.roadClass) > importance && (d < 45 || $0.deviation >= 30)
        })
      {
        return i
      }
      // The name going off both ways at a crossing carries on neither: judge by angle.
      let sides = Set(named.map { roads[$0].angle < 0 })
      if !(sides.count == 2 && d >= 45) { return nil }
    }

    let major = candidates.filter { !isMinor(roads[$0]) }
    if major.count == 1, roads[major[0]].deviation < 60, !mergesInto(major[0]) {
      return major[0]
    }
    guard
      let best = (major.isEmpty ? candidates : major).min(by: {
        roads[$0].deviation < roads[$1].deviation
      }),
      roads[best].deviation < 30, !mergesInto(best)
    else { return nil }
    let d = roads[best].deviation
    let importance = Self.importance(roads[best].roadClass)
    let clear = competitors(best).allSatisfy { r in
      // A more important road bending gently away is where traffic goes.
      if r.deviation < 60 && Self.importance(r.roadClass) < importance - 1 { return false }
      return r.deviation >= max(2 * d, d + 30) || Self.importance(r.roadClass) >= importance + 2
    }
    return clear ? best : nil
  }

  /// Whether a road in `bearing` from the node runs into the island of a ring that meets
  /// the junction: within the narrower angle between the ring's way on and its way in (a
  /// through lane across a roundabout, taken or arrived by).
  func crossesIsland(_ bearing: Double) -> Bool {
    guard let out = roads.first(where: { $0.edge.isRoundabout && $0.outgoing != nil }),
      let into = roads.first(where: { $0.edge.isRoundabout && $0.outgoing == nil })
    else { return false }
    return Angle.isBetween(bearing, out.bearing, into.bearing)
  }
}
