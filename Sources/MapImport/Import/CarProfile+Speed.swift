import Foundation
import RoadCosts

extension CarProfile {
  /// Whether a way runs through a built-up area at a point where `presence` holds.
  ///
  /// The way's zone tags decide when they say (`zone:traffic`, `source:maxspeed`…). Failing
  /// that: motorways and their ramps, and `motorroad=yes` ways, never; trunk roads and their
  /// ramps only inside a place's area (a bypass passes near a town's node); any other road
  /// inside a place's area or near a place's node.
  public func isUrban(_ way: Way, presence: BuiltUpAreas.Presence) -> Bool {
    if let area = way.area { return area == .urban }
    switch way.roadClass {
    case .motorway, .motorwayLink: return false
    case _ where way.isMotorroad: return false
    case .trunk, .trunkLink: return presence == .insideArea
    default: return presence != .outside
    }
  }

  /// The legal limit of a way in one direction, km/h: tagged, or the country's implicit one.
  public func limit(of way: Way, forward: Bool, presence: BuiltUpAreas.Presence) -> Double {
    (forward ? way.forwardTaggedLimit : way.backwardTaggedLimit)
      ?? limits.defaultLimit(for: way.roadClass, urban: isUrban(way, presence: presence))
  }

  /// The free-flow travel speed of a way in one direction, km/h: its limit at the share
  /// `TravelSpeed` gives (one share for a tagged limit, one per class for an implicit one).
  /// What the map stores as an edge's speed and routes by.
  public func speed(of way: Way, forward: Bool, presence: BuiltUpAreas.Presence) -> Double {
    if let fixed = way.fixedKmh { return fixed }
    let urban = isUrban(way, presence: presence)
    if let tagged = forward ? way.forwardTaggedLimit : way.backwardTaggedLimit {
      return TravelSpeed.kmh(limit: tagged, roadClass: way.roadClass, urban: urban, tagged: true)
    }
    return TravelSpeed.kmh(
      limit: limits.defaultLimit(for: way.roadClass, urban: urban), roadClass: way.roadClass,
      urban: urban)
  }
}
