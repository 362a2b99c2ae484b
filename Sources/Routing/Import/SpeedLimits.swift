import Foundation

/// Speed limits from OSM tags, and the defaults used when a way has none.
///
/// Values are km/h. `maxspeed` may be a number (`50`), a number with a unit (`30 mph`,
/// `20 knots`, `50 km/h`), a zone (`FI:urban`, `DE:zone30`, `GB:nsl_single`), `walk`,
/// or `none`; the first of several `;`-separated values counts. When a way has no usable
/// limit, `maxspeed:type`, `source:maxspeed` and `zone:maxspeed` are read as zones, and
/// failing that the country's default for the way's class applies (see `defaults`).
public struct SpeedLimits: Sendable, Equatable {
  /// Country codes with a table of their own; any other code uses `default`.
  public static let countries = ["FI", "DE", "GB", "US"]

  /// ISO 3166-1 alpha-2 code of the table in use, or `default`.
  public let country: String
  private let table: [Double]
  private let zones: [String: Double]

  /// The limits for `country` (an ISO 3166-1 alpha-2 code; nil or unknown → `default`).
  public init(country: String?) {
    let code = country?.uppercased() ?? ""
    self.country = Self.countries.contains(code) ? code : "default"
    let mph = 1.609_344
    switch self.country {
    case "FI":
      // The motorway limit, 100 for trunk roads, rural (80) for primary and secondary roads,
      // urban (50) below them; FI:living_street is 20.
      table = [120, 100, 80, 80, 50, 50, 50, 80, 80, 60, 50, 50, 20, 30]
      zones = ["urban": 50, "rural": 80, "motorway": 120, "trunk": 100, "living_street": 20]
    case "DE":
      // No general motorway limit: the advisory 130 is what free flow assumes.
      table = [130, 100, 100, 100, 50, 50, 50, 80, 80, 60, 50, 50, 7, 30]
      zones = [
        "urban": 50, "rural": 100, "motorway": 130, "living_street": 7, "bicycle_road": 30,
        "trunk": 100,
      ]
    case "GB":
      table = [70, 70, 60, 60, 30, 30, 30, 50, 50, 40, 30, 30, 10, 15].map { $0 * mph }
      zones = [
        "urban": 30 * mph, "nsl_single": 60 * mph, "nsl_dual": 70 * mph,
        "motorway": 70 * mph, "rural": 60 * mph,
      ]
    case "US":
      table = [65, 55, 45, 40, 35, 30, 25, 45, 40, 35, 30, 30, 15, 15].map { $0 * mph }
      zones = ["urban": 25 * mph, "rural": 55 * mph, "motorway": 65 * mph]
    default:
      table = [110, 90, 70, 60, 50, 40, 30, 70, 60, 50, 40, 40, 10, 20]
      zones = ["urban": 50, "rural": 90, "motorway": 110, "trunk": 90, "living_street": 10]
    }
  }

  /// The default limit for a class in this country, km/h.
  public func defaultLimit(for roadClass: RoadClass) -> Double {
    table[roadClass.rawValue]
  }

  /// The limit a `maxspeed` (or zone) value states, km/h; nil when it states none that a
  /// car can use (`signals`, `variable`, garbage).
  public func parse(_ value: String, roadClass: RoadClass) -> Double? {
    let first = value.split(separator: ";").first.map(String.init) ?? value
    let text = first.trimmingCharacters(in: .whitespaces).lowercased()
    if text.isEmpty { return nil }
    if text == "none" { return zones["motorway"] ?? defaultLimit(for: .motorway) }
    if text == "walk" { return 6 }
    if let colon = text.firstIndex(of: ":") {
      return zone(String(text[text.index(after: colon)...]))
    }
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

  /// A zone value after its `XX:` prefix (`urban`, `zone30`, `zone:30`, `nsl_single`).
  func zone(_ name: String) -> Double? {
    if let known = zones[name] { return known }
    if name.hasPrefix("zone") {
      let digits = name.dropFirst(4).drop { $0 == ":" }
      if let n = Double(digits), (1...300).contains(n) { return n }
    }
    switch name {
    case "urban": return 50
    case "rural": return 90
    case "motorway": return 120
    case "living_street": return 20
    default: return nil
    }
  }

  /// The limit of a way in one direction, km/h: `maxspeed:forward`/`:backward`, `maxspeed`,
  /// a zone tag, or the default for its class.
  public func limit(tags: [String: String], roadClass: RoadClass, forward: Bool) -> Double {
    taggedLimit(tags: tags, roadClass: roadClass, forward: forward)
      ?? defaultLimit(for: roadClass)
  }

  /// The limit the tags state for one direction, km/h, or nil when the default applies.
  public func taggedLimit(tags: [String: String], roadClass: RoadClass, forward: Bool) -> Double? {
    let keys = [forward ? "maxspeed:forward" : "maxspeed:backward", "maxspeed"]
    for key in keys {
      if let value = tags[key], let kmh = parse(value, roadClass: roadClass) { return kmh }
    }
    for key in ["maxspeed:type", "source:maxspeed", "zone:maxspeed", "zone:traffic"] {
      if let value = tags[key], let colon = value.firstIndex(of: ":"),
        let kmh = zone(String(value[value.index(after: colon)...]).lowercased())
      {
        return kmh
      }
    }
    return nil
  }

  /// A country guessed from a point, for extracts that do not say: rough boxes around
  /// Finland, Germany, Great Britain and the contiguous United States; nil elsewhere.
  public static func country(near latitude: Double, _ longitude: Double) -> String? {
    let boxes: [(String, ClosedRange<Double>, ClosedRange<Double>)] = [
      ("FI", 59.7...70.1, 20.5...31.6),
      ("DE", 47.2...55.1, 5.8...15.1),
      ("GB", 49.8...60.9, -8.2...1.8),
      ("US", 24.5...49.4, -125.0...(-66.9)),
    ]
    return boxes.first { $0.1.contains(latitude) && $0.2.contains(longitude) }?.0
  }
}
