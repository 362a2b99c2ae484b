import Foundation
import Testing

@testable import Navigation

/// The screen-text catalogs: complete, with the same slots in every language, and times
/// and distances written the way each language writes them.
@Suite struct ScreenTextTests {
  static let languages = Phrasebook.supportedLanguages

  @Test func everyPhraseLanguageHasScreenText() {
    #expect(ScreenTextCatalog.all.map(\.code).sorted() == Self.languages)
    #expect(PhraseCatalog.all.map(\.code) == ScreenTextCatalog.all.map(\.code))
  }

  @Test(arguments: languages)
  func everyKeyIsPresentAndNotEmpty(language: String) {
    let catalog = ScreenTextCatalog.catalog(for: language)
    #expect(catalog.code == language)
    for key in ScreenTextKey.allCases {
      let variants = catalog.texts[key] ?? []
      #expect(!variants.isEmpty, "\(language): \(key) is missing")
      for variant in variants {
        #expect(
          !variant.trimmingCharacters(in: .whitespaces).isEmpty, "\(language): \(key) is empty")
      }
    }
    #expect(catalog.texts.count == ScreenTextKey.allCases.count)
  }

  @Test(arguments: languages)
  func slotsAreTheSameInEveryLanguage(language: String) {
    let catalog = ScreenTextCatalog.catalog(for: language)
    for key in ScreenTextKey.allCases {
      for variant in catalog.texts[key] ?? [] {
        let slots = Set(PhraseCatalog.placeholders(in: variant))
        // A short variant may leave a slot out ("No route"), never add one.
        #expect(slots.isSubset(of: Set(key.slots)), "\(language) \(key): \(variant)")
        #expect(
          !variant.contains("{") || !slots.isEmpty, "\(language) \(key): stray brace")
      }
      // The full text names every slot.
      let full = Set(PhraseCatalog.placeholders(in: catalog.texts[key]?.first ?? ""))
      #expect(full == Set(key.slots), "\(language) \(key): the full text lacks a slot")
    }
    for form in [catalog.routes.one, catalog.routes.few, catalog.routes.many, catalog.routes.other]
    {
      if let form { #expect(PhraseCatalog.placeholders(in: form) == ["number"]) }
    }
  }

  @Test(arguments: languages)
  func variantsAreLongestFirst(language: String) {
    let catalog = ScreenTextCatalog.catalog(for: language)
    for (key, variants) in catalog.texts {
      let lengths = variants.map(\.count)
      #expect(lengths == lengths.sorted(by: >), "\(language) \(key): \(variants)")
    }
  }

  @Test func slotsAreFilledWhateverTheirOrder() throws {
    let values = ["place": "Kamppi"]
    #expect(ScreenText().text(.noRouteTo, values) == "No route to Kamppi")
    #expect(try ScreenText(language: "zh").text(.noRouteTo, values) == "没有前往Kamppi的路线")
    #expect(try ScreenText(language: "ru").variants(.noRouteTo, values).last == "Нет маршрута")
    let trip = ["number": "1", "count": "2"]
    #expect(try ScreenText(language: "de").text(.tripOfTrips, trip) == "Fahrt 1 von 2")
    #expect(try ScreenText(language: "zh").text(.tripOfTrips, trip) == "行程 1/2")
  }

  @Test func routeCountsInflect() throws {
    #expect(ScreenText().routes(1) == "1 route")
    #expect(ScreenText().routes(3) == "3 routes")
    let russian = try ScreenText(language: "ru")
    #expect(russian.routes(1) == "1 маршрут")
    #expect(russian.routes(3) == "3 маршрута")
    #expect(russian.routes(5) == "5 маршрутов")
    #expect(try ScreenText(language: "de").routes(2) == "2 Routen")
    #expect(try ScreenText(language: "zh").routes(2) == "2 条路线")
  }

  @Test func categoriesTheCatalogsKnowAreTranslated() throws {
    let german = try ScreenText(language: "de")
    #expect(german.category("Fuel") == "Tankstelle")
    #expect(german.category("Other") == "Sonstiges")
    #expect(german.category("Bicycle rental") == "Bicycle rental")
    #expect(try ScreenText(language: "zh").category("Parking") == "停车场")
  }

  @Test func anUnknownLanguageNamesTheChoices() {
    #expect(throws: NavigationError.self) { try ScreenText(language: "xx") }
    do {
      _ = try ScreenText(language: "klingon")
    } catch {
      #expect(error.message.contains("de, en, es, it, ru, zh"))
    }
  }

  @Test func regionalCodesPickTheLanguage() throws {
    #expect(try ScreenText(language: "de-AT").language == "de")
    #expect(try ScreenText(language: "zh_CN").language == "zh")
    #expect(try Phrasebook(language: "ru").screenText.language == "ru")
  }
}
