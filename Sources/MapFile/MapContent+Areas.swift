import Routing

/// The parts of a map file beyond the road graph (format version 3): areas with their holes,
/// what each edge runs on and its speed limit, and the overview geometry per zoom band.
extension MapContent {
  package typealias Point = (latitude: Int32, longitude: Int32)

  /// One area: its kind and its rings, the outer first and the holes after it (each closed).
  package struct Polygon {
    package var kind: UInt8
    package var rings: [[Point]]

    package init(kind: UInt8, rings: [[Point]]) {
      self.kind = kind
      self.rings = rings
    }
  }

  /// What an edge runs on and its limit in its direction.
  package struct EdgeAttributes: Equatable {
    /// `EdgeStructure.Kind` raw value.
    package var structure: UInt8
    package var layer: Int8
    /// The signed number, in `unit`; 0 when the edge has no known limit.
    package var limit: UInt16
    /// `SpeedLimit.Unit` raw value.
    package var unit: UInt8
    /// `SpeedLimit.Source` raw value; 0 with no limit.
    package var source: UInt8

    package init(
      structure: UInt8 = 0, layer: Int8 = 0, limit: UInt16 = 0, unit: UInt8 = 0, source: UInt8 = 0
    ) {
      self.structure = structure
      self.layer = layer
      self.limit = limit
      self.unit = unit
      self.source = source
    }
  }

  /// One simplified line of the overview.
  package struct Line {
    /// `OverviewLine.Band` raw value.
    package var band: UInt8
    package var roadClass: UInt8
    package var points: [Point]

    package init(band: UInt8, roadClass: UInt8, points: [Point]) {
      self.band = band
      self.roadClass = roadClass
      self.points = points
    }
  }

  /// Everything of version 3: written when any part is non-empty.
  package struct WholeMap {
    /// Sorted by kind, then by the first point.
    package var polygons: [Polygon] = []
    /// One per edge, or none at all.
    package var edgeAttributes: [EdgeAttributes] = []
    /// Sorted by band.
    package var overview: [Line] = []

    package init() {}

    static func same(_ a: [Point], _ b: [Point]) -> Bool {
      a.elementsEqual(b, by: ==)
    }

    static func same(_ a: WholeMap, _ b: WholeMap) -> Bool {
      a.edgeAttributes == b.edgeAttributes
        && a.polygons.elementsEqual(b.polygons) {
          $0.kind == $1.kind && $0.rings.elementsEqual($1.rings, by: same)
        }
        && a.overview.elementsEqual(b.overview) {
          $0.band == $1.band && $0.roadClass == $1.roadClass && same($0.points, $1.points)
        }
    }
  }
}
