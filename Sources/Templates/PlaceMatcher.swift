import Foundation

/// Finds place names by what the driver has typed: case- and accent-insensitive, matching
/// the start of the name or of any word in it ("toolo" finds "Töölönlahdenkatu", "katu"
/// does not; "mann" finds "Mannerheimintie" and "Pohjoinen Mannerheimintie").
///
/// Several typed words must each start some word of the name. Names whose start matches
/// come before names where only a later word does; within each, alphabetical — or, for
/// names given best first (nearest first), in the order given.
public struct PlaceMatcher: Hashable, Sendable {
  /// The names searched, as given.
  public let names: [String]
  /// Whether `names` come best first, to be kept in that order.
  public let isRanked: Bool
  private let foldedWords: [[String]]

  public init(names: [String], ranked: Bool = false) {
    isRanked = ranked
    var seen = Set<String>()
    self.names = names.filter { seen.insert($0).inserted }
    self.foldedWords = self.names.map { Self.words(Self.fold($0)) }
  }

  /// Lower case, accents removed: "Töölö" → "toolo".
  public static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
  }

  /// The words of folded text: runs of letters and digits.
  static func words(_ folded: String) -> [String] {
    folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }

  /// The names `query` matches, best first; every name when the query is blank.
  public func matches(_ query: String) -> [String] {
    let queryWords = Self.words(Self.fold(query))
    guard !queryWords.isEmpty else { return isRanked ? names : names.sorted(by: Self.alphabetical) }
    var first: [String] = []
    var later: [String] = []
    for (name, words) in zip(names, foldedWords) {
      let all = queryWords.allSatisfy { q in words.contains { $0.hasPrefix(q) } }
      guard all else { continue }
      if let w = words.first, w.hasPrefix(queryWords[0]) {
        first.append(name)
      } else {
        later.append(name)
      }
    }
    if isRanked { return first + later }
    return first.sorted(by: Self.alphabetical) + later.sorted(by: Self.alphabetical)
  }

  /// How often each letter follows `query` in the names it matches: for the last typed
  /// word (the one still being typed), the letter after it in each name word it starts.
  /// With a query ending in a space, the first letters of the words still to match.
  public func nextLetterCounts(after query: String) -> [Character: Int] {
    let folded = Self.fold(query)
    let typed = Self.words(folded)
    let completed = folded.last.map { !($0.isLetter || $0.isNumber) } ?? true
    let done = completed ? typed : Array(typed.dropLast())
    let partial = completed ? "" : (typed.last ?? "")
    var counts: [Character: Int] = [:]
    for words in foldedWords {
      guard done.allSatisfy({ q in words.contains { $0.hasPrefix(q) } }) else { continue }
      for word in words where word.hasPrefix(partial) && word.count > partial.count {
        let next = word[word.index(word.startIndex, offsetBy: partial.count)]
        counts[next, default: 0] += 1
      }
    }
    return counts
  }

  private static func alphabetical(_ a: String, _ b: String) -> Bool {
    let fa = fold(a)
    let fb = fold(b)
    return fa != fb ? fa < fb : a < b
  }
}
