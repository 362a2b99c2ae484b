import Geo
import Templates

/// The Nearby grid's rules, for every provider: which categories come first and how the
/// places of one are ordered.
public enum PlaceCategories {
  /// The category of places that have none.
  public static let other = "Other"

  /// The categories a driver looks for first, in that order.
  public static let driverCategories = [
    "Fuel", "Charging station", "Parking", "Restaurant", "Café", "Fast food", "Hotel",
    "Supermarket", "Pharmacy", "Hospital",
  ]

  /// `place`'s category, `other` when it has none.
  public static func of(_ place: Place) -> String { place.category ?? other }

  /// The categories of `counts` (category → places): `driverCategories` first in their
  /// order, then the others by count (most first, then by name), `other` last; at most
  /// `GridTemplate.maximumButtonCount`.
  public static func ranked(counts: [String: Int]) -> [String] {
    func rank(_ name: String) -> Int {
      driverCategories.firstIndex(of: name) ?? (name == other ? Int.max : Int.max - 1)
    }
    return Array(
      counts.keys.sorted {
        (rank($0), -(counts[$0] ?? 0), $0) < (rank($1), -(counts[$1] ?? 0), $1)
      }.prefix(GridTemplate.maximumButtonCount))
  }

  /// `places` nearest `point` first (ties in their order); as given without a point.
  public static func nearestFirst(_ places: [Place], to point: Coordinate?) -> [Place] {
    guard let point else { return places }
    return places.map { ($0, Earth.distance($0.coordinate, point)) }
      .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
      .map(\.element.0)
  }
}
