import Geo
import Routing

/// One answer of `AddressSearch`: what it is, how to show it, and where a route to it ends.
public struct SearchResult: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case address, street, place, postcode, city
  }

  public var kind: Kind
  /// The full label: "Mannerheimintie 13, 00100 Helsinki", "Mannerheimintie, Helsinki",
  /// "00100 Helsinki", "Stockmann, Department store".
  public var label: String
  /// The address's, street's, place's or zone's own name (for an address, its street).
  public var name: String
  /// The house number of an address.
  public var number: String?
  /// The point to drive to (an address's entrance when its building has one).
  public var coordinate: Coordinate
  /// Where on the road a route to it ends, with the side of the street; nil when no road
  /// is near (a route then ends on the road nearest `coordinate`).
  public var roadPoint: RoadPoint?
  /// The street (an index for `AddressSearch.houseNumbers(onStreet:)`) of an address or a
  /// street.
  public var street: Int?
  /// Metres from the point the search was asked near; nil without one.
  public var distance: Double?
}
