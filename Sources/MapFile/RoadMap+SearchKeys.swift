import Routing

/// The name index (`SKEY`): folded keys sorted by their bytes, searched by prefix with a
/// binary search over the mapping, O(log keys) string comparisons and no allocation.
extension RoadMap {
  /// One entry of the name index.
  package struct SearchKeyEntry: Equatable, Sendable {
    package var kind: MapFileLayout.SearchKeyKind
    /// Words of the name before the key's first: 0 when the key is the whole name.
    package var word: Int
    /// The record of `STRT`, `PLAC` or `ZONE` (per `kind`) the key names.
    package var target: Int
  }

  /// The entries whose key starts with `prefix` (folded UTF-8, `SearchText.fold`); all of
  /// them for an empty prefix.
  package func searchKeys(withPrefix prefix: [UInt8]) -> Range<Int> {
    let s = optionalSection(.searchKeys)
    func first(where above: (Int) -> Bool) -> Int {
      var lo = 0
      var hi = s.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if above(compare(key: mid, prefix: prefix)) { hi = mid } else { lo = mid + 1 }
      }
      return lo
    }
    let lower = first { $0 >= 0 }
    let upper = first { $0 > 0 }
    return lower..<max(lower, upper)
  }

  /// The kind and target of entry `index`; nil for a kind this program does not know or a
  /// target that does not exist.
  package func searchKey(_ index: Int) -> SearchKeyEntry? {
    let s = optionalSection(.searchKeys)
    precondition(index >= 0 && index < s.count, "search key \(index) out of range")
    guard let kind = MapFileLayout.SearchKeyKind(rawValue: field(s, index, 4, UInt8.self))
    else { return nil }
    let target = Int(field(s, index, 8, UInt32.self))
    // A damaged entry naming no record reads as none.
    let count =
      switch kind {
      case .street: streetCount
      case .place: placeCount
      case .zone: zoneCount
      }
    guard target < count else { return nil }
    return SearchKeyEntry(
      kind: kind, word: Int(field(s, index, 5, UInt8.self)),
      target: Int(field(s, index, 8, UInt32.self)))
  }

  /// The key text of entry `index`.
  package func searchKeyText(_ index: Int) -> String {
    let s = optionalSection(.searchKeys)
    precondition(index >= 0 && index < s.count, "search key \(index) out of range")
    return string(field(s, index, 0, UInt32.self)) ?? ""
  }

  /// The length in bytes of entry `index`'s key.
  package func searchKeyLength(_ index: Int) -> Int {
    precondition(
      index >= 0 && index < optionalSection(.searchKeys).count, "search key out of range")
    return keyBytes(index).count
  }

  /// The byte of entry `index`'s key at `position`, nil past its end.
  package func searchKeyByte(_ index: Int, at position: Int) -> UInt8? {
    let bytes = keyBytes(index)
    return position < bytes.count ? bytes[position] : nil
  }

  /// -1 when key `index` sorts before every key starting with `prefix`, 0 when it starts
  /// with it, 1 when it sorts after.
  func compare(key index: Int, prefix: [UInt8]) -> Int {
    let bytes = keyBytes(index)
    for (i, byte) in prefix.enumerated() {
      guard i < bytes.count else { return -1 }
      if bytes[i] != byte { return bytes[i] < byte ? -1 : 1 }
    }
    return 0
  }

  /// The UTF-8 bytes of key `index` in the mapping; empty when its string does not exist.
  func keyBytes(_ index: Int) -> UnsafeRawBufferPointer {
    let s = optionalSection(.searchKeys)
    let text = field(s, index, 0, UInt32.self)
    guard Int(text) + 1 < stringIndex.count else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    let start = Int(field(stringIndex, Int(text), 0, UInt32.self))
    let end = Int(field(stringIndex, Int(text) + 1, 0, UInt32.self))
    guard start <= end, end <= stringData.count else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: base + stringData.offset + start, count: end - start)
  }
}
