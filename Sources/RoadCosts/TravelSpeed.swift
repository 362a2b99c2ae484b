import Foundation
import Routing

/// The speed a car is expected to keep on a road with no traffic: a share of the limit.
///
/// A limit tagged on the way (`maxspeed`, a zone such as `DE:zone30`, `zone:traffic`) was
/// set for that road: it is driven at 0.9 of it, whatever the class. An implicit limit (the
/// country's general one, where nothing is tagged) is only a ceiling: a motorway is
/// driven a little below it, a main road outside built-up areas slows for bends, villages and
/// junctions, a narrow country lane with a 100 km/h general limit is driven at half of it,
/// and a town's streets slow for crossings, signals and parked cars. The shares of an
/// implicit limit:
///
/// | road | share of the implicit limit |
/// |---|---|
/// | motorway and its ramps; trunk outside built-up areas, its ramps | 0.9 |
/// | primary outside built-up areas | 0.85 |
/// | secondary; trunk, primary, tertiary, unclassified inside built-up areas | 0.8 |
/// | tertiary outside built-up areas | 0.7 |
/// | residential, living street | 0.7 |
/// | service | 0.6 |
/// | unclassified outside built-up areas | 0.45 |
///
/// A slow limit is kept: the speed is never below the limit or 20 km/h, whichever is less
/// (a living street's 20 is driven at 20, `walk` at 6).
public enum TravelSpeed {
  /// The share of a tagged limit kept on any road.
  public static let taggedShare = 0.9

  /// The share of an implicit limit kept on a road of `roadClass`, inside a built-up area or
  /// not.
  public static func share(for roadClass: RoadClass, urban: Bool) -> Double {
    switch roadClass {
    case .motorway, .motorwayLink: return 0.9
    case .trunk, .trunkLink: return urban ? 0.8 : 0.9
    case .primary, .primaryLink: return urban ? 0.8 : 0.85
    case .secondary, .secondaryLink: return 0.8
    case .tertiary, .tertiaryLink: return urban ? 0.8 : 0.7
    case .unclassified: return urban ? 0.8 : 0.45
    case .residential, .livingStreet: return 0.7
    case .service: return 0.6
    }
  }

  /// The free-flow travel speed, km/h, on a road whose limit is `limit` km/h: tagged on the
  /// way (`tagged`) or the country's implicit one.
  public static func kmh(limit: Double, roadClass: RoadClass, urban: Bool, tagged: Bool = false)
    -> Double
  {
    let share = tagged ? taggedShare : share(for: roadClass, urban: urban)
    return max(limit * share, min(limit, 20))
  }
}
