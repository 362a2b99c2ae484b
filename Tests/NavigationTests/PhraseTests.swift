import Geo
import Testing

@testable import Navigation

/// A step with the given maneuver, road name and ref.
func step(
  _ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier? = nil, exit: Int? = nil,
  name: String = "", ref: String? = nil, bearingAfter: Double = 0
) -> RouteStep {
  RouteStep(
    maneuver: Maneuver(
      kind: kind, modifier: modifier, exit: exit,
      location: Coordinate(latitude: 60.17, longitude: 24.94), bearingAfter: bearingAfter),
    name: name, ref: ref, distance: 100, duration: 10, geometry: [])
}

func book(_ language: String, _ units: UnitSystem = .metric) -> Phrasebook {
  // Every language used here is supported; a failure shows up as a test error.
  (try? Phrasebook(language: language, units: units))!
}

@Suite struct PhraseCatalogTests {
  static let codes = ["de", "en", "es", "it", "ru", "zh"]

  @Test func supportedLanguagesAreTheCatalogs() {
    #expect(Phrasebook.supportedLanguages == Self.codes)
  }

  @Test(arguments: PhraseCatalog.all.map(\.code))
  func catalogDefinesEveryKeyWithAllowedPlaceholders(code: String) throws {
    let catalog = try #require(PhraseCatalog.all.first { $0.code == code })
    for key in PhraseKey.allCases {
      let phrase = try #require(catalog.phrases[key], "\(code) lacks \(key)")
      let plain = Set(PhraseCatalog.placeholders(in: phrase.plain))
      #expect(plain == key.placeholders, "\(code).\(key) plain: \(plain)")
      #expect(!phrase.plain.isEmpty)
      if key.takesRoad {
        let onto = try #require(phrase.onto, "\(code).\(key) lacks a road form")
        let names = PhraseCatalog.placeholders(in: onto)
        #expect(Set(names) == key.placeholders.union(["road"]), "\(code).\(key) onto")
        #expect(names.count == Set(names).count, "\(code).\(key) repeats a placeholder")
      } else {
        #expect(phrase.onto == nil, "\(code).\(key) must not name a road")
      }
      if let after = phrase.afterPrefix {
        #expect(PhraseCatalog.placeholders(in: phrase.plain).isEmpty)
        #expect(PhraseCatalog.placeholders(in: after).isEmpty)
      }
      if catalog.lowercasesAfterPrefix && phrase.afterPrefix == nil {
        // Lowercasing the first letter must never hit a substituted name.
        #expect(!phrase.plain.hasPrefix("{") && !(phrase.onto ?? "").hasPrefix("{"))
      }
    }
    #expect(Set(catalog.phrases.keys) == Set(PhraseKey.allCases))
  }

  @Test(arguments: PhraseCatalog.all.map(\.code))
  func catalogTemplatesUseOnlyTheirPlaceholders(code: String) throws {
    let c = try #require(PhraseCatalog.all.first { $0.code == code })
    func check(_ template: String, _ allowed: Set<String>, _ what: String) {
      let names = PhraseCatalog.placeholders(in: template)
      #expect(Set(names) == allowed, "\(code) \(what): \(template)")
      #expect(template.filter { $0 == "{" }.count == names.count, "\(code) \(what) braces")
    }
    check(c.inDistance, ["distance", "instruction"], "inDistance")
    check(c.then, ["first", "second"], "then")
    check(c.continueFor, ["distance"], "continueFor")
    var counted: [PhraseCatalog.PluralForms] = [
      c.metric.metres, c.metric.kilometres, c.ordinalDigits,
    ]
    if let m = c.metricAfterPreposition { counted += [m.metres, m.kilometres] }
    for i in [c.imperial] + (c.imperialAfterPreposition.map { [$0] } ?? []) {
      counted += [i.feet, i.miles]
      for fixed in [i.quarterMile, i.halfMile, i.threeQuartersMile] { check(fixed, [], "fraction") }
    }
    for forms in counted {
      for t in [forms.one, forms.two, forms.few, forms.many, forms.other].compactMap({ $0 }) {
        check(t, ["number"], "plural form")
      }
    }
    for t in [c.display.metres, c.display.kilometres, c.display.feet, c.display.miles] {
      check(t, ["number"], "display")
    }
    #expect(c.directions.count == 8)
    #expect(c.ordinals.count >= 10)
    for word in c.directions + c.ordinals { check(word, [], "word") }
  }

  @Test func fillIsSinglePass() {
    #expect(PhraseCatalog.fill("A {road} B {x}", ["road": "{x}", "x": "y"]) == "A {x} B y")
    #expect(PhraseCatalog.fill("{missing}", [:]) == "{missing}")
  }
}

@Suite struct PhrasebookTests {
  static let modifiers: [Maneuver.Modifier?] = [nil] + Maneuver.Modifier.allCases.map { $0 }

  @Test(arguments: Phrasebook.supportedLanguages)
  func everyManeuverGivesAPhrase(language: String) {
    let phrases = book(language)
    for kind in Maneuver.Kind.allCases {
      for modifier in Self.modifiers {
        for exit in [nil, 2, 14] as [Int?] {
          for (name, ref) in [("Mannerheimintie", nil), ("", "E12"), ("", nil)]
            as [(String, String?)]
          {
            let s = step(kind, modifier, exit: exit, name: name, ref: ref, bearingAfter: 100)
            let texts = [
              phrases.instruction(for: s), phrases.depart(for: s), phrases.arrival(for: s),
              phrases.arrived(for: s),
            ]
            for text in texts + texts.map({ phrases.inDistance(250, $0) })
              + [phrases.then(texts[0], texts[2])]
            {
              #expect(!text.isEmpty)
              #expect(!text.contains("{") && !text.contains("}"), "\(language): \(text)")
            }
            let instruction = texts[0]
            if kind != .arrive, let road = name.isEmpty ? ref : name {
              #expect(
                instruction.contains(road),
                "\(language) \(kind) \(String(describing: modifier)): \(instruction)")
            }
          }
        }
      }
    }
  }

  @Test(
    arguments: [
      (
        Maneuver.Kind.turn, Maneuver.Modifier?.some(.left), nil as Int?, "Pohjoisesplanadi",
        nil as String?, "Turn left onto Pohjoisesplanadi"
      ),
      (.turn, .right, nil, "", nil, "Turn right"),
      (.turn, .slightLeft, nil, "Mannerheimintie", nil, "Turn slightly left onto Mannerheimintie"),
      (.turn, .sharpRight, nil, "", "E12", "Turn sharp right onto E12"),
      (.turn, .uTurn, nil, "", nil, "Make a U-turn"),
      (.turn, .straight, nil, "", nil, "Go straight ahead"),
      (.continue, .uTurn, nil, "", nil, "Make a U-turn"),
      (.continue, nil, nil, "", nil, "Continue straight"),
      (.continue, .straight, nil, "Aleksanterinkatu", nil, "Continue onto Aleksanterinkatu"),
      (.newName, .straight, nil, "Aleksanterinkatu", nil, "Continue onto Aleksanterinkatu"),
      (.continue, .slightLeft, nil, "", nil, "Keep left"),
      (
        .endOfRoad, .right, nil, "Asema-aukio", nil,
        "At the end of the road, turn right onto Asema-aukio"
      ),
      (
        .roundabout, .right, 2, "Hämeentie", nil,
        "Enter the roundabout and take the second exit onto Hämeentie"
      ),
      (.rotary, nil, 3, "", nil, "Enter the roundabout and take the third exit"),
      (.roundabout, nil, nil, "", nil, "Enter the roundabout"),
      (.roundabout, nil, nil, "Hämeentie", nil, "Enter the roundabout and exit onto Hämeentie"),
      (.roundaboutTurn, .left, nil, "", nil, "At the roundabout, turn left"),
      (.exitRoundabout, .right, nil, "Hämeentie", nil, "Exit the roundabout onto Hämeentie"),
      (.exitRotary, nil, nil, "", nil, "Exit the roundabout"),
      (.fork, .slightLeft, nil, "", nil, "Keep left at the fork"),
      (.fork, .right, nil, "", "Kehä I", "Keep right at the fork onto Kehä I"),
      (.offRamp, .slightRight, nil, "", nil, "Take the exit on the right"),
      (.offRamp, nil, nil, "", "E18", "Take the exit onto E18"),
      (.onRamp, .left, nil, "", "E75", "Take the ramp on the left onto E75"),
      (.merge, .slightLeft, nil, "Itäväylä", nil, "Merge left onto Itäväylä"),
      (.merge, nil, nil, "", nil, "Merge"),
      (.notification, .straight, nil, "Itäväylä", nil, "Continue onto Itäväylä"),
      (.enterFerry, nil, nil, "", nil, "Take the ferry"),
      (.exitFerry, nil, nil, "", nil, "Leave the ferry"),
      (.exitFerry, nil, nil, "Satamakatu", nil, "Leave the ferry and continue onto Satamakatu"),
    ] as [(Maneuver.Kind, Maneuver.Modifier?, Int?, String, String?, String)])
  func englishInstructions(
    kind: Maneuver.Kind, modifier: Maneuver.Modifier?, exit: Int?, name: String, ref: String?,
    expected: String
  ) {
    #expect(
      book("en").instruction(for: step(kind, modifier, exit: exit, name: name, ref: ref))
        == expected)
  }

  @Test func englishDepartArriveAndJoins() {
    let en = book("en-GB")
    #expect(
      en.depart(for: step(.depart, name: "Fabianinkatu", bearingAfter: 2))
        == "Head north on Fabianinkatu")
    #expect(en.depart(for: step(.depart, bearingAfter: 350)) == "Head north")
    #expect(en.depart(for: step(.depart, bearingAfter: 135)) == "Head southeast")
    #expect(en.depart(for: step(.depart, bearingAfter: -90)) == "Head west")
    #expect(en.depart(for: step(.depart, bearingAfter: 292.4)) == "Head west")
    #expect(en.depart(for: step(.depart, bearingAfter: 292.6)) == "Head northwest")
    #expect(
      en.instruction(for: step(.depart, name: "Fabianinkatu", bearingAfter: 90))
        == "Head east on Fabianinkatu")
    #expect(en.arrival(for: step(.arrive)) == "Your destination is ahead")
    #expect(en.arrival(for: step(.arrive, .left)) == "Your destination is ahead, on the left")
    #expect(
      en.arrival(for: step(.arrive, .slightRight)) == "Your destination is ahead, on the right")
    #expect(en.instruction(for: step(.arrive, .right)) == "Your destination is ahead, on the right")
    #expect(en.arrived(for: step(.arrive)) == "You have arrived at your destination")
    #expect(
      en.arrived(for: step(.arrive, .left)) == "You have arrived at your destination, on the left")
    #expect(en.inDistance(300, "Turn left onto X") == "In 300 metres, turn left onto X")
    #expect(
      en.inDistance(1500, "Your destination is ahead")
        == "In 1.5 kilometres, your destination is ahead")
    #expect(en.then("Turn right", "Make a U-turn") == "Turn right, then make a U-turn")
    #expect(en.continueFor(2000) == "Continue for 2 kilometres")
    #expect(en.continueFor(1000) == "Continue for 1 kilometre")
    let imperial = book("en-US", .imperial)
    #expect(imperial.inDistance(800, "Turn left") == "In half a mile, turn left")
    #expect(imperial.continueFor(3200) == "Continue for 2 miles")
  }

  @Test func englishOrdinals() {
    let en = book("en")
    #expect(
      (1...10).map(en.ordinal) == [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
      ])
    #expect(
      [11, 12, 13, 19, 21, 22, 23, 101, 111].map(en.ordinal) == [
        "11th", "12th", "13th", "19th", "21st", "22nd", "23rd", "101st", "111th",
      ])
    #expect(
      en.instruction(for: step(.roundabout, exit: 12))
        == "Enter the roundabout and take the 12th exit")
  }

  @Test func otherLanguageOrdinals() {
    #expect(book("de").ordinal(3) == "dritte")
    #expect(book("de").ordinal(12) == "12.")
    #expect(book("it").ordinal(2) == "seconda")
    #expect(book("it").ordinal(11) == "11ª")
    #expect(book("es").ordinal(7) == "séptima")
    #expect(book("es").ordinal(11) == "11.ª")
    #expect(book("ru").ordinal(4) == "четвёртый")
    #expect(book("ru").ordinal(15) == "15-й")
    #expect(book("zh").ordinal(2) == "第二个")
    #expect(book("zh").ordinal(11) == "第11个")
  }

  @Test(
    arguments: [
      (-5.0, "10 metres"), (0, "10 metres"), (4, "10 metres"), (14, "10 metres"),
      (15, "20 metres"), (44, "40 metres"), (46, "50 metres"), (94, "90 metres"),
      (96, "100 metres"), (124, "100 metres"), (126, "150 metres"), (149, "150 metres"),
      (260, "250 metres"), (280, "300 metres"), (349, "300 metres"), (351, "400 metres"),
      (949, "900 metres"), (950, "1 kilometre"), (960, "1 kilometre"), (1049, "1 kilometre"),
      (1050, "1.1 kilometres"), (1450, "1.5 kilometres"), (2000, "2 kilometres"),
      (2040, "2 kilometres"), (9949, "9.9 kilometres"), (9960, "10 kilometres"),
      (12_400, "12 kilometres"), (123_600, "124 kilometres"), (.nan, "10 metres"),
    ] as [(Double, String)])
  func metricRounding(metres: Double, expected: String) {
    #expect(book("en").spokenDistance(metres) == expected)
  }

  @Test(
    arguments: [
      (4.0, "10 m"), (260, "250 m"), (349, "300 m"), (960, "1 km"), (1240, "1.2 km"),
      (15_000, "15 km"),
    ] as [(Double, String)])
  func metricDisplay(metres: Double, expected: String) {
    #expect(book("en").displayDistance(metres) == expected)
  }

  @Test(
    arguments: [
      (0.0, "50 feet"), (20, "50 feet"), (30, "100 feet"), (100, "350 feet"),
      (140, "450 feet"), (150, "500 feet"), (160, "500 feet"), (191, "600 feet"),
      (300, "1000 feet"), (320, "1000 feet"), (321, "0.2 miles"), (360, "0.2 miles"),
      (365, "a quarter mile"), (400, "a quarter mile"), (443, "0.3 miles"), (500, "0.3 miles"),
      (700, "0.4 miles"), (800, "half a mile"), (1000, "0.6 miles"),
      (1200, "three quarters of a mile"), (1300, "0.8 miles"), (1450, "0.9 miles"),
      (1580, "1 mile"), (1700, "1.1 miles"), (2414, "1.5 miles"), (3219, "2 miles"),
      (16_100, "10 miles"), (40_000, "25 miles"),
    ] as [(Double, String)])
  func imperialRounding(metres: Double, expected: String) {
    #expect(book("en-US", .imperial).spokenDistance(metres) == expected)
  }

  @Test(
    arguments: [
      (100.0, "350 ft"), (152, "500 ft"), (191, "600 ft"), (321, "0.2 mi"), (400, "0.2 mi"),
      (483, "0.3 mi"), (800, "0.5 mi"), (1931, "1.2 mi"), (1609, "1 mi"), (20_000, "12 mi"),
    ] as [(Double, String)])
  func imperialDisplay(metres: Double, expected: String) {
    #expect(book("en", .imperial).displayDistance(metres) == expected)
  }

  @Test func languageCodesNormalise() {
    for (code, expected) in [
      ("en", "en"), ("EN-us", "en"), ("en_GB", "en"), ("it-IT", "it"), ("es", "es"),
      ("ru-RU", "ru"), ("zh", "zh"), ("zh_CN", "zh"), ("cmn", "zh"), ("de-DE", "de"),
    ] {
      #expect(book(code).language == expected)
    }
  }

  @Test func unknownLanguageIsUnsupported() {
    #expect(
      throws: NavigationError(
        .unsupported, "unknown language 'xx' (expected one of: de, en, es, it, ru, zh)")
    ) {
      try Phrasebook(language: "xx")
    }
    #expect(throws: NavigationError.self) { try Phrasebook(language: "") }
  }

  @Test func imperialInEveryLanguage() throws {
    for code in ["de", "en", "en-US", "it-IT", "es", "ru", "zh-CN"] {
      #expect(try Phrasebook(language: code, units: .imperial).units == .imperial)
    }
    let de = book("de", .imperial)
    #expect(de.inDistance(150, "Links abbiegen") == "In 500 Fuß links abbiegen")
    #expect(de.inDistance(400, "Links abbiegen") == "In einer Viertelmeile links abbiegen")
    #expect(de.inDistance(800, "Links abbiegen") == "In einer halben Meile links abbiegen")
    #expect(de.inDistance(1200, "Links abbiegen") == "In einer Dreiviertelmeile links abbiegen")
    #expect(de.inDistance(5000, "Links abbiegen") == "In 3,1 Meilen links abbiegen")
    #expect(de.continueFor(400) == "Dem Straßenverlauf eine Viertelmeile folgen")
    #expect(de.displayDistance(5000) == "3,1 mi")
    let ru = book("ru", .imperial)
    #expect(ru.inDistance(1609, "Поверните налево") == "Через 1 милю поверните налево")
    #expect(ru.inDistance(800, "Поверните налево") == "Через полмили поверните налево")
    #expect(ru.inDistance(5000, "Поверните налево") == "Через 3,1 мили поверните налево")
    #expect(ru.inDistance(150, "Поверните налево") == "Через 500 футов поверните налево")
    #expect(ru.continueFor(32_187) == "Продолжайте движение 20 миль")
    #expect(
      book("es", .imperial).inDistance(800, "Gira a la izquierda")
        == "En media milla, gira a la izquierda")
    #expect(
      book("it", .imperial).inDistance(1609, "Svolta a sinistra")
        == "Tra 1 miglio svolta a sinistra")
    #expect(book("zh", .imperial).inDistance(400, "左转") == "前方四分之一英里左转")
    #expect(book("zh", .imperial).displayDistance(100) == "350英尺")
  }

  @Test("the distance said is exposed with its words, within 25 % or 30 m")
  func distanceSaid() {
    let en = book("en", .imperial)
    #expect(en.distanceSaid(191) == SpokenDistance(words: "600 feet", metres: 600 * 0.3048))
    #expect(en.distanceSaid(400) == SpokenDistance(words: "a quarter mile", metres: 402.336))
    #expect(en.distanceSaid(500).words == "0.3 miles")
    #expect(abs(en.distanceSaid(500).metres - 482.8032) < 1e-9)
    let de = book("de")
    #expect(de.distanceSaid(300) == SpokenDistance(words: "300 Meter", metres: 300))
    #expect(
      de.distanceSaid(300, afterPreposition: true)
        == SpokenDistance(words: "300 Metern", metres: 300))
    #expect(de.distanceSaid(1450).metres == 1500)
  }
}
