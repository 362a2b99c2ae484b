import Geo
import MapFile
import Routing

/// The one search of the map: query text → ranked addresses, streets, places, postcodes
/// and cities, each with its label, position and the road point a route goes to. Also what
/// a knob speller needs: the letters that can come next, and a street's house numbers.
///
/// Index-backed: a query is a binary search of the map's name index (`SKEY`) per reading of
/// it (`SearchQuery`), then a walk over the entries with that prefix (at most
/// `maximumEntries`) and over the addresses of the streets found (at most
/// `maximumStreets`); nothing is scanned per keystroke beyond that. Ranking: an exact house
/// number first, then one of a number written as two ("1234/5" for 5), then a range of
/// numbers that holds it ("14–20" for 16), then a number that
/// starts with the one asked for ("13a" for 13), then names; within
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
    /// A house number's `NumberMatch`, or `nameTier` for a name.
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

  /// The tier of a street, place, postcode or city: after every house number.
  static let nameTier = NumberMatch.prefix.rawValue + 1

  /// How an address's number matches the number asked for, best first.
  enum NumberMatch: Int, Comparable {
    /// The same number ("13" for 13, "13 A" for 13a).
    case exact
    /// One of a number written as two: "1234/5" for 5 or 1234.
    case part
    /// A range that holds it: "14–20" for 16 (same side of the street when both ends are),
    /// "13–16" for 14, "13a–15" for 14.
    case range
    /// A number that starts with it: "13a", "130" for 13.
    case prefix

    static func < (a: NumberMatch, b: NumberMatch) -> Bool { a.rawValue < b.rawValue }
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
            let matches = addresses(onStreet: entry.target, number: number)
            if matches.isEmpty, map.searchKeyLength(i) == prefix.count, reading.qualifier == nil {
              // The whole name with a number it does not have: the street itself.
              keep(
                Origin(kind: .street, index: entry.target), tier: Self.nameTier, quality: quality,
                result(street: map.street(entry.target), index: entry.target))
            }
            for (address, match) in matches {
              let a = map.address(address)
              guard reading.qualifier.map({ Self.matches(a, qualifier: $0) }) ?? true else {
                continue
              }
              keep(
                Origin(kind: .address, index: address), tier: match.rawValue, quality: quality,
                result(address: a, street: entry.target))
            }
          } else {
            let street = map.street(entry.target)
            if let q = reading.qualifier, !self.street(street, matches: q) { continue }
            keep(
              Origin(kind: .street, index: entry.target), tier: Self.nameTier, quality: quality,
              result(street: street, index: entry.target))
          }
        case .place:
          guard reading.number == nil, reading.qualifier == nil else { continue }
          keep(
            Origin(kind: .place, index: entry.target), tier: Self.nameTier, quality: quality,
            result(place: map.place(entry.target)))
        case .zone:
          guard reading.number == nil, reading.qualifier == nil else { continue }
          let zone = map.zone(entry.target)
          keep(
            Origin(kind: zone.kind == .city ? .city : .postcode, index: entry.target),
            tier: Self.nameTier,
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

  /// The addresses of street `index` whose number matches `number` (folded), and how.
  func addresses(onStreet index: Int, number: String) -> [(index: Int, match: NumberMatch)] {
    var out: [(Int, NumberMatch)] = []
    for i in map.street(index).addresses {
      let folded = SearchText.foldNumber(map.addressNumber(i))
      if folded == number {
        out.append((i, .exact))
      } else if Self.part(folded, is: number) {
        out.append((i, .part))
      } else if Self.range(folded, holds: number) {
        out.append((i, .range))
      } else if folded.hasPrefix(number) {
        out.append((i, .prefix))
      }
    }
    return out
  }

  /// Whether a folded number is a range that holds `number` (folded): "14-20" holds 16 (on
  /// the ends' side of the street when both are odd or both even), "13a-15" holds 14 and
  /// "15", "32a-c" holds "32b".
  static func range(_ folded: String, holds number: String) -> Bool {
    let ends = folded.split(separator: "-", omittingEmptySubsequences: false)
    guard ends.count == 2, let n = numberAndLetters(Substring(number)),
      let a = numberAndLetters(ends[0])
    else { return false }
    let letters = ends[1].allSatisfy { $0.isASCII && $0.isLetter } && ends[1].count <= 2
    guard let b = numberAndLetters(ends[1]) ?? (letters ? (a.value, ends[1]) : nil),
      a < b, a <= n, n <= b
    else { return false }
    guard a.letters.isEmpty, b.letters.isEmpty, n.letters.isEmpty else { return true }
    return (b.value - a.value) % 2 != 0 || (n.value - a.value) % 2 == 0
  }

  /// A folded number as its leading value and up to two letters after it ("13a" → 13, "a"),
  /// nil when it is not of that form.
  static func numberAndLetters(_ text: Substring) -> (value: Int, letters: Substring)? {
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    let letters = text.dropFirst(digits.count)
    guard !digits.isEmpty, digits.count <= 6, letters.count <= 2,
      letters.allSatisfy({ $0.isASCII && $0.isLetter }), let value = Int(digits)
    else { return nil }
    return (value, letters)
  }

  /// Whether a folded number written as two ("1234/5": the conscription and street
  /// numbers of Czechia and Slovakia, a corner's two numbers) has `number` as one of them.
  static func part(_ folded: String, is number: String) -> Bool {
    let parts = folded.split(separator: "/")
    return parts.count == 2 && parts.contains { $0 == number }
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
