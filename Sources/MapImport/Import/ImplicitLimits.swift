import Foundation
import Routing

/// A country's implicit speed limits: what holds where no sign says otherwise, km/h.
///
/// Values follow OpenStreetMap's table of implicit `maxspeed` values
/// (https://wiki.openstreetmap.org/wiki/Key:maxspeed#Implicit_maxspeed_values): `XX:urban`
/// inside built-up areas, `XX:rural` outside them, `XX:trunk` on roads for motor vehicles
/// only below motorways (Autostraße, Kraftfahrstraße, voie express, autovía), `XX:motorway`,
/// and `XX:living_street`. Where a country has no general motorway limit (Germany) the
/// advisory speed stands in. US limits are set by states; the values are the common ones
/// (Pennsylvania's among them).
public struct ImplicitLimits: Sendable, Equatable {
  public var urban: Double
  public var rural: Double
  public var trunk: Double
  public var motorway: Double
  public var livingStreet: Double
  /// Main roads (trunk, primary, secondary) in built-up areas, where the country's urban
  /// limit is for streets only (US arterials: 35 mph); nil: `urban`.
  public var urbanMainRoad: Double?
  /// Streets (unclassified, residential, service) in built-up areas, where lower than
  /// `urban` (Spain: 30 on roads with one lane each way); nil: `urban`.
  public var urbanStreet: Double?
  /// Secondary, tertiary and unclassified roads outside built-up areas, where lower than
  /// `rural` (US: 45 mph, what such roads are mostly signed in suburbs that no place covers);
  /// nil: `rural`.
  public var ruralMinorRoad: Double?
  /// Zones of the country beyond those above (`nsl_single`, `bicycle_road`), by the name
  /// after `XX:`.
  public var zones: [String: Double] = [:]

  /// Country codes with a table of their own.
  public static let countries = ["AD", "AT", "DE", "ES", "FI", "FR", "GB", "IT", "MC", "US"]

  private static let mph = 1.609_344

  /// The table of `code` (ISO 3166-1 alpha-2, any case), nil for a country without one.
  public static func of(_ code: String) -> ImplicitLimits? {
    let mph = Self.mph
    switch code.uppercased() {
    case "AD": return .init(urban: 50, rural: 90, trunk: 90, motorway: 90, livingStreet: 20)
    case "AT": return .init(urban: 50, rural: 100, trunk: 100, motorway: 130, livingStreet: 5)
    case "DE":
      return .init(
        urban: 50, rural: 100, trunk: 100, motorway: 130, livingStreet: 7,
        zones: ["bicycle_road": 30])
    case "ES":
      return .init(
        urban: 50, rural: 90, trunk: 120, motorway: 120, livingStreet: 20, urbanStreet: 30)
    case "FI": return .init(urban: 50, rural: 80, trunk: 100, motorway: 120, livingStreet: 20)
    case "FR": return .init(urban: 50, rural: 80, trunk: 110, motorway: 130, livingStreet: 20)
    case "GB":
      return .init(
        urban: 30 * mph, rural: 60 * mph, trunk: 70 * mph, motorway: 70 * mph,
        livingStreet: 20 * mph,
        zones: ["nsl_single": 60 * mph, "nsl_dual": 70 * mph, "nsl_restricted": 30 * mph])
    case "IT": return .init(urban: 50, rural: 90, trunk: 110, motorway: 130, livingStreet: 20)
    // Monaco is one town: 50 everywhere.
    case "MC": return .init(urban: 50, rural: 50, trunk: 50, motorway: 50, livingStreet: 20)
    case "US":
      return .init(
        urban: 25 * mph, rural: 55 * mph, trunk: 55 * mph, motorway: 65 * mph,
        livingStreet: 15 * mph, urbanMainRoad: 35 * mph, ruralMinorRoad: 45 * mph)
    default: return nil
    }
  }

  /// For a country without a table of its own: the most common values in Europe.
  public static let general = ImplicitLimits(
    urban: 50, rural: 90, trunk: 100, motorway: 120, livingStreet: 20)

  /// The limit of a zone named by what follows `XX:` (`urban`, `rural`, `motorway`, `trunk`,
  /// `living_street`, the country's own, `zone30`, `zone:30`), nil for an unknown one.
  public func zone(_ name: String) -> Double? {
    switch name {
    case "urban": return urban
    case "rural": return rural
    case "trunk": return trunk
    case "motorway": return motorway
    case "living_street": return livingStreet
    default: break
    }
    if let known = zones[name] { return known }
    if name.hasPrefix("zone") {
      let digits = name.dropFirst(4).drop { $0 == ":" }
      if let n = Double(digits), (1...300).contains(n) { return n }
    }
    return nil
  }

  /// The implicit limit of a road of `roadClass`, in a built-up area or outside one.
  ///
  /// Residential, living and service streets are taken as built-up wherever they are. A ramp
  /// (`*_link`) has its road's limit, at most 80: it is driven slower than its road.
  public func limit(for roadClass: RoadClass, urban isUrban: Bool) -> Double {
    let main = isUrban ? (urbanMainRoad ?? urban) : rural
    let street = urbanStreet ?? urban
    let minor = ruralMinorRoad ?? rural
    switch roadClass {
    case .motorway: return motorway
    case .trunk: return isUrban ? main : trunk
    case .primary: return main
    case .secondary: return isUrban ? main : minor
    case .tertiary: return isUrban ? urban : minor
    case .unclassified: return isUrban ? street : minor
    case .residential, .service: return street
    case .livingStreet: return livingStreet
    case .motorwayLink: return min(motorway, 80)
    case .trunkLink: return min(isUrban ? main : trunk, 80)
    case .primaryLink: return min(main, 80)
    case .secondaryLink: return min(isUrban ? main : minor, 80)
    case .tertiaryLink: return min(isUrban ? urban : minor, 80)
    }
  }
}
