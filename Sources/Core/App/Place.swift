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

  public init(id: String, name: String, coordinate: Coordinate, category: String? = nil) {
    self.id = id
    self.name = name
    self.coordinate = coordinate
    self.category = category
  }

  /// An id fragment from a name: lower case, accents folded, other runs as one "-".
  public static func slug(_ name: String) -> String {
    let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    return folded.split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
  }
}
