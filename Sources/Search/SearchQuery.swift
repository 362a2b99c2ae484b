import MapFile
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
    // Words folded as names, except numbers, which keep their dashes and slashes ("31-33").
    var tokens: [String] = []
    var afterNumber = false
    for word in Self.joiningRanges(query).split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
      let word = String(word)
      if word.first?.isNumber == true {
        tokens.append(SearchText.foldNumber(word))
        afterNumber = true
      } else if afterNumber, word.count <= 5, word.contains("-"),
        word.allSatisfy({ $0.isLetter || $0 == "-" })
      {
        // A lettered range after a number ("32 a-b") stays one word.
        tokens.append(SearchText.foldNumber(word))
        afterNumber = false
      } else {
        tokens += SearchText.fold(word).split(separator: " ").map(String.init)
        afterNumber = false
      }
    }
    tokens = tokens.filter { !$0.isEmpty }
    var readings = [Reading(name: text, number: nil, qualifier: nil)]
    let numbered = tokens.indices.filter { tokens[$0].first?.isNumber == true }.prefix(3)
    for k in numbered {
      // The number alone, or with a short word after it as its suffix ("2 bis", "13 a").
      var spans = [1]
      if k + 1 < tokens.count, tokens[k + 1].count <= 5,
        tokens[k + 1].allSatisfy({ $0.isLetter || $0 == "-" }),
        tokens[k + 1].first?.isLetter == true
      {
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

  /// `query` with the spaces around a dash or slash after a number taken out, so that a
  /// range or a lettered range is one word: "4 - 6" → "4-6", "32 a - b" → "32 a-b".
  static func joiningRanges(_ query: String) -> String {
    var out = ""
    var lastWord = ""
    var pendingSpace = false
    var joining = false
    for character in query {
      if character.isWhitespace {
        pendingSpace = true
        continue
      }
      let isJoint = "-–—/".contains(character)
      let afterNumber =
        lastWord.contains(where: \.isNumber)
        || (lastWord.count <= 2 && out.contains(where: \.isNumber))
      if isJoint && afterNumber && !lastWord.isEmpty {
        out.append(character)
        joining = true
        pendingSpace = false
        continue
      }
      if pendingSpace && !joining {
        out.append(" ")
        lastWord = ""
      }
      pendingSpace = false
      joining = false
      out.append(character)
      lastWord.append(character)
    }
    return out
  }
}
