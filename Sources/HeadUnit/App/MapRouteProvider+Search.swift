import Core
import Geo
import MapFile
import Routing
import Search

/// The app's search over the map's addresses, streets, places, postcodes and cities.
extension MapRouteProvider {
  /// `AddressSearch`'s results as places: an address or a street routes to its road point
  /// and keeps its street, so a street's numbers can be listed.
  public func search(_ text: String, near: Coordinate?, limit: Int) -> [Place] {
    addressSearch.results(for: text, near: near, limit: limit).map(Self.place)
  }

  /// The search's next letters; while a number is typed first ("13 manner…"), also the
  /// next characters of the house numbers that start so, and a space after a whole one.
  public func nextLetters(after text: String) -> [Character: Int] {
    var letters = addressSearch.nextLetterCounts(after: text)
    let typed = SearchText.foldNumber(text)
    guard typed.allSatisfy(\.isNumber), !text.hasSuffix(" ") else { return letters }
    for number in houseNumbers() where number.hasPrefix(typed) {
      if number.count > typed.count {
        letters[number[number.index(number.startIndex, offsetBy: typed.count)], default: 0] += 1
      } else if !typed.isEmpty {
        letters[" ", default: 0] += 1
      }
    }
    return letters
  }

  /// Every house number of the map, folded: one walk over the address records' number
  /// keys the first time, each distinct number decoded once.
  func houseNumbers() -> Set<String> {
    foldedHouseNumbers.value {
      var first: [UInt32: Int] = [:]
      for i in 0..<map.addressCount where first[map.addressNumberKey(i)] == nil {
        first[map.addressNumberKey(i)] = i
      }
      return Set(first.values.map { SearchText.foldNumber(map.addressNumber($0)) })
    }
  }

  public func houseNumbers(onStreet place: Place) -> [Place] {
    guard let street = place.street else { return [] }
    return addressSearch.addresses(onStreet: street).map(Self.place)
  }

  /// The place for `result`: named by its label, at the point a route ends.
  static func place(_ result: SearchResult) -> Place {
    let id =
      switch result.kind {
      case .address: "address.\(result.street ?? -1).\(Place.slug(result.number ?? ""))"
      case .street: "street.\(result.street ?? -1)"
      default: "\(result.kind.rawValue).\(Place.slug(result.label))"
      }
    var place = Place(
      id: id, name: result.label, coordinate: result.roadPoint?.coordinate ?? result.coordinate,
      street: result.kind == .address || result.kind == .street ? result.street : nil,
      houseNumber: result.kind == .address ? result.number : nil)
    if let roadPoint = result.roadPoint {
      place.roadEdge = roadPoint.edge
      place.roadOffset = roadPoint.offset
      place.entrance = result.coordinate
    }
    return place
  }
}
