import Geo

/// An area drawn under the roads: water or green space, as an outline.
public struct MapArea: Sendable, Equatable {
  public enum Kind: UInt8, Sendable, Equatable {
    /// Lakes, ponds, basins, docks (`natural=water`, `waterway=riverbank|dock`,
    /// `landuse=reservoir|basin`).
    case water = 1
    /// Parks, gardens, woods, grass, cemeteries (`leisure=park|garden|common`,
    /// `landuse=grass|recreation_ground|village_green|forest|meadow|cemetery`,
    /// `natural=wood|scrub|grassland`).
    case park = 2

    /// What an OSM closed way with `tags` is drawn as; nil for neither.
    public static func of(_ tags: [String: String]) -> Kind? {
      if tags["natural"] == "water" || ["riverbank", "dock"].contains(tags["waterway"] ?? "")
        || ["reservoir", "basin"].contains(tags["landuse"] ?? "")
      {
        return .water
      }
      if ["park", "garden", "common"].contains(tags["leisure"] ?? "")
        || ["grass", "recreation_ground", "village_green", "forest", "meadow", "cemetery"]
          .contains(tags["landuse"] ?? "")
        || ["wood", "scrub", "grassland"].contains(tags["natural"] ?? "")
      {
        return .park
      }
      return nil
    }
  }

  public var kind: Kind
  /// The outline, closed (the first point repeated at the end).
  public var outline: [Coordinate]

  public init(kind: Kind, outline: [Coordinate]) {
    self.kind = kind
    self.outline = outline
  }
}
