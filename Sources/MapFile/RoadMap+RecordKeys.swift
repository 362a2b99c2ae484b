import Geo
import Routing

/// Single fields of address and place records, for walks over every record that group or
/// filter without decoding strings: equal keys are equal strings (the file interns them).
extension RoadMap {
  /// The key of address `index`'s house number; `addressNumber(_:)` decodes it.
  public func addressNumberKey(_ index: Int) -> UInt32 {
    field(optionalSection(.addresses), index, 0, UInt32.self)
  }

  /// The key of place `index`'s category (one key for every place without one).
  public func placeCategoryKey(_ index: Int) -> UInt32 {
    field(placeRecords, index, 12, UInt32.self)
  }

  /// Where place `index` is, read from its record alone.
  public func placeCoordinate(_ index: Int) -> Coordinate {
    point(placeRecords, index)
  }

  /// The key of edge `id`'s name (0: none), from its record alone.
  package func edgeNameKey(_ id: Int) -> UInt32 {
    field(edges, id, 28, UInt32.self)
  }

  /// Edge `id`'s length in centimetres, as its record stores it.
  package func edgeLengthCentimetres(_ id: Int) -> UInt32 {
    field(edges, id, 16, UInt32.self)
  }
}
