/// All the words one language shows on screen, as data.
///
/// Each language is one value literal (`ScreenTextCatalog+German.swift` and so on), beside
/// the spoken `PhraseCatalog` of the same code, whose plural rule and decimal separator it
/// shares. Code only picks variants and fills `{slot}` templates; it holds no words.
struct ScreenTextCatalog: Sendable {
  /// A 12-hour clock: templates holding `{hour}` (1–12) and `{minute}` (two digits).
  struct TwelveHourClock: Sendable, Hashable {
    var am: String
    var pm: String
  }

  /// Primary language subtag, lowercase ("de"); the `PhraseCatalog` with this code
  /// supplies plural rule and decimal separator.
  var code: String
  /// Every `ScreenTextKey`, its variants longest first; the first is the full text.
  var texts: [ScreenTextKey: [String]]
  /// A count of route choices, `{number}` in each form ("2 routes").
  var routes: PhraseCatalog.PluralForms
  /// The 12-hour form of the clock, for languages whose drivers read one with imperial
  /// units (US English); nil where the 24-hour clock is the only one.
  var twelveHourClock: TwelveHourClock? = nil
  /// The mark that ends a written sentence (an instruction printed or read back): "." in
  /// the languages written in Latin or Cyrillic letters, "。" in Chinese.
  var fullStop = "."
}

extension ScreenTextCatalog {
  /// Every catalog, one per supported language, in the order of `PhraseCatalog.all`.
  static let all: [ScreenTextCatalog] = [german, english, spanish, italian, russian, chinese]

  /// The catalog for a `PhraseCatalog` code; English for a code without one (none: a test
  /// checks that every phrase language has screen text).
  static func catalog(for code: String) -> ScreenTextCatalog {
    all.first { $0.code == code } ?? english
  }
}
