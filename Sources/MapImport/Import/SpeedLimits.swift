import Foundation
import Navigation
import Routing

/// Speed limits from OSM tags, and the implicit limits used when a way has none.
///
/// Values are km/h. `maxspeed` may be a number (`50`), a number with a unit (`30 mph`,
/// `20 knots`, `50 km/h`), a zone (`FI:urban`, `DE:zone30`, `GB:nsl_single`), `walk`,
/// or `none`; the first of several `;`-separated values counts. When a way has no usable
/// limit, `maxspeed:type`, `source:maxspeed`, `zone:maxspeed` and `zone:traffic` are read as
/// zones, and failing that the country's implicit limit for the way's class applies, inside
/// or outside a built-up area (`ImplicitLimits`). A zone is read with the table of the
/// country it names (`AT:rural` is Austria's 100 wherever the map is), else this one's.
public struct SpeedLimits: Sendable, Equatable {
  /// Whether a way runs inside a built-up area, as its tags say.
  public enum Area: Sendable, Equatable {
    case urban
    case rural
  }

  /// Country codes with a table of their own; any other code uses `default`.
  public static let countries = ImplicitLimits.countries

  /// ISO 3166-1 alpha-2 code of the table in use, or `default`.
  public let country: String
  /// The country's implicit limits.
  public let implicit: ImplicitLimits

  /// The tag keys read as zones, most specific first.
  static let zoneKeys = ["maxspeed:type", "source:maxspeed", "zone:maxspeed", "zone:traffic"]

  /// The limits for `country` (an ISO 3166-1 alpha-2 code; nil or unknown → `default`).
  public init(country: String?) {
    let table = country.flatMap { ImplicitLimits.of($0) }
    self.country = table == nil ? "default" : country!.uppercased()
    implicit = table ?? .general
  }

  /// The implicit limit for a class in this country, km/h, outside built-up areas unless
  /// `urban` (residential, living and service streets count as built-up either way).
  public func defaultLimit(for roadClass: RoadClass, urban: Bool = false) -> Double {
    implicit.limit(for: roadClass, urban: urban)
  }

  /// The limit a `maxspeed` (or zone) value states, km/h; nil when it states none that a
  /// car can use (`signals`, `variable`, garbage).
  public func parse(_ value: String, roadClass: RoadClass) -> Double? {
    let text = Self.firstValue(value)
    if text.isEmpty { return nil }
    if text == "none" { return implicit.motorway }
    if text == "walk" { return 6 }
    if text.contains(":") { return zone(text) }
    var number = text
    var factor = 1.0
    for (unit, scale) in [
      ("mph", 1.609_344), ("knots", 1.852), ("km/h", 1), ("kmh", 1), ("kph", 1),
    ]
    where number.hasSuffix(unit) {
      number = String(number.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
      factor = scale
      break
    }
    guard let n = Double(number), n.isFinite, n > 0 else { return zone(text) }
    let kmh = n * factor
    return (1...300).contains(kmh) ? kmh : nil
  }

  /// A zone value, `XX:name` (`DE:urban`, `AT:zone:30`, `GB:nsl_single`) or a bare name,
  /// km/h; nil for one that states no limit (`DE:sign`, `sign`).
  func zone(_ value: String) -> Double? {
    let (prefix, name) = Self.splitZone(value)
    let table = prefix.flatMap { ImplicitLimits.of($0) } ?? implicit
    return table.zone(name)
  }

  /// The limit of a way in one direction, km/h: `maxspeed:forward`/`:backward`, `maxspeed`,
  /// a zone tag, or the implicit limit for its class (inside a built-up area if `urban`).
  public func limit(
    tags: [String: String], roadClass: RoadClass, forward: Bool, urban: Bool = false
  ) -> Double {
    taggedLimit(tags: tags, roadClass: roadClass, forward: forward)
      ?? defaultLimit(for: roadClass, urban: urban)
  }

  /// The limit the tags state for one direction, km/h, or nil when the implicit one applies.
  public func taggedLimit(tags: [String: String], roadClass: RoadClass, forward: Bool) -> Double? {
    let keys = [forward ? "maxspeed:forward" : "maxspeed:backward", "maxspeed"]
    for key in keys {
      if let value = tags[key], let kmh = parse(value, roadClass: roadClass) { return kmh }
    }
    for key in Self.zoneKeys {
      if let value = tags[key], value.contains(":"), let kmh = zone(Self.firstValue(value)) {
        return kmh
      }
    }
    return nil
  }

  /// Inside or outside a built-up area, as the way's zone tags (`zone:traffic=DE:urban`,
  /// `source:maxspeed=AT:rural`, `maxspeed=FI:urban`…) say; nil when they do not.
  ///
  /// Urban: `urban`, `zone…`, `living_street`, `bicycle_road`, `nsl_restricted`. Rural:
  /// `rural`, `trunk`, `motorway`, `nsl_single`, `nsl_dual`.
  public static func area(tags: [String: String]) -> Area? {
    for key in ["zone:traffic"] + zoneKeys + ["maxspeed"] {
      guard let value = tags[key], value.contains(":") else { continue }
      switch splitZone(firstValue(value)).name {
      case "urban", "living_street", "bicycle_road", "nsl_restricted": return .urban
      case "rural", "trunk", "motorway", "nsl_single", "nsl_dual": return .rural
      case let name where name.hasPrefix("zone"): return .urban
      default: continue
      }
    }
    return nil
  }

  /// The first of `;`-separated values, trimmed and lowercased.
  static func firstValue(_ value: String) -> String {
    let first = value.split(separator: ";").first.map(String.init) ?? value
    return first.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// `de:zone:30` → (`de`, `zone:30`); `urban` → (nil, `urban`).
  static func splitZone(_ value: String) -> (prefix: String?, name: String) {
    guard let colon = value.firstIndex(of: ":") else { return (nil, value) }
    let prefix = String(value[..<colon])
    let name = String(value[value.index(after: colon)...])
    // `zone:30` alone is a name, not a country.
    return prefix.count == 2 ? (prefix, name) : (nil, value)
  }

  /// A country guessed from a point, for extracts that do not say (see `CountryEvidence`).
  public static func country(near latitude: Double, _ longitude: Double) -> String? {
    CountryEvidence.country(near: latitude, longitude)
  }
}
