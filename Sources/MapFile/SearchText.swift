import Foundation
import Routing

/// How search compares names: the one folding the importer writes keys with and the search
/// folds queries with, so "Toolonkatu", "TÖÖLÖNKATU" and "Töölönkatu" are the same text.
///
/// Deterministic and locale-free: the same text folds to the same bytes on every machine.
package enum SearchText {
  /// Letters that folding accents off does not reach (they are letters of their own).
  private static let letters: [Character: String] = [
    "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
    "ı": "i", "ŀ": "l",
  ]

  /// The longest key kept, in bytes: a name longer than this is searched by its start.
  package static let maximumKeyBytes = 96
  /// Keys are made from at most this many words of a name.
  package static let maximumKeyWords = 8

  /// Lower case with accents and case folded (ß → ss, æ → ae, ø → o…); every run of
  /// characters that are neither letters nor digits becomes one space, and there is none
  /// at either end: "Rue de l'Église" → "rue de l eglise".
  package static func fold(_ text: String) -> String {
    if let ascii = foldASCII(text) { return ascii }
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    var out = ""
    out.reserveCapacity(folded.utf8.count)
    var pendingSpace = false
    for character in folded {
      if let replacement = letters[character] {
        if pendingSpace && !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out += replacement
      } else if character.isLetter || character.isNumber {
        if pendingSpace && !out.isEmpty { out.append(" ") }
        pendingSpace = false
        // Combining marks folding left behind (a letter without a precomposed form).
        out.unicodeScalars.append(
          contentsOf: character.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark
          })
      } else {
        pendingSpace = true
      }
    }
    return out
  }

  /// `fold` of text that is all ASCII, without Foundation's folding (most names and house
  /// numbers); nil for other text.
  private static func foldASCII(_ text: String) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      let isDigit = byte >= 0x30 && byte <= 0x39
      if isLetter || isDigit {
        if pendingSpace && !out.isEmpty { out.append(0x20) }
        pendingSpace = false
        out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
      } else {
        pendingSpace = true
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A house number folded for comparison: each part between dashes and slashes `fold`ed
  /// with its spaces taken out, the dashes (any of them) as "-": "13 A" and "13a" are one
  /// number, "13–15" is "13-15", "2 bis" is "2bis", "12/3" stays.
  package static func foldNumber(_ text: String) -> String {
    var out = ""
    var part = ""
    func flush() {
      out += fold(part).replacingOccurrences(of: " ", with: "")
      part = ""
    }
    for character in text {
      if "-–—‐‑".contains(character) || character == "/" {
        flush()
        out.append(character == "/" ? "/" : "-")
      } else {
        part.append(character)
      }
    }
    flush()
    return out
  }

  /// The search keys of a name: its folded text from the start of each of its first
  /// `maximumKeyWords` words to its end, each at most `maximumKeyBytes` long ("rue de la
  /// paix", "de la paix", "la paix", "paix"), without repeats.
  package static func keys(_ name: String) -> [String] {
    let folded = fold(name)
    guard !folded.isEmpty else { return [] }
    var keys: [String] = []
    var start = folded.startIndex
    while keys.count < maximumKeyWords {
      let key = truncated(String(folded[start...]))
      if !keys.contains(key) { keys.append(key) }
      guard let space = folded[start...].firstIndex(of: " ") else { break }
      start = folded.index(after: space)
    }
    return keys
  }

  /// `text` cut to at most `maximumKeyBytes` bytes on a character boundary.
  package static func truncated(_ text: String) -> String {
    guard text.utf8.count > maximumKeyBytes else { return text }
    var out = ""
    for character in text {
      guard out.utf8.count + character.utf8.count <= maximumKeyBytes else { break }
      out.append(character)
    }
    return out
  }
}
