import Geo

/// An area drawn under the roads — sea, water, green space, land use or a building — as an
/// outer ring with the holes cut out of it.
public struct MapArea: Sendable, Equatable {
  /// What an area is, in the order the map draws them (sea first, buildings last).
  public enum Kind: UInt8, Sendable, Equatable, CaseIterable, Comparable {
    /// Lakes, ponds, rivers, basins, docks (`natural=water`, `waterway=riverbank|dock`,
    /// `landuse=reservoir|basin`, `water=*`).
    case water = 1
    /// Parks, gardens, grass, cemeteries, meadows (`leisure=park|garden|common|…`,
    /// `landuse=grass|recreation_ground|village_green|meadow|cemetery|…`,
    /// `natural=scrub|grassland|heath`).
    case park = 2
    /// The sea, built from the coastline (never tagged on an area).
    case sea = 3
    /// `building=*` (but `no`).
    case building = 4
    /// Woods and forests (`landuse=forest`, `natural=wood`).
    case forest = 5
    /// Housing (`landuse=residential`).
    case residential = 6
    /// Commerce, industry and railways (`landuse=commercial|retail|industrial|railway|…`).
    case industrial = 7
    /// Fields and orchards (`landuse=farmland|orchard|vineyard|…`).
    case farmland = 8

    /// Bottom to top: land use, then green, water, and buildings over them.
    public var drawOrder: Int {
      switch self {
      case .sea: 0
      case .residential: 1
      case .industrial: 2
      case .farmland: 3
      case .forest: 4
      case .park: 5
      case .water: 6
      case .building: 7
      }
    }

    public static func < (a: Kind, b: Kind) -> Bool { a.drawOrder < b.drawOrder }

    /// What an OSM closed way or multipolygon with `tags` is drawn as; nil for nothing.
    /// Water wins over green, green over land use; a building is a building whatever else
    /// it says.
    public static func of(_ tags: [String: String]) -> Kind? {
      if let building = tags["building"], building != "no" { return .building }
      let natural = tags["natural"] ?? ""
      let landuse = tags["landuse"] ?? ""
      let leisure = tags["leisure"] ?? ""
      if natural == "water" || ["riverbank", "dock"].contains(tags["waterway"] ?? "")
        || ["reservoir", "basin"].contains(landuse)
      {
        return .water
      }
      if landuse == "forest" || natural == "wood" { return .forest }
      if ["park", "garden", "common", "playground", "pitch", "golf_course", "nature_reserve"]
        .contains(leisure)
        || [
          "grass", "recreation_ground", "village_green", "meadow", "cemetery", "allotments",
          "flowerbed",
        ].contains(landuse)
        || ["scrub", "grassland", "heath"].contains(natural)
        || tags["amenity"] == "grave_yard" || tags["boundary"] == "national_park"
      {
        return .park
      }
      switch landuse {
      case "residential": return .residential
      case "commercial", "retail", "industrial", "railway", "construction", "garages", "port":
        return .industrial
      case "farmland", "farmyard", "orchard", "vineyard", "plant_nursery",
        "greenhouse_horticulture":
        return .farmland
      default: return nil
      }
    }
  }

  public var kind: Kind
  /// The outer ring, closed (the first point repeated at the end).
  public var outline: [Coordinate]
  /// Inner rings (holes: a courtyard, an island in a lake), each closed.
  public var holes: [[Coordinate]]

  public init(kind: Kind, outline: [Coordinate], holes: [[Coordinate]] = []) {
    self.kind = kind
    self.outline = outline
    self.holes = holes
  }
}
