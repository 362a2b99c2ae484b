import Geo
import Routing

/// The one search of the map: query text → ranked addresses, streets, places, postcodes
/// and cities, each with its label, position and the road point a route goes to. Also what
/// a knob speller needs: the letters that can come next, and a street's house numbers.
///
/// Index-backed: a query is a binary search of the map's name index (`SKEY`) per reading of
/// it (`SearchQuery`), then a walk over the entries with that prefix (at most
/// `maximumEntries`) and over the addresses of the streets found (at most
/// `maximumStreets`); nothing is scanned per keystroke beyond that. Ranking: an exact house
/// number first, then a number that starts with the one asked for, then names; within
/// each, a name equal to the query before one it only starts, then nearest to `near`.
///
/// Immutable and `Sendable`; queries run on the calling thread (a few hundred µs on a city
/// map) and may run concurrently.
public struct AddressSearch: Sendable {
  public let map: RoadMap
  /// Index entries looked at per reading of a query: a one-letter prefix of a country
  /// stops there, in key order.
  public static let maximumEntries = 20_000
  /// Streets whose addresses are looked at per reading.
  public static let maximumStreets = 2_000

  public init(map: RoadMap) {
    self.map = map
  }

  /// How well a result matches, best first.
  struct Score: Comparable {
    /// 0 exact house number, 1 a number starting with it, 2 a name.
    var tier: Int
    /// 0 the name is the query, 1 it starts with it, 2 a later word of it is the query, 3
    /// a later word starts with it.
    var quality: Int
    var distance: Double
    var kind: Int
    var label: String

    static func < (a: Score, b: Score) -> Bool {
      (a.tier, a.quality, a.distance, a.kind, a.label)
        < (b.tier, b.quality, b.distance, b.kind, b.label)
    }
  }

  /// Where a result comes from, to keep each once.
  struct Origin: Hashable {
    var kind: SearchResult.Kind
    var index: Int
  }

  /// The best `limit` results for `query`, nearest to `near` first among equals.
  public func results(for query: String, near: Coordinate? = nil, limit: Int = 10)
    -> [SearchResult]
  {
    guard limit > 0 else { return [] }
    var found: [Origin: (score: Score, result: SearchResult)] = [:]
    func keep(_ origin: Origin, tier: Int, quality: Int, _ result: SearchResult) {
      var result = result
      result.distance = near.map { Earth.distance($0, result.coordinate) }
      let score = Score(
        tier: tier, quality: quality, distance: result.distance ?? 0,
        kind: SearchResult.Kind.allCases.firstIndex(of: result.kind) ?? 0, label: result.label)
      if let old = found[origin], old.score <= score { return }
      found[origin] = (score, result)
    }
    for reading in SearchQuery(query).readings {
      let prefix = Array(reading.name.utf8)
      let range = map.searchKeys(withPrefix: prefix)
      var streets = 0
      for i in range.prefix(Self.maximumEntries) {
        guard let entry = map.searchKey(i) else { continue }
        // The whole name before a later word of it; equal to the query before starting so.
        let quality = (entry.word == 0 ? 0 : 2) + (map.searchKeyLength(i) == prefix.count ? 0 : 1)
        switch entry.kind {
        case .street:
          if let number = reading.number {
            streets += 1
            guard streets <= Self.maximumStreets else { continue }
            for (address, exact) in addresses(onStreet: entry.target, number: number) {
              let a = map.address(address)
              guard reading.qualifier.map({ Self.matches(a, qualifier: $0) }) ?? true else {
                continue
              }
              keep(
                Origin(kind: .address, index: address), tier: exact ? 0 : 1, quality: quality,
                result(address: a, street: entry.target))
            }
          } else {
            let street = map.street(entry.target)
            if let q = reading.qualifier, !self.street(street, matches: q) { continue }
            keep(
              Origin(kind: .street, index: entry.target), tier: 2, quality: quality,
              result(street: street, index: entry.target))
          }
        case .place:
          guard reading.number == nil, reading.qualifier == nil else { continue }
          keep(
            Origin(kind: .place, index: entry.target), tier: 2, quality: quality,
            result(place: map.place(entry.target)))
        case .zone:
          guard reading.number == nil, reading.qualifier == nil else { continue }
          let zone = map.zone(entry.target)
          keep(
            Origin(kind: zone.kind == .city ? .city : .postcode, index: entry.target), tier: 2,
            quality: quality, result(zone: zone))
        }
      }
    }
    let cities = Set(
      found.values.filter { $0.result.kind == .city }.map { SearchText.fold($0.result.name) })
    return found.values
      .filter { !($0.result.kind == .place && cities.contains(SearchText.fold($0.result.name))) }
      .sorted { $0.score < $1.score }
      .prefix(limit).map { withRoadPoint($0.result) }
  }

  /// The addresses of street `index` whose number is `number` (exact) or starts with it.
  func addresses(onStreet index: Int, number: String) -> [(index: Int, exact: Bool)] {
    var out: [(Int, Bool)] = []
    for i in map.street(index).addresses {
      let folded = SearchText.foldNumber(map.addressNumber(i))
      if folded == number {
        out.append((i, true))
      } else if folded.hasPrefix(number) {
        out.append((i, false))
      }
    }
    return out
  }

  /// Whether an address has the postcode, or a city starting with the text, asked for.
  static func matches(_ a: MapAddress, qualifier: String) -> Bool {
    let postcode = a.postcode.map(SearchText.fold) ?? ""
    let city = a.city.map(SearchText.fold) ?? ""
    return postcode == qualifier || (!city.isEmpty && city.hasPrefix(qualifier))
      || (!postcode.isEmpty && (postcode + " " + city).hasPrefix(qualifier))
  }

  /// Whether a street is in the city, or has an address with the postcode, asked for.
  func street(_ street: MapStreet, matches qualifier: String) -> Bool {
    if let city = street.city, SearchText.fold(city).hasPrefix(qualifier) { return true }
    return street.addresses.prefix(Self.maximumStreets).contains {
      Self.matches(map.address($0), qualifier: qualifier)
    }
  }
}
