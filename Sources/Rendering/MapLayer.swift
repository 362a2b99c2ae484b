import Geo

/// Something drawn on the map under the route: a grid, roads from an offline map, a
/// debug overlay. Layers hand out features as data; the renderer draws them in the
/// theme's colours, so a layer never touches cairo.
///
/// Implementations must be cheap to ask many times a second for the same area (keep
/// features indexed), and their `revision` must change whenever their content does (the
/// renderer caches by it).
public protocol MapLayer: Sendable {
  /// Names the layer in caches and logs.
  var id: String { get }
  /// Changes whenever the features change.
  var revision: Int { get }
  /// The features that may touch `region` (more is fine: the renderer culls).
  func features(in region: MapRegion) -> [MapFeature]
}

/// The part of the world a frame shows: a box in Web Mercator metres, and the scale.
public struct MapRegion: Hashable, Sendable {
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double
  /// Mercator metres per screen pixel.
  public var mercatorPerPixel: Double

  public init(minX: Double, minY: Double, maxX: Double, maxY: Double, mercatorPerPixel: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
    self.mercatorPerPixel = mercatorPerPixel
  }

  public func intersects(minX: Double, minY: Double, maxX: Double, maxY: Double) -> Bool {
    minX <= self.maxX && self.minX <= maxX && minY <= self.maxY && self.minY <= maxY
  }
}

/// One thing a layer draws: a line or an area, in Web Mercator metres.
public struct MapFeature: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// Service roads, alleys, parking lanes: narrowest.
    case minorRoad
    /// Residential, unclassified, tertiary streets.
    case road
    /// Secondary and primary roads.
    case majorRoad
    /// Motorways and trunk roads: widest, drawn on top.
    case motorway
    case water
    case park
    case building
    case gridLine
  }

  public var kind: Kind
  /// Vertices in Web Mercator metres (`WebMercator.project`).
  public var points: [PlanePoint]
  /// The street name drawn along a road when it is legible; nil for none.
  public var name: String?
  /// Whether `points` outline an area to fill rather than a line to stroke.
  public var isArea: Bool {
    switch kind {
    case .water, .park, .building: true
    case .minorRoad, .road, .majorRoad, .motorway, .gridLine: false
    }
  }

  public init(kind: Kind, points: [PlanePoint], name: String? = nil) {
    self.kind = kind
    self.points = points
    self.name = name
  }

  /// A feature from WGS84 coordinates.
  public init(kind: Kind, coordinates: [Coordinate], name: String? = nil) {
    self.init(kind: kind, points: coordinates.map(WebMercator.project), name: name)
  }
}
