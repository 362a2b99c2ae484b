import Foundation

/// Which country an extract is in, for its implicit speed limits, when the import is not
/// told (`maps import --country`).
///
/// Votes, from the data: each node's or way's `addr:country` counts one, and each country with a
/// boundary (`boundary=administrative`, `admin_level=2`, `ISO3166-1` or `ISO3166-1:alpha2`)
/// in the data one more, however many relations it has (an extract reaches across borders,
/// and France has several). The code with the most votes wins; with none, or a tie, the
/// centre of the data (the mean of its nodes) decides (`country(near:_:)`), and the tie's
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

  /// Rough boxes (latitude, longitude) around the countries with a table of their own.
  static let boxes: [(String, ClosedRange<Double>, ClosedRange<Double>)] = [
    ("AD", 42.42...42.66, 1.40...1.79),
    ("MC", 43.72...43.76, 7.40...7.44),
    // Austria in two: east of Salzburg, and Tyrol and Vorarlberg south of Munich.
    ("AT", 46.37...49.02, 12.9...17.16),
    ("AT", 46.8...47.75, 9.53...12.9),
    ("FI", 59.7...70.1, 20.5...31.6),
    ("DE", 47.2...55.1, 5.8...15.1),
    ("GB", 49.8...60.9, -8.2...1.8),
    ("FR", 41.3...51.1, -5.2...9.6),
    ("IT", 36.6...47.1, 6.6...18.5),
    ("ES", 35.9...43.8, -9.4...3.4),
    ("US", 24.5...49.4, -125.0...(-66.9)),
  ]

  /// The country whose box holds the point; where boxes overlap, the smallest box's.
  public static func country(near latitude: Double, _ longitude: Double) -> String? {
    boxes.filter { $0.1.contains(latitude) && $0.2.contains(longitude) }
      .min { area($0) < area($1) }?.0
  }

  private static func area(_ box: (String, ClosedRange<Double>, ClosedRange<Double>)) -> Double {
    (box.1.upperBound - box.1.lowerBound) * (box.2.upperBound - box.2.lowerBound)
  }
}
