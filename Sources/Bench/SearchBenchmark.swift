import Commands
import Foundation
import Geo
import MapFile
import Routing
import Search

/// `headunit bench search [--map FILE] [--queries N]`: the map's search on this machine —
/// time per query and how often the address asked for comes first, over queries drawn
/// from the map's own addresses.
enum SearchBenchmark {
  static let help = """
    usage: headunit bench search [--map FILE] [--queries N] [--trace]

    search: draws N queries (default 1,000, fixed seed) from the map's own addresses
    (default: the embedded Helsinki map), a quarter of each kind: street and number
    ("Mannerheimintie 13"), number and street ("13 Mannerheimintie"), a postcode ("00100")
    and a partial prefix ("mannerh 13": the street's first half and the number), asks the
    search for 10 results near the map's middle, and prints the median and maximum time
    per query and the share of queries whose address (or postcode) is the first result and
    among the first 3, per kind, and the time the speller's next letters take after the
    first 1–6 characters of each query; --trace prints each query whose answer is not first.
    """

  enum Kind: String, CaseIterable {
    case streetNumber = "street + number"
    case numberStreet = "number + street"
    case postcode = "postcode"
    case prefix = "partial prefix"
  }

  struct Query {
    var kind: Kind
    var text: String
    /// The label of the result asked for.
    var expected: String
    /// Whether another address has the same street and number (in another town): the
    /// nearest comes first, and this one among the first 3 only if near.
    var ambiguous = false
  }

  static func run(_ args: Arguments, console: Console) throws -> HeadUnitCommand.Status {
    let count = try args.int("queries", default: 1_000, range: 4...1_000_000)
    let map = try RouteCommand.loadMap(args.value("map"))
    guard map.addressCount > 0 else {
      console.err("headunit: bench search: \(map.name) has no addresses (import it again)")
      return .failure
    }
    let search = AddressSearch(map: map)
    let queries = draw(count, from: map, search: search)
    let near = SearchCommand.centre(of: map)
    let clock = ContinuousClock()
    var times: [Kind: [Double]] = [:]
    var first: [Kind: Int] = [:]
    var top3: [Kind: Int] = [:]
    var ambiguous: [Kind: (count: Int, first: Int)] = [:]
    for query in queries {
      var results: [SearchResult] = []
      let elapsed = clock.measure {
        results = search.results(for: query.text, near: near, limit: 10)
      }
      times[query.kind, default: []].append(elapsed.seconds * 1e6)
      let i = results.prefix(3).firstIndex(where: { $0.label == query.expected })
      if i != nil { top3[query.kind, default: 0] += 1 }
      if i == 0 { first[query.kind, default: 0] += 1 }
      if query.ambiguous {
        ambiguous[query.kind, default: (0, 0)].count += 1
        if i == 0 { ambiguous[query.kind]!.first += 1 }
      }
      if results.first?.label != query.expected, args.flag("trace") {
        console.out(
          "  not first: '\(query.text)' → \(results.first?.label ?? "nothing"), expected \(query.expected)"
        )
      }
    }
    // The speller's question after each of the first letters of every query.
    var letters: [Double] = []
    for query in queries {
      for end in 1...min(6, query.text.count) {
        let prefix = String(query.text.prefix(end))
        let elapsed = clock.measure { _ = search.nextLetters(after: prefix) }
        letters.append(elapsed.seconds * 1e6)
      }
    }
    letters.sort()
    let all = times.values.flatMap { $0 }.sorted()
    console.out(
      String(
        format:
          "bench search: %@ (%d addresses, %d streets, %d index keys): %d queries, median %.0f µs, max %.0f µs",
        map.name, map.addressCount, map.streetCount, map.searchKeyCount, queries.count,
        all[all.count / 2], all.last ?? 0))
    console.out(
      String(
        format:
          "  next letters after 1–6 letters of each query: median %.0f µs, max %.0f µs (%d asked)",
        letters[letters.count / 2], letters.last ?? 0, letters.count))
    for kind in Kind.allCases {
      let t = (times[kind] ?? []).sorted()
      guard !t.isEmpty else { continue }
      console.out(
        String(
          format:
            "  %@ %4d queries: median %5.0f µs, max %6.0f µs; first %5.1f %%, first 3 %5.1f %%; unambiguous first %5.1f %% (%d ambiguous)",
          kind.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0), t.count,
          t[t.count / 2], t.last ?? 0, 100 * Double(first[kind] ?? 0) / Double(t.count),
          100 * Double(top3[kind] ?? 0) / Double(t.count),
          100 * Double((first[kind] ?? 0) - (ambiguous[kind]?.first ?? 0))
            / Double(max(1, t.count - (ambiguous[kind]?.count ?? 0))),
          ambiguous[kind]?.count ?? 0))
    }
    return .success
  }

  /// `count` queries, a quarter of each kind, from addresses drawn with a fixed seed.
  static func draw(_ count: Int, from map: RoadMap, search: AddressSearch) -> [Query] {
    var state: UInt64 = 0x5EED_1234
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(max(n, 1)))
    }
    var queries: [Query] = []
    for i in 0..<count {
      let kind = Kind.allCases[i % Kind.allCases.count]
      if kind == .postcode {
        let postcodes = (0..<map.zoneCount).filter { map.zone($0).kind == .postcode }
        guard !postcodes.isEmpty else { continue }
        let zone = map.zone(postcodes[next(postcodes.count)])
        let label = [zone.name, zone.city ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
        queries.append(Query(kind: kind, text: zone.name, expected: label))
        continue
      }
      let index = next(map.addressCount)
      let address = map.address(index)
      let street = (0..<map.streetCount).first { map.street($0).addresses.contains(index) } ?? 0
      guard
        let expected = search.results(for: "\(address.street) \(address.number)", limit: 50)
          .first(where: {
            $0.number == address.number && $0.street == street
              && $0.coordinate == address.coordinate
          })?.label
      else { continue }
      let twins = search.results(for: "\(address.street) \(address.number)", limit: 50).filter {
        $0.kind == .address
          && SearchText.foldNumber($0.number ?? "") == SearchText.foldNumber(address.number)
          && SearchText.fold($0.name) == SearchText.fold(address.street)
      }
      let text: String
      switch kind {
      case .streetNumber: text = "\(address.street) \(address.number)"
      case .numberStreet: text = "\(address.number) \(address.street)"
      case .postcode: continue
      case .prefix:
        let half = SearchText.fold(address.street).prefix(max(3, address.street.count / 2))
        text = "\(half) \(address.number)"
      }
      // A partial prefix names several streets by design: it is never "ambiguous".
      queries.append(
        Query(
          kind: kind, text: text, expected: expected, ambiguous: kind != .prefix && twins.count > 1)
      )
    }
    return queries
  }
}
