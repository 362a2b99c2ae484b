import Routing

/// A query split into the readings a search tries: a name alone, or a name with a house
/// number before or after it ("Mannerheimintie 13", "13 Mannerheimintie", "2 bis rue
/// X"), with a postcode or city after it ("Mannerheimintie 13 Helsinki") or a postcode
/// before it ("00100 manner").
struct SearchQuery: Equatable {
  struct Reading: Equatable {
    /// The folded name (or prefix of one).
    var name: String
    /// The folded house number (`SearchText.foldNumber`), or nil.
    var number: String?
    /// A folded postcode or city that the results must have.
    var qualifier: String?
  }

  /// The folded query (`SearchText.fold`).
  let text: String
  let readings: [Reading]

  /// The most readings a query gives: every one costs a lookup.
  static let maximumReadings = 12

  init(_ query: String) {
    text = SearchText.fold(query)
    // Words folded as names, except those that start with a digit: numbers keep their
    // dashes and slashes ("31-33").
    let tokens = query.split(whereSeparator: { $0.isWhitespace || $0 == "," }).flatMap {
      word -> [String] in
      word.first?.isNumber == true
        ? [SearchText.foldNumber(String(word))]
        : SearchText.fold(String(word)).split(separator: " ").map(String.init)
    }.filter { !$0.isEmpty }
    var readings = [Reading(name: text, number: nil, qualifier: nil)]
    let numbered = tokens.indices.filter { tokens[$0].first?.isNumber == true }.prefix(3)
    for k in numbered {
      // The number alone, or with a short word after it as its suffix ("2 bis", "13 a").
      var spans = [1]
      if k + 1 < tokens.count, tokens[k + 1].count <= 3, tokens[k + 1].allSatisfy(\.isLetter) {
        spans.append(2)
      }
      for span in spans {
        let number = SearchText.foldNumber(tokens[k..<k + span].joined(separator: " "))
        let before = tokens[..<k].joined(separator: " ")
        let after = Array(tokens[(k + span)...])
        if !before.isEmpty {
          readings.append(
            Reading(
              name: before, number: number,
              qualifier: after.isEmpty ? nil : after.joined(separator: " ")))
        } else if !after.isEmpty {
          readings.append(Reading(name: after.joined(separator: " "), number: number))
          for j in 1..<min(3, after.count) {
            readings.append(
              Reading(
                name: after.dropLast(j).joined(separator: " "), number: number,
                qualifier: after.suffix(j).joined(separator: " ")))
          }
        }
      }
      // A postcode first: the rest is a name in it.
      if k == 0, tokens.count > 1 {
        readings.append(
          Reading(
            name: tokens.dropFirst().joined(separator: " "), number: nil, qualifier: tokens[0]))
      }
    }
    var unique: [Reading] = []
    for r in readings where !r.name.isEmpty && !unique.contains(r) { unique.append(r) }
    self.readings = Array(unique.prefix(Self.maximumReadings))
  }
}
