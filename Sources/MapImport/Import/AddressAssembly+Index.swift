import Foundation
import Geo
import MapFile
import Routing

extension AddressAssembly {
  /// The postcodes and cities of `addresses`: each at the mean of its addresses, a
  /// postcode with the city most of them name; sorted by kind, then folded name.
  mutating func zones(
    of addresses: [AddressBook.Address], strings: inout StringTable, roads: RoadMap?,
    reachable: [Bool]
  ) -> [AddressBook.Zone] {
    struct Sum {
      var latitude: Int64 = 0
      var longitude: Int64 = 0
      var count = 0
      var cities: [UInt32: Int] = [:]
    }
    var postcodes: [UInt32: Sum] = [:]
    var cities: [UInt32: Sum] = [:]
    for a in addresses {
      if a.postcode != MapFileLayout.noString {
        postcodes[a.postcode, default: Sum()].latitude += Int64(a.latitudeE7)
        postcodes[a.postcode]!.longitude += Int64(a.longitudeE7)
        postcodes[a.postcode]!.count += 1
        if a.city != MapFileLayout.noString {
          postcodes[a.postcode]!.cities[a.city, default: 0] += 1
        }
      }
      if a.city != MapFileLayout.noString {
        cities[a.city, default: Sum()].latitude += Int64(a.latitudeE7)
        cities[a.city]!.longitude += Int64(a.longitudeE7)
        cities[a.city]!.count += 1
      }
    }
    var zones: [(key: String, zone: AddressBook.Zone)] = []
    for (kind, sums) in [(MapFileLayout.ZoneKind.postcode, postcodes), (.city, cities)] {
      for (name, sum) in sums {
        let centre: Outline.Point = (
          Int32(sum.latitude / Int64(sum.count)), Int32(sum.longitude / Int64(sum.count))
        )
        let road = roads?.roadPoint(
          facing: Self.coordinate(centre), isReachable: { reachable[$0] }, isStreet: { _ in false })
        let city =
          sum.cities.min { ($1.value, $0.key) < ($0.value, $1.key) }?.key ?? MapFileLayout.noString
        let text = strings.strings[Int(name)]
        zones.append(
          (
            "\(kind.rawValue)" + SearchText.fold(text) + "\u{0}" + text,
            AddressBook.Zone(
              name: name, kind: kind, city: city, latitudeE7: centre.latitude,
              longitudeE7: centre.longitude, road: Self.record(road),
              addressCount: UInt32(sum.count))
          ))
      }
    }
    summary.postcodes = postcodes.count
    summary.cities = cities.count
    return zones.sorted { $0.key < $1.key }.map(\.zone)
  }

  /// The name index: every key (`SearchText.keys`) of every street, place and zone, sorted
  /// by its bytes, then kind and target.
  func searchKeys(book: AddressBook, places: [MapContent.Place], strings: inout StringTable)
    -> [AddressBook.SearchKey]
  {
    var entries: [(key: [UInt8], kind: MapFileLayout.SearchKeyKind, word: Int, target: Int)] = []
    func add(_ name: UInt32, _ kind: MapFileLayout.SearchKeyKind, _ target: Int) {
      guard name != MapFileLayout.noString else { return }
      for (word, key) in SearchText.keys(strings.strings[Int(name)]).enumerated() {
        entries.append((Array(key.utf8), kind, word, target))
      }
    }
    for (i, street) in book.streets.enumerated() { add(street.name, .street, i) }
    for (i, place) in places.enumerated() { add(place.name, .place, i) }
    for (i, zone) in book.zones.enumerated() { add(zone.name, .zone, i) }
    entries.sort {
      if $0.key != $1.key { return $0.key.lexicographicallyPrecedes($1.key) }
      return ($0.kind.rawValue, $0.target, $0.word) < ($1.kind.rawValue, $1.target, $1.word)
    }
    var keys: [AddressBook.SearchKey] = []
    var previous: (key: [UInt8], kind: MapFileLayout.SearchKeyKind, word: Int, target: Int)?
    for entry in entries {
      if let p = previous, p.key == entry.key, p.kind == entry.kind, p.target == entry.target {
        continue
      }
      previous = entry
      keys.append(
        AddressBook.SearchKey(
          key: strings.intern(String(decoding: entry.key, as: UTF8.self)), kind: entry.kind,
          word: UInt8(entry.word), target: UInt32(entry.target)))
    }
    return keys
  }
}
