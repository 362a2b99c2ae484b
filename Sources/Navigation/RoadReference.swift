/// Road references ("E18", "A9", "I-81", "US 322") as signs and maps write them, from the
/// lists OSM and routing servers give (`ref=7;15;E 18`).
///
/// Pure functions of the text; no locale, no I/O.
public enum RoadReference {
  /// How important a reference is: lower is more significant.
  public enum Rank: Int, Comparable, Sendable {
    /// An international E-road ("E18", "E 45").
    case european = 0
    /// A motorway or national road: A, M, I (Interstate), US, B, N, S, AP prefixes.
    case national = 1
    /// Anything else: regional and local roads, bare numbers.
    case other = 2

    public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
  }

  /// Prefixes of motorways and national roads across Europe and North America: A
  /// (Autobahn, autoroute, autostrada, UK A-road), M (UK motorway, Russian federal road),
  /// I (US Interstate), US (US highway), B (German and Austrian Bundesstraße), N (national
  /// roads), S (Austrian and Polish expressways), AP (Spanish autopista), and the Cyrillic
  /// М, Р, А of Russian federal roads.
  static let nationalPrefixes: Set<String> = [
    "A", "M", "I", "US", "B", "N", "S", "AP", "\u{41C}", "\u{420}", "\u{410}",
  ]

  /// At most this many references are read from one value; more is not a road sign.
  public static let maximumCount = 8
  /// A reference longer than this (characters) is not a reference.
  public static let maximumLength = 24

  /// The references in a `ref` value, split on ";", "," and "/", each in its written form
  /// (`normalised(_:)`), blanks and repeats dropped, in the order given; at most
  /// `maximumCount`, none longer than `maximumLength`.
  public static func split(_ value: String) -> [String] {
    var result: [String] = []
    for part in value.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == "/" }) {
      let reference = normalised(String(part))
      guard !reference.isEmpty, reference.count <= maximumLength else { continue }
      if !result.contains(reference) { result.append(reference) }
      if result.count == maximumCount { break }
    }
    return result
  }

  /// One reference in its usual written form: surrounding spaces trimmed and inner runs of
  /// spaces made one; a one-letter prefix joined to its number ("E 18" → "E18", "A 9" →
  /// "A9", "B 85" → "B85"), except the US Interstate, written with a hyphen ("I 81" →
  /// "I-81"). Longer prefixes keep their space ("US 322", "PA 230", "St 2183"), and
  /// anything else is kept as written ("A-6", "CG-2", "A1(M)", "М-11").
  public static func normalised(_ reference: String) -> String {
    let words = reference.split(whereSeparator: \.isWhitespace)
    guard words.count == 2, let prefix = words.first, let number = words.last,
      prefix.count == 1, prefix.allSatisfy(\.isLetter), prefix.allSatisfy(\.isUppercase),
      number.first?.isNumber == true
    else {
      return words.joined(separator: " ")
    }
    return prefix == "I" ? "I-\(number)" : "\(prefix)\(number)"
  }

  /// The rank of a reference (written form or not).
  public static func rank(_ reference: String) -> Rank {
    let parts = parts(of: reference)
    guard let prefix = parts?.prefix else { return .other }
    if prefix == "E" { return .european }
    return nationalPrefixes.contains(prefix) ? .national : .other
  }

  /// The most significant reference in a `ref` value: the first European one, else the
  /// first national one, else the first; nil when the value holds none.
  public static func principal(_ value: String?) -> String? {
    guard let value else { return nil }
    let references = split(value)
    return references.min { rank($0) < rank($1) }
  }

  /// Whether a text reads as a road reference rather than a place name: a letter prefix of
  /// at most three letters starting with a capital (or none) and a number, with a space
  /// or hyphen between them or not, and at most a letter or two after it ("A 10", "E45",
  /// "PA 283", "US 322", "B85", "St 2183", "CS-101", "7", "12A").
  public static func looksLikeReference(_ text: String) -> Bool {
    parts(of: text) != nil
  }

  /// The letter prefix ("" when none) of a text shaped like a reference; nil otherwise.
  static func parts(of text: String) -> (prefix: String, number: String)? {
    let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    var prefix = ""
    var rest = Substring(trimmed)
    while let c = rest.first, c.isLetter {
      prefix.append(c)
      rest = rest.dropFirst()
    }
    guard prefix.count <= 3, prefix.first?.isUppercase ?? true else { return nil }
    if let c = rest.first, c == " " || c == "-" { rest = rest.dropFirst() }
    let digits = rest.prefix(while: \.isNumber)
    let suffix = rest.dropFirst(digits.count)
    guard !digits.isEmpty, digits.count <= 5, suffix.count <= 2, suffix.allSatisfy(\.isLetter)
    else {
      return nil
    }
    return (prefix, String(digits))
  }
}
