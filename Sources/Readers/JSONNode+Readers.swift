import Geo
import JSON
import Navigation

/// What the route and log readers read beyond the JSON layer's own accessors, worded as
/// they word their messages.
extension JSONNode {
  /// This array of words of `AvoidableRoads.names` (`["tolls", "ferries"]`) as a set:
  /// `expected one of: tolls, motorways, ferries, unpaved; found "boats"` for another word.
  public func avoidableRoads() throws(JSONError) -> AvoidableRoads {
    var kinds: AvoidableRoads = []
    for item in try array() {
      let word = try item.string(oneOf: AvoidableRoads.names.map(\.name))
      kinds.formUnion(AvoidableRoads(names: word) ?? [])
    }
    return kinds
  }

  /// This value as a whole number: `expected a number` for another type, `expected an
  /// integer` for a fraction or a magnitude of `integerLimit` (2⁵³) or more.
  func wholeNumber() throws(JSONError) -> Int {
    let number = try number()
    guard number.rounded() == number, abs(number) < Self.integerLimit,
      let whole = Int(exactly: number)
    else { throw error(expected: "an integer", code: .outOfRange) }
    return whole
  }

  /// This string as one of the cases of `T`, listing the accepted words when it is not:
  /// `expected one of: left, right; found "middle"`.
  func oneOf<T: RawRepresentable & CaseIterable>(_: T.Type) throws(JSONError) -> T
  where T.RawValue == String {
    let string = try string()
    guard let result = T(rawValue: string) else {
      let words = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("expected one of: \(words); found \(Self.quoted(string))")
    }
    return result
  }

  /// This value as `[longitude, latitude]` (further elements such as altitude ignored).
  func lonLat() throws(JSONError) -> Coordinate {
    let elements = try array()
    guard elements.count >= 2 else {
      throw error("expected [longitude, latitude], found \(elements.count) element(s)")
    }
    let coordinate = Coordinate(
      latitude: try elements[1].number(), longitude: try elements[0].number())
    guard coordinate.isValid else {
      throw error("expected [longitude, latitude] within ±180°, ±90°, found \(coordinate)")
    }
    return coordinate
  }
}
