import Testing

@testable import Navigation

/// A step of `kind`/`modifier` with a signpost.
func signedStep(
  _ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier?, exits: [String] = [],
  refs: [String] = [], destinations: [String] = [], name: String = "", ref: String? = nil
) -> RouteStep {
  var s = step(kind, modifier, name: name, ref: ref)
  s.signpost = Signpost(exits: exits, refs: refs, destinations: destinations)
  return s
}

@Suite struct ReferencePhraseTests {
  /// The Finnish E18 as OSM and servers write it, in every language.
  @Test(
    arguments: [
      ("en", "Turn right onto E18"), ("de", "Rechts abbiegen auf die E18"),
      ("es", "Gira a la derecha hacia la E18"), ("it", "Svolta a destra sulla E18"),
      ("ru", "Поверните направо на E18"), ("zh", "右转，进入E18"),
    ])
  func turnOntoTheMainReference(language: String, expected: String) {
    #expect(book(language).instruction(for: step(.turn, .right, ref: "7; 15; E 18")) == expected)
  }

  @Test func eachLanguageNamesAReferenceItsWay() {
    let a9 = { (kind: Maneuver.Kind, modifier: Maneuver.Modifier?) in
      step(kind, modifier, ref: "A 9", bearingAfter: 180)
    }
    let de = book("de")
    #expect(de.instruction(for: a9(.continue, .straight)) == "Weiterfahren auf der A9")
    #expect(de.instruction(for: a9(.turn, .uTurn)) == "Bitte wenden und weiterfahren auf der A9")
    #expect(de.instruction(for: a9(.onRamp, .right)) == "Rechts die Auffahrt auf die A9 nehmen")
    #expect(de.instruction(for: a9(.offRamp, .right)) == "Rechts die Ausfahrt Richtung A9 nehmen")
    #expect(de.instruction(for: a9(.merge, .left)) == "Links einfädeln auf die A9")
    #expect(de.depart(for: a9(.depart, nil)) == "Auf der A9 nach Süden fahren")
    #expect(
      de.inDistance(500, de.instruction(for: a9(.turn, .left)))
        == "In 500 Metern links abbiegen auf die A9")
    // A street keeps its bare name.
    #expect(
      de.instruction(for: step(.turn, .right, name: "Mannerheimintie"))
        == "Rechts abbiegen auf Mannerheimintie")
    let es = book("es")
    #expect(es.instruction(for: a9(.continue, .straight)) == "Continúa por la A9")
    #expect(es.instruction(for: a9(.merge, nil)) == "Incorpórate a la A9")
    #expect(es.depart(for: a9(.depart, nil)) == "Dirígete al sur por la A9")
    let it = book("it")
    #expect(it.instruction(for: a9(.continue, .straight)) == "Prosegui sulla A9")
    #expect(it.instruction(for: a9(.onRamp, nil)) == "Prendi la rampa per la A9")
    #expect(it.instruction(for: a9(.exitRoundabout, nil)) == "Esci dalla rotonda e imbocca la A9")
    #expect(
      book("en").depart(for: step(.depart, nil, ref: "I 81", bearingAfter: 0))
        == "Head north on I-81")
  }

  @Test(arguments: Phrasebook.supportedLanguages)
  func everyReferenceFormKeepsTheRoad(language: String) throws {
    let catalog = try #require(PhraseCatalog.all.first { $0.code == language })
    for (piece, form) in catalog.referenceForms {
      #expect(PhraseCatalog.placeholders(in: piece) == ["road"], "\(language): \(piece)")
      #expect(PhraseCatalog.placeholders(in: form) == ["road"], "\(language): \(form)")
    }
  }
}

@Suite struct SignpostPhraseTests {
  @Test(
    arguments: [
      ("en", "Take exit 4 on the right towards Vaduz and Feldkirch"),
      ("de", "Rechts die Ausfahrt 4 Richtung Vaduz und Feldkirch nehmen"),
      ("es", "Toma la salida 4 de la derecha en dirección a Vaduz y Feldkirch"),
      ("it", "Prendi l'uscita 4 a destra verso Vaduz e Feldkirch"),
      ("ru", "Сверните на съезд 4 справа в направлении Vaduz и Feldkirch"),
      ("zh", "从右侧4号出口驶出，前往Vaduz、Feldkirch方向"),
    ])
  func exitNumberAndWhereItLeads(language: String, expected: String) {
    let s = signedStep(
      .offRamp, .right, exits: ["4"], refs: ["A 1", "A 10"],
      destinations: ["Vaduz", "Feldkirch", "Buchs"], ref: "A 13")
    #expect(book(language).instruction(for: s) == expected)
  }

  @Test func whatTheSignHasDecidesTheForm() {
    let en = book("en")
    #expect(en.instruction(for: signedStep(.offRamp, nil, exits: ["4"])) == "Take exit 4")
    #expect(
      en.instruction(for: signedStep(.offRamp, .left, exits: ["4"])) == "Take exit 4 on the left")
    #expect(
      en.instruction(for: signedStep(.offRamp, .right, destinations: ["Vaduz"]))
        == "Take the exit on the right towards Vaduz")
    #expect(
      en.instruction(for: signedStep(.offRamp, .right, refs: ["A 10"]))
        == "Take the exit on the right towards A10")
    #expect(
      en.instruction(for: signedStep(.onRamp, .left, exits: ["4"], destinations: ["Vaduz"]))
        == "Take the ramp on the left towards Vaduz")
    #expect(
      en.instruction(for: signedStep(.fork, .slightLeft, destinations: ["München", "Nürnberg"]))
        == "Keep left at the fork towards München and Nürnberg")
    // A sign with only an exit number where no phrase says one: the road as before.
    #expect(
      en.instruction(for: signedStep(.fork, .slightRight, exits: ["4"], ref: "A 9"))
        == "Keep right at the fork onto A9")
    // Other maneuvers never read a sign.
    #expect(
      en.instruction(for: signedStep(.turn, .right, destinations: ["Vaduz"], name: "Hauptstraße"))
        == "Turn right onto Hauptstraße")
    let de = book("de")
    #expect(
      de.inDistance(
        500,
        de.instruction(
          for: signedStep(.offRamp, .right, exits: ["40b"], destinations: ["Bindlacher Berg"])))
        == "In 500 Metern rechts die Ausfahrt 40b Richtung Bindlacher Berg nehmen")
    #expect(
      book("zh").instruction(for: signedStep(.offRamp, nil, exits: ["4"])) == "从4号出口驶出")
  }

  @Test(arguments: PhraseCatalog.all.map(\.code))
  func signedFormsHoldTheirPlaceholders(code: String) throws {
    let catalog = try #require(PhraseCatalog.all.first { $0.code == code })
    for key in PhraseKey.allCases {
      let phrase = try #require(catalog.phrases[key])
      func names(_ t: String?) -> Set<String>? { t.map { Set(PhraseCatalog.placeholders(in: $0)) } }
      #expect(names(phrase.towards) == (key.takesSignpost ? ["towards"] : nil), "\(code).\(key)")
      #expect(names(phrase.exit) == (key.takesExitNumber ? ["exit"] : nil), "\(code).\(key)")
      #expect(
        names(phrase.exitTowards) == (key.takesExitNumber ? ["exit", "towards"] : nil),
        "\(code).\(key)")
      for t in [phrase.towards, phrase.exit, phrase.exitTowards].compactMap({ $0 }) {
        #expect(!t.hasPrefix("{"), "\(code).\(key): lowercasing must not hit a name")
      }
    }
    #expect(Set(PhraseCatalog.placeholders(in: catalog.both)) == ["first", "second"])
  }

  @Test func plannerSpeaksTheSign() {
    let steps = [
      step(.depart, nil, ref: "A 13", bearingAfter: 180),
      signedStep(.offRamp, .right, exits: ["4"], destinations: ["Vaduz", "Feldkirch"]),
      step(.arrive, nil),
    ]
    var route = Route(
      legs: [RouteLeg(steps: steps, distance: 300, duration: 30)], distance: 300, duration: 30)
    route.legs[0].steps[0].geometry = [
      .init(latitude: 47.2, longitude: 9.5), .init(latitude: 47.199, longitude: 9.5),
    ]
    route.legs[0].steps[1].geometry = [
      .init(latitude: 47.199, longitude: 9.5), .init(latitude: 47.198, longitude: 9.5),
    ]
    route.legs[0].steps[2].geometry = [.init(latitude: 47.198, longitude: 9.5)]
    let planner = AnnouncementPlanner(route: GuidanceRoute(route), phrases: book("en"))
    #expect(planner.headline(for: 1) == "Take exit 4 on the right towards Vaduz and Feldkirch")
  }
}
