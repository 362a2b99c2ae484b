/// Text entry with a knob: letters in a ring, the likeliest next letters first.
///
/// The likelihood comes from the app's search (`letterCounts`) or from place names
/// (`PlaceMatcher`): after "mann" the ring starts with "e" because "Mannerheimintie"
/// follows. Letters that
/// never follow come after, alphabetically; then space and delete. Typed text is folded
/// (no accents), so "toolo" is typed for "Töölö".
public struct RotarySpeller: Hashable, Sendable {
  /// A key on the ring.
  public enum Key: Hashable, Sendable {
    case letter(Character)
    case space
    case delete

    /// The focus id of the key.
    public var elementID: String {
      switch self {
      case .letter(let c): "key.\(c)"
      case .space: "key.space"
      case .delete: "key.delete"
      }
    }

    /// What the key shows.
    public var label: String {
      switch self {
      case .letter(let c): String(c)
      case .space: "␣"
      case .delete: "⌫"
      }
    }
  }

  /// How many results at most the live list shows.
  public static let maximumResults = 12
  /// The letters always on the ring.
  static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

  public let matcher: PlaceMatcher
  /// What has been typed, folded.
  public private(set) var text = ""
  /// The only letters that may come next (the app's search says which still find
  /// something); nil for every letter of the alphabet.
  public var allowedLetters: Set<Character>?
  /// How many names continue the typed text with each letter, from the app's search; when
  /// set, it orders the ring instead of `matcher`'s names.
  public var letterCounts: [Character: Int]?

  /// - Parameter ranked: the names come best first (nearest first); results keep that
  ///   order instead of the alphabet's.
  public init(placeNames: [String], ranked: Bool = false) {
    matcher = PlaceMatcher(names: placeNames, ranked: ranked)
  }

  /// The ring: letters that follow the typed text in some name, most frequent first (ties
  /// alphabetical), then every other letter, then space and delete.
  public var keys: [Key] {
    let counts = nextLetterCounts
    let likely = counts.keys.sorted { a, b in
      counts[a]! != counts[b]! ? counts[a]! > counts[b]! : a < b
    }
    let rest = Self.alphabet.filter { counts[$0] == nil }
    guard let allowed = allowedLetters else {
      return (likely + rest).map(Key.letter) + [.space, .delete]
    }
    let offered = likely.filter(allowed.contains) + rest.filter(allowed.contains)
    return offered.map(Key.letter) + [.space, .delete]
  }

  /// The letters suggested next (those that follow the typed text in some name), likeliest
  /// first.
  public var suggestions: [Character] {
    let counts = nextLetterCounts
    return keys.compactMap {
      if case .letter(let c) = $0, counts[c] != nil { c } else { nil }
    }
  }

  /// Offers only the letters of `counts` (the app's search: how many names continue the
  /// typed text with each), the likeliest first.
  public mutating func offer(_ counts: [Character: Int]) {
    letterCounts = counts
    allowedLetters = Set(counts.keys)
  }

  /// The letters that follow the typed text, with how many names continue with each.
  var nextLetterCounts: [Character: Int] {
    letterCounts ?? matcher.nextLetterCounts(after: text)
  }

  /// Live results: the names the text matches, best first, at most `maximumResults`.
  public var results: [String] {
    text.isEmpty ? [] : Array(matcher.matches(text).prefix(Self.maximumResults))
  }

  /// Types `key`.
  public mutating func type(_ key: Key) {
    switch key {
    case .letter(let c): text.append(contentsOf: PlaceMatcher.fold(String(c)))
    case .space: if !text.isEmpty && text.last != " " { text.append(" ") }
    case .delete: if !text.isEmpty { text.removeLast() }
    }
  }

  /// Types each character of `string` (a space for a space).
  public mutating func type(_ string: String) {
    for c in string { type(c == " " ? .space : .letter(c)) }
  }

  /// The key whose focus id is `elementID`.
  public func key(forElement elementID: String) -> Key? {
    keys.first { $0.elementID == elementID }
  }
}
