import Canvas
import MapLayers

/// The things the map draws markers for.
public enum MarkerKind: String, CaseIterable, Hashable, Sendable {
  case vehicle, origin, destination, waypoint
}

/// The parts a route line is split into while guiding.
public enum RoutePart: String, CaseIterable, Hashable, Sendable {
  /// Already driven.
  case travelled
  /// From the vehicle to the next maneuver.
  case active
  /// After the next maneuver.
  case remaining
}

/// Traffic on a stretch of route, when the route carries it (Valhalla/Mapbox
/// `annotation.congestion` levels).
public enum Congestion: String, CaseIterable, Hashable, Sendable {
  case unknown
  case low
  case moderate
  case heavy
}

/// How a marker is drawn.
public struct MarkerStyle: Hashable, Sendable {
  /// The vector shapes markers are drawn with.
  public enum Icon: String, Hashable, Sendable {
    /// An arrowhead in a disc, pointing along the heading.
    case navigationArrow
    /// A filled disc with a ring.
    case dot
    /// A map pin standing on its point.
    case pin
    /// A chequered-free plain flag on a pole.
    case flag
  }

  public var icon: Icon
  /// Width and height of the icon in pixels at scale 1.
  public var size: Double
  /// The point of the icon placed on the coordinate, as fractions of its box (0.5, 0.5
  /// is the middle; a pin uses its tip, (0.5, 1)).
  public var anchorX: Double
  public var anchorY: Double
  /// Markers with higher z are drawn later, on top.
  public var zIndex: Int
  public var isVisible: Bool
  public var fill: Color
  public var stroke: Color

  public init(
    icon: Icon, size: Double, anchorX: Double = 0.5, anchorY: Double = 0.5, zIndex: Int,
    isVisible: Bool = true, fill: Color, stroke: Color
  ) {
    self.icon = icon
    self.size = size
    self.anchorX = anchorX
    self.anchorY = anchorY
    self.zIndex = zIndex
    self.isVisible = isVisible
    self.fill = fill
    self.stroke = stroke
  }
}

/// How one part of the route line is drawn: a line over a wider casing.
public struct PolylineStyle: Hashable, Sendable {
  public var color: Color
  /// Line width in pixels at scale 1.
  public var width: Double
  public var casing: Color
  /// Extra width of the casing beyond the line, pixels at scale 1 (0 for none).
  public var casingWidth: Double
  public var isVisible: Bool

  public init(
    color: Color, width: Double, casing: Color = .clear, casingWidth: Double = 0,
    isVisible: Bool = true
  ) {
    self.color = color
    self.width = width
    self.casing = casing
    self.casingWidth = casingWidth
    self.isVisible = isVisible
  }
}

/// Everything the map draws, as data: markers, route parts, traffic and base-map colours.
public struct MapStyle: Hashable, Sendable {
  public var markers: [MarkerKind: MarkerStyle]
  public var polylines: [RoutePart: PolylineStyle]
  /// Colours for the active and remaining parts when the route carries congestion.
  public var traffic: [Congestion: Color]
  public var background: Color
  /// Base-map feature colours (for `MapLayer` features).
  public var grid: Color
  public var road: Color
  public var roadCasing: Color
  public var majorRoad: Color
  public var water: Color
  public var park: Color
  public var building: Color
  /// Street names on the map.
  public var label: Color
  /// Sea, land use, buildings, bridges and tunnels.
  public var areas: AreaPalette

  public init(
    markers: [MarkerKind: MarkerStyle], polylines: [RoutePart: PolylineStyle],
    traffic: [Congestion: Color], background: Color, grid: Color, road: Color,
    roadCasing: Color, majorRoad: Color, water: Color, park: Color, building: Color,
    label: Color, areas: AreaPalette = .day
  ) {
    self.areas = areas
    self.markers = markers
    self.polylines = polylines
    self.traffic = traffic
    self.background = background
    self.grid = grid
    self.road = road
    self.roadCasing = roadCasing
    self.majorRoad = majorRoad
    self.water = water
    self.park = park
    self.building = building
    self.label = label
  }

  public func marker(_ kind: MarkerKind) -> MarkerStyle? {
    markers[kind].flatMap { $0.isVisible ? $0 : nil }
  }

  public func polyline(_ part: RoutePart) -> PolylineStyle? {
    polylines[part].flatMap { $0.isVisible ? $0 : nil }
  }
}
