import Foundation

/// The words, times and distances of the screen in one language and unit system.
///
/// All words come from a `ScreenTextCatalog`; this type picks variants, fills `{slot}`
/// templates and formats clock times, remaining times and distances the way the language
/// writes them. A value: scenes and templates carry it, painters read it, nothing here
/// touches a device.
public struct ScreenText: Sendable, Hashable {
  /// How clock times are written.
  public enum ClockStyle: String, Sendable, Hashable {
    /// "15:45", "08:05".
    case twentyFourHour
    /// "3:45 PM", "8:05 AM".
    case twelveHour
  }

  /// The normalised language code ("de").
  public let language: String
  /// The unit system distances are shown in.
  public let units: UnitSystem
  /// The clock: 12-hour where the language has a 12-hour form and the units are imperial
  /// (US English), 24-hour everywhere else.
  public let clockStyle: ClockStyle

  /// English, metric, 24-hour: the screen of a unit with no language configured.
  public init() {
    self.init(code: "en", units: .metric)
  }

  /// The screen text for a language code as `Phrasebook(language:units:)` takes it.
  ///
  /// - Throws: `NavigationError` `.unsupported` naming the supported languages when the
  ///   language is not one of them.
  public init(language: String, units: UnitSystem = .metric) throws(NavigationError) {
    self.init(code: try Phrasebook(language: language).language, units: units)
  }

  /// The screen text for a supported code.
  init(code: String, units: UnitSystem) {
    self.language = code
    self.units = units
    let twelveHour = ScreenTextCatalog.catalog(for: code).twelveHourClock != nil
    self.clockStyle = twelveHour && units == .imperial ? .twelveHour : .twentyFourHour
  }

  var catalog: ScreenTextCatalog { ScreenTextCatalog.catalog(for: language) }

  /// The full text of `key` (its longest variant), slots filled from `values`.
  public func text(_ key: ScreenTextKey, _ values: [String: String] = [:]) -> String {
    variants(key, values).first ?? ""
  }

  /// The full text of `key`.
  public subscript(key: ScreenTextKey) -> String { text(key) }

  /// Every variant of `key`, longest first, slots filled from `values`.
  public func variants(_ key: ScreenTextKey, _ values: [String: String] = [:]) -> [String] {
    (catalog.texts[key] ?? []).map { PhraseCatalog.fill($0, values) }
  }

  /// `count` route choices: "2 routes", "2 маршрута", "5 маршрутов".
  public func routes(_ count: Int) -> String {
    let phrases = PhraseCatalog.catalog(for: language)
    return PhraseCatalog.fill(
      phrases.plural(catalog.routes, integer: count, fraction: false),
      ["number": String(count)])
  }

  /// A Nearby category in this language: the translation of a category the catalogs know
  /// ("Fuel" → "Tankstelle"), any other as the map names it.
  public func category(_ name: String) -> String {
    ScreenTextKey(category: name).map { text($0) } ?? name
  }
}

extension Phrasebook {
  /// The screen text in this phrasebook's language and units.
  public var screenText: ScreenText { ScreenText(code: language, units: units) }
}
