import Canvas
import MapLayers

/// The colours of the map's areas and of roads on bridges and in tunnels, for one theme.
public struct AreaPalette: Hashable, Sendable {
  public var sea: Color
  public var water: Color
  public var park: Color
  public var forest: Color
  public var residential: Color
  public var industrial: Color
  public var farmland: Color
  /// Buildings: faint, under the roads.
  public var building: Color
  public var buildingOutline: Color
  /// A bridge's edges, drawn outside the road's casing.
  public var bridgeCasing: Color
  /// How opaque a road in a tunnel is drawn (0…1).
  public var tunnelOpacity: Double

  public init(
    sea: Color, water: Color, park: Color, forest: Color, residential: Color,
    industrial: Color, farmland: Color, building: Color, buildingOutline: Color,
    bridgeCasing: Color, tunnelOpacity: Double
  ) {
    self.sea = sea
    self.water = water
    self.park = park
    self.forest = forest
    self.residential = residential
    self.industrial = industrial
    self.farmland = farmland
    self.building = building
    self.buildingOutline = buildingOutline
    self.bridgeCasing = bridgeCasing
    self.tunnelOpacity = tunnelOpacity
  }

  public static let day = AreaPalette(
    sea: Color(hex: 0xa6cff0), water: Color(hex: 0xaad3f0), park: Color(hex: 0xcde6c4),
    forest: Color(hex: 0xbcdaae), residential: Color(hex: 0xe6e2da),
    industrial: Color(hex: 0xe6dfe3), farmland: Color(hex: 0xeeecd3),
    building: Color(hex: 0xdcd6cc), buildingOutline: Color(hex: 0xcdc6bb),
    bridgeCasing: Color(hex: 0x8f8a82), tunnelOpacity: 0.45)

  public static let night = AreaPalette(
    sea: Color(hex: 0x15263a), water: Color(hex: 0x17283b), park: Color(hex: 0x1d3323),
    forest: Color(hex: 0x1a2f20), residential: Color(hex: 0x202327),
    industrial: Color(hex: 0x24232a), farmland: Color(hex: 0x21251f),
    building: Color(hex: 0x2a2d32), buildingOutline: Color(hex: 0x33373d),
    bridgeCasing: Color(hex: 0x101215), tunnelOpacity: 0.45)

  /// The fill of an area kind; nil for a line.
  public func fill(_ kind: MapFeature.Kind) -> Color? {
    switch kind {
    case .sea: sea
    case .water: water
    case .park: park
    case .forest: forest
    case .residential: residential
    case .industrial: industrial
    case .farmland: farmland
    case .building: building
    default: nil
    }
  }
}
