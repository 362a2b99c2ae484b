import Geo
import MapFile
import Routing

/// Results and their labels.
extension AddressSearch {
  /// Countries whose addresses put the number before the street ("13 Main Street").
  static let numberFirst: Set<String> = [
    "US", "GB", "IE", "FR", "MC", "CA", "AU", "NZ", "BE", "LU",
  ]

  /// "Mannerheimintie 13" or, where the number comes first, "13 Main Street".
  func streetAndNumber(_ street: String, _ number: String) -> String {
    Self.numberFirst.contains(map.country) ? "\(number) \(street)" : "\(street) \(number)"
  }

  /// Countries whose addresses put the postcode after the city ("Harrisburg 17109",
  /// "London SW1A 1AA").
  static let postcodeLast: Set<String> = ["US", "GB", "IE", "CA", "AU", "NZ"]

  /// ", 00100 Helsinki" (", Harrisburg 17109" where the postcode comes last), ", Helsinki",
  /// or "".
  func tail(postcode: String?, city: String?) -> String {
    let ordered = Self.postcodeLast.contains(map.country) ? [city, postcode] : [postcode, city]
    let parts = ordered.compactMap { $0 }.filter { !$0.isEmpty }
    return parts.isEmpty ? "" : ", " + parts.joined(separator: " ")
  }

  func result(address a: MapAddress, street: Int) -> SearchResult {
    SearchResult(
      kind: .address,
      label: streetAndNumber(a.street, a.number) + tail(postcode: a.postcode, city: a.city),
      name: a.street, number: a.number, coordinate: a.coordinate, roadPoint: a.roadPoint,
      street: street)
  }

  func result(street s: MapStreet, index: Int) -> SearchResult {
    SearchResult(
      kind: .street, label: s.name + tail(postcode: nil, city: s.city), name: s.name,
      coordinate: s.coordinate, roadPoint: s.roadPoint, street: index)
  }

  /// A place's road point, found only for the results shown (it is a spatial lookup).
  func withRoadPoint(_ result: SearchResult) -> SearchResult {
    guard result.kind == .place, result.roadPoint == nil else { return result }
    var result = result
    result.roadPoint = map.roadPoint(facing: result.coordinate, streetRadius: 0) { _ in false }
    return result
  }

  func result(place p: MapPlace) -> SearchResult {
    SearchResult(
      kind: .place, label: p.name + (p.category.map { ", \($0)" } ?? ""), name: p.name,
      coordinate: p.coordinate, roadPoint: nil)
  }

  func result(zone z: MapZone) -> SearchResult {
    SearchResult(
      kind: z.kind == .city ? .city : .postcode,
      label: z.kind == .city
        ? z.name : [z.name, z.city ?? ""].filter { !$0.isEmpty }.joined(separator: " "),
      name: z.name, coordinate: z.coordinate, roadPoint: z.roadPoint)
  }
}
