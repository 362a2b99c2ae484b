import Foundation
import Geo

/// A destination the driver can pick: a favourite, a recent trip's end, a point of interest
/// or a search result.
public struct Place: Hashable, Sendable, Identifiable, Codable {
  /// Stable across launches; persisted with favourites and recents.
  public var id: String
  public var name: String
  public var coordinate: Coordinate
  /// The Nearby category ("Fuel", "Parking"), nil when the place has none.
  public var category: String?
  /// The provider's street this place is or lies on (a search result's), for
  /// `RouteProvider.houseNumbers(onStreet:)`; nil for places off any street. Saved places
  /// from before it decode with nil.
  public var street: Int?
  /// The house number of an address; nil for a street or another place.
  public var houseNumber: String?
  /// Where on the road a route ends (the provider's edge and metres along it), for a place
  /// the search put on a road: then `coordinate` is that point and `entrance` the address
  /// it faces. Nil for other places.
  public var roadEdge: Int?
  public var roadOffset: Double?
  /// The address a road point faces (its building or entrance).
  public var entrance: Coordinate?

  public init(
    id: String, name: String, coordinate: Coordinate, category: String? = nil,
    street: Int? = nil, houseNumber: String? = nil
  ) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.category = category
    self.street = street
    self.houseNumber = houseNumber
  }

  /// A street whose house numbers can be listed (a street search result).
  public var hasHouseNumbers: Bool { street != nil && houseNumber == nil }

  /// An id fragment from a name: lower case, accents folded, other runs as one "-".
  public static func slug(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    return folded.split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
  }
}
