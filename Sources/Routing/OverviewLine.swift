import Geo

/// A stretch of a major road, simplified for a low zoom level (`RoadGraph.overviewLines`).
public struct OverviewLine: Sendable, Equatable {
  public var roadClass: RoadClass
  public var points: [Coordinate]

  public init(roadClass: RoadClass, points: [Coordinate]) {
    self.roadClass = roadClass
    self.points = points
  }
}

extension OverviewLine {
  /// A zoom band of the overview geometry: which roads it keeps and how finely.
  ///
  /// The street map (below 4 m a pixel) draws every edge; from there on the map draws the
  /// band's lines instead, simplified (Douglas–Peucker) to about half a pixel at the band's
  /// most detailed scale, so a country's motorways at 500 m a pixel cost what a town's
  /// streets do.
  public enum Band: UInt8, Sendable, CaseIterable, Comparable {
    /// 4–25 m a pixel: motorways to tertiary roads, to 2 m.
    case town = 0
    /// 25–150 m a pixel: motorways to secondary roads, to 12 m.
    case region = 1
    /// From 150 m a pixel: motorways, trunk and primary roads, to 75 m.
    case country = 2

    public static func < (a: Band, b: Band) -> Bool { a.rawValue < b.rawValue }

    /// The band drawn at `metresPerPixel`; nil at street level (every edge is drawn).
    public static func at(metresPerPixel: Double) -> Band? {
      switch metresPerPixel {
      case ..<Self.streetLevel: nil
      case ..<25: .town
      case ..<150: .region
      default: .country
      }
    }

    /// Below this many metres a pixel the map draws every edge and area.
    public static let streetLevel = 4.0

    /// The simplification tolerance, metres.
    public var tolerance: Double {
      switch self {
      case .town: 2
      case .region: 12
      case .country: 75
      }
    }

    /// Whether roads of `roadClass` are in the band.
    public func includes(_ roadClass: RoadClass) -> Bool {
      switch roadClass {
      case .motorway, .trunk, .primary, .motorwayLink, .trunkLink: true
      case .secondary: self != .country
      case .tertiary: self == .town
      default: false
      }
    }
  }
}
