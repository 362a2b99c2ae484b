import Foundation

/// The speed a car is expected to keep on a road with no traffic: a share of the limit.
///
/// Nobody drives a whole road at its limit: a motorway is driven a little below it, a main
/// road outside built-up areas slows for bends, villages and junctions, and a town's streets
/// for crossings, signals and parked cars. The shares (OSRM's car profile takes 0.8 of
/// every tagged limit; these split that by kind of road):
///
/// | road | share of the limit |
/// |---|---|
/// | motorway, trunk outside built-up areas, their ramps | 0.9 |
/// | primary, secondary, tertiary (and ramps) outside built-up areas | 0.85 |
/// | unclassified outside built-up areas | 0.75 |
/// | any of those inside built-up areas; residential, living street | 0.7 |
/// | service | 0.6 |
///
/// A slow limit is kept: the speed is never below the limit or 20 km/h, whichever is less
/// (a living street's 20 is driven at 20, `walk` at 6).
public enum TravelSpeed {
  /// The share of the limit kept on a road of `roadClass`, inside a built-up area or not.
  public static func share(for roadClass: RoadClass, urban: Bool) -> Double {
    switch roadClass {
    case .motorway, .motorwayLink: return 0.9
    case .trunk, .trunkLink: return urban ? 0.8 : 0.9
    case .primary, .primaryLink: return urban ? 0.8 : 0.85
    case .secondary, .secondaryLink: return urban ? 0.8 : 0.8
    case .tertiary, .tertiaryLink: return urban ? 0.8 : 0.7
    case .unclassified: return urban ? 0.8 : 0.55
    case .residential, .livingStreet: return 0.8
    case .service: return 0.6
    }
  }

  /// The free-flow travel speed, km/h, on a road whose limit is `limit` km/h.
  public static func kmh(limit: Double, roadClass: RoadClass, urban: Bool) -> Double {
    max(limit * share(for: roadClass, urban: urban), min(limit, 20))
  }
}
