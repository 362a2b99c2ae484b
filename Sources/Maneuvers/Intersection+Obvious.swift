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
  /// a road that is neither (a driveway, a car park's entrance).
  func isMinor(_ road: Road) -> Bool {
    let minor: Set<RoadClass> = [.service, .livingStreet]
    return minor.contains(road.roadClass) && !minor.contains(arrival.roadClass)
  }

  /// The index in `roads` of the obvious way on: the road a driver takes without being told,
  /// nil when the junction offers no such road.
  ///
  /// - By name: the one allowed road carrying the arrival's name and ref on, when no road as
  ///   important goes straighter and it is no sharp turn.
  /// - By class: the one allowed road as important as the arrival within 60° of straight on,
  ///   when every other road near it is less important.
  /// - By angle: the straightest allowed road, within 30° of straight on, when every other
  ///   road deviates at least twice as much and 25° more, or is minor.
  func obviousRoad() -> Int? {
    let allowedIndices = roads.indices.filter { roads[$0].isAllowed }
    guard !allowedIndices.isEmpty else { return nil }
    let arrivalImportance = Self.importance(arrival.roadClass)
    let competitors = { (i: Int) in
      roads.indices.filter { $0 != i && !self.isMinor(self.roads[$0]) }
    }

    let named = allowedIndices.filter { continuesName(roads[$0].edge) }
    if named.count == 1 {
      let i = named[0]
      let c = roads[i]
      let straighter = competitors(i).filter {
        roads[$0].isAllowed && roads[$0].deviation + 10 < c.deviation
          && Self.importance(roads[$0].roadClass) <= Self.importance(c.roadClass)
      }
      if straighter.isEmpty && c.deviation < 60 { return i }
    }

    let sameClass = allowedIndices.filter {
      Self.importance(roads[$0].roadClass) == arrivalImportance && roads[$0].deviation < 60
    }
    if sameClass.count == 1 {
      let i = sameClass[0]
      let rivals = competitors(i).filter {
        roads[$0].deviation < 60 && roads[$0].isAllowed
          && Self.importance(roads[$0].roadClass) <= arrivalImportance
      }
      if rivals.isEmpty { return i }
    }

    guard
      let best = allowedIndices.min(by: { roads[$0].deviation < roads[$1].deviation }),
      roads[best].deviation < 30
    else { return nil }
    let d = roads[best].deviation
    let clear = competitors(best).allSatisfy { j in
      let r = roads[j]
      if !r.isAllowed && r.deviation >= d { return true }
      return r.deviation >= max(2 * d, d + 25)
        || Self.importance(r.roadClass) > Self.importance(roads[best].roadClass) + 1
    }
    return clear ? best : nil
  }
}
