import Audio
import JSON
import Navigation

/// The `audio.rate` setting: how fast the voice speaks each language, in words a minute.
///
/// The file gives an object of rates by language (`{"en": 210}`), a language not named
/// speaking at its own tuned rate (`EspeakSynthesizer.defaultRates`); or, as older files
/// do, one number for every language; or nothing, for the tuned rates.
public struct SpeechRates: Sendable, Equatable {
  /// Words per minute by phrasebook language code; every supported language is present.
  public private(set) var byLanguage: [String: Int]
  /// The rate when the file gave one number for every language, else nil.
  public private(set) var everyLanguage: Int?

  /// Each language at its tuned rate.
  public init() {
    byLanguage = Dictionary(
      uniqueKeysWithValues: Phrasebook.supportedLanguages.map {
        ($0, EspeakSynthesizer.defaultRates[$0] ?? 175)
      })
  }

  /// Every language at `rate`.
  public init(everyLanguage rate: Int) {
    self.init()
    for code in byLanguage.keys { byLanguage[code] = rate }
    everyLanguage = rate
  }

  /// The tuned rates with `rates` over them.
  public init(_ rates: [String: Int]) {
    self.init()
    byLanguage.merge(rates) { $1 }
  }

  /// The languages whose rate is slower than their tuned one: only those can make a
  /// final prompt run over, so only those `config check` synthesizes.
  public var slowerThanTuned: [String] {
    byLanguage.keys.sorted().filter {
      byLanguage[$0, default: 0] < EspeakSynthesizer.defaultRates[$0, default: 0]
    }
  }

  /// The JSON path of language `code`'s rate under `audio.rate` at `path`: the number
  /// itself when one number sets every language.
  public func path(of code: String, under path: String) -> String {
    everyLanguage == nil ? JSONNode(.null, path: path).path(of: code) : path
  }

  /// Reads the setting: `null` (the tuned rates), a number (every language) or an object
  /// of numbers by language code, each in `EspeakSynthesizer.Settings.rates`.
  ///
  /// - Throws: `JSONError` at the value or the member that is wrong.
  init(node: JSONNode) throws(JSONError) {
    let range = EspeakSynthesizer.Settings.rates
    switch node.value {
    case .null:
      self.init()
    case .number:
      self.init(everyLanguage: try node.integer(in: range))
    case .object:
      var rates: [String: Int] = [:]
      for (code, member) in try node.object(keys: Phrasebook.supportedLanguages) {
        if member.value != .null { rates[code] = try member.integer(in: range) }
      }
      self.init(rates)
    default:
      throw node.error(
        expected: "an object of words per minute by language ({\"en\": 205}) or a number")
    }
  }

  /// The setting as a document writes it: the number, or every language's rate.
  var json: JSONValue {
    if let everyLanguage { return .number(Double(everyLanguage)) }
    return .object(
      byLanguage.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) })
  }

  /// As `config check` shows it: `170 wpm` for every language, else
  /// `de 195, en 205, … wpm`.
  var summary: String {
    if let everyLanguage { return "\(everyLanguage) wpm" }
    return byLanguage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      .joined(separator: ", ") + " wpm"
  }
}
