import Foundation

/// Which country an extract is in, for its implicit speed limits, when the import is not
/// told (`maps import --country`).
///
/// Votes, from the data: each node's or way's `addr:country` counts one, and each country with a
/// boundary (`boundary=administrative`, `admin_level=2`, `ISO3166-1` or `ISO3166-1:alpha2`)
/// in the data one more, however many relations it has (an extract reaches across borders,
/// and France has several). The code with the most votes wins; with none, or a tie, the
/// centre of the data (the mean of its nodes) decides (`country(near:_:)`: the smallest of the
/// countries' boxes holding it), and the tie's
/// first code in alphabetical order if that says nothing. One country per map: an extract across a
/// border gets the speeds of the country most of its data says.
public struct CountryEvidence: Sendable, Equatable {
  /// Votes per upper-case ISO 3166-1 alpha-2 code.
  public private(set) var votes: [String: Int] = [:]
  private var boundaries: Set<String> = []

  public init() {}

  /// Counts a node's or way's `addr:country`.
  public mutating func noteAddress(_ tags: [String: String]) {
    if let code = Self.code(tags["addr:country"]) { votes[code, default: 0] += 1 }
  }

  /// Counts a relation that is a country's boundary, once per country. (A relation's own
  /// `addr:country`, as on some French communes, is not an address and does not count.)
  public mutating func noteBoundary(_ tags: [String: String]) {
    if tags["boundary"] == "administrative", tags["admin_level"] == "2",
      let code = Self.code(tags["ISO3166-1"] ?? tags["ISO3166-1:alpha2"]),
      boundaries.insert(code).inserted
    {
      votes[code, default: 0] += 1
    }
  }

  /// The country the votes and the data's centre (degrees) point to, nil when
  /// neither says anything.
  public func country(centre: (latitude: Double, longitude: Double)?) -> String? {
    let most = votes.values.max() ?? 0
    let leaders = votes.filter { $0.value == most && most > 0 }.keys.sorted()
    if leaders.count == 1 { return leaders[0] }
    let guess = centre.flatMap { Self.country(near: $0.latitude, $0.longitude) }
    if let guess, leaders.isEmpty || leaders.contains(guess) { return guess }
    return leaders.first
  }

  /// Two ASCII letters, upper-cased; nil otherwise.
  static func code(_ value: String?) -> String? {
    guard let value, value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    return value.uppercased()
  }

  /// The country whose box holds the point; where boxes overlap, the smallest box's
  /// (`CountryBoxes`).
  public static func country(near latitude: Double, _ longitude: Double) -> String? {
    CountryBoxes.country(latitude, longitude)
  }
}
