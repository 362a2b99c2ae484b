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
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// Service roads, alleys, parking lanes: narrowest.
    case minorRoad
    /// Residential, unclassified, tertiary streets.
    case road
    /// Secondary and primary roads.
    case majorRoad
    /// Motorways and trunk roads: widest, drawn on top.
    case motorway
    case sea
    case water
    case park
    case forest
    case residential
    case industrial
    case farmland
    case building
    case gridLine
  }

  /// Where a road runs: on the ground, over what it crosses, or under it.
  public enum Structure: Hashable, Sendable {
    case ground
    case bridge
    case tunnel
  }

  public var kind: Kind
  /// Vertices in Web Mercator metres (`WebMercator.project`): a line, or an area's outer ring.
  public var points: [PlanePoint]
  /// An area's holes (a courtyard, an island), each a ring.
  public var holes: [[PlanePoint]]
  /// The street name drawn along a road when it is legible; nil for none.
  public var name: String?
  public var structure: Structure
  /// OSM's relative vertical order, −5…5: higher layers are drawn over lower ones.
  public var layer: Int
  /// The box around `points`: min x, min y, max x, max y.
  public let bounds: MapBounds

  /// Whether `points` outline an area to fill rather than a line to stroke.
  public var isArea: Bool { kind.isArea }

  public init(
    kind: Kind, points: [PlanePoint], holes: [[PlanePoint]] = [], name: String? = nil,
    structure: Structure = .ground, layer: Int = 0
  ) {
    self.kind = kind
    self.points = points
    self.holes = holes
    self.name = name
    self.structure = structure
    self.layer = layer
    bounds = MapBounds(points)
  }

  /// A feature from WGS84 coordinates.
  public init(kind: Kind, coordinates: [Coordinate], name: String? = nil) {
    self.init(kind: kind, points: coordinates.map(WebMercator.project), name: name)
  }
}

extension MapFeature.Kind {
  /// Whether features of this kind are areas to fill.
  public var isArea: Bool {
    switch self {
    case .minorRoad, .road, .majorRoad, .motorway, .gridLine: false
    default: true
    }
  }

  /// Whether features of this kind are roads.
  public var isRoad: Bool {
    switch self {
    case .minorRoad, .road, .majorRoad, .motorway: true
    default: false
    }
  }
}

/// A box in Web Mercator metres.
public struct MapBounds: Hashable, Sendable {
  public var minX, minY, maxX, maxY: Double

  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The box around `points`; an empty box at 0, 0 for none.
  public init(_ points: [PlanePoint]) {
    guard let first = points.first else {
      self.init(minX: 0, minY: 0, maxX: 0, maxY: 0)
      return
    }
    var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for p in points.dropFirst() {
      box.minX = min(box.minX, p.x)
      box.minY = min(box.minY, p.y)
      box.maxX = max(box.maxX, p.x)
      box.maxY = max(box.maxY, p.y)
    }
    self.init(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
  }

  /// The larger side, metres.
  public var span: Double { max(maxX - minX, maxY - minY) }
}
