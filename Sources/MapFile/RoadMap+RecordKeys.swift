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
}
