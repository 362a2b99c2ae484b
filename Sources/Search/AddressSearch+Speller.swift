import MapFile
import Routing

/// What a knob speller asks: the letters that can come next, and a street's numbers.
extension AddressSearch {
  /// The characters that, typed after `prefix`, still lead to a result: folded letters and
  /// digits (as `SearchText.fold` writes them: "o" for "ö") and " " where a name is
  /// complete and more can follow (a house number). After a street's full name and a
  /// space, the next characters of its house numbers. Sorted.
  ///
  /// O(next characters × log keys) for a name prefix (the index is skipped through, not
  /// walked); after a number, the addresses of the streets that start so.
  public func nextLetters(after prefix: String) -> [Character] {
    nextLetterCounts(after: prefix).keys.sorted()
  }

  /// `nextLetters(after:)` with how many index keys (names and their later words) or
  /// house numbers continue `prefix` with each.
  public func nextLetterCounts(after prefix: String) -> [Character: Int] {
    var text = SearchText.fold(prefix)
    if prefix.last?.isWhitespace == true, !text.isEmpty { text += " " }
    let tokens = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var letters: [Character: Int] = [:]
    if let last = tokens.last, tokens.count >= 2 || text.hasSuffix(" "),
      let name = streetName(before: text, last: last)
    {
      // "<street> 1…": the numbers' next characters.
      let typed = text.hasSuffix(" ") ? "" : SearchText.foldNumber(last)
      for street in streets(named: name) {
        for i in map.street(street).addresses {
          let number = SearchText.foldNumber(map.addressNumber(i))
          guard number.hasPrefix(typed), number.count > typed.count else { continue }
          letters[number[number.index(number.startIndex, offsetBy: typed.count)], default: 0] += 1
        }
      }
    }
    if let first = tokens.first, first.first?.isNumber == true {
      // "13 manner…": names of streets with that number.
      let rest = text.dropFirst(first.count).drop { $0 == " " }
      if text.count > first.count {
        letters.merge(
          nameLetters(after: String(rest), number: SearchText.foldNumber(first)),
          uniquingKeysWith: +)
      }
    }
    letters.merge(nameLetters(after: text, number: nil), uniquingKeysWith: +)
    return letters
  }

  /// The house numbers of street `index` (a result's `street`), in order.
  public func houseNumbers(onStreet index: Int) -> [String] {
    guard index >= 0, index < map.streetCount else { return [] }
    return map.street(index).addresses.map(map.addressNumber)
  }

  /// The addresses of street `index` as results, in the order of their numbers.
  public func addresses(onStreet index: Int) -> [SearchResult] {
    guard index >= 0, index < map.streetCount else { return [] }
    return map.street(index).addresses.map { result(address: map.address($0), street: index) }
  }

  /// The streets whose whole folded name is `name`.
  func streets(named name: String) -> [Int] {
    let prefix = Array(name.utf8)
    return map.searchKeys(withPrefix: prefix).prefix(Self.maximumEntries).compactMap { i in
      guard map.searchKeyLength(i) == prefix.count, let entry = map.searchKey(i),
        entry.kind == .street
      else { return nil }
      return entry.target
    }
  }

  /// When `text` is a street's full name, a space and `last` (a number begun, or nothing
  /// yet when `text` ends in a space): that name.
  func streetName(before text: String, last: String) -> String? {
    let name: String
    if text.hasSuffix(" ") {
      name = String(text.dropLast())
    } else {
      guard last.first?.isNumber == true else { return nil }
      name = String(text.dropLast(last.count + 1))
    }
    return name.isEmpty || streets(named: name).isEmpty ? nil : name
  }

  /// The next characters of index keys that start with `text`: one binary search per
  /// character found, skipping the keys that share it, each with the count of keys that
  /// share it. With `number`, only keys of streets that have that house number.
  func nameLetters(after text: String, number: String?) -> [Character: Int] {
    let prefix = Array(text.utf8)
    var letters: [Character: Int] = [:]
    var range = map.searchKeys(withPrefix: prefix)
    var checked = 0
    while let i = range.first, checked < Self.maximumEntries {
      checked += 1
      let key = Array(map.searchKeyText(i).utf8)
      guard key.count > prefix.count else {
        // The name is complete: a house number may follow.
        if let entry = map.searchKey(i), entry.kind == .street, number == nil,
          !map.street(entry.target).addresses.isEmpty
        {
          letters[" ", default: 0] += 1
        }
        range = range.dropFirst()
        continue
      }
      // The whole next character (a folded letter may take more than one byte).
      let rest = String(decoding: key[prefix.count...], as: UTF8.self)
      guard let character = rest.first else { break }
      let next = prefix + Array(String(character).utf8)
      let shared = map.searchKeys(withPrefix: next)
      if let number {
        let hasNumber = shared.prefix(Self.maximumStreets).contains { j in
          guard let entry = map.searchKey(j), entry.kind == .street else { return false }
          return addresses(onStreet: entry.target, number: number).contains { $0.match <= .range }
        }
        if hasNumber { letters[character, default: 0] += 1 }
      } else {
        letters[character] = shared.count
      }
      range = shared.upperBound..<range.upperBound
    }
    return letters
  }
}
