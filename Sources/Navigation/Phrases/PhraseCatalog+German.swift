extension PhraseCatalog {
  /// German in the short infinitive style of navigation voices ("Links abbiegen auf
  /// Mannerheimintie", "In 300 Metern links abbiegen"). Every maneuver starts with a word
  /// that may be lowercased after a prefix; the arrival phrases, which start with "Ihr"
  /// or "Sie", carry verb-second forms for use after a prefix.
  static let german = PhraseCatalog(
    code: "de",
    phrases: [
      .turnLeft: Phrase("Links abbiegen", onto: "Links abbiegen auf {road}"),
      .turnRight: Phrase("Rechts abbiegen", onto: "Rechts abbiegen auf {road}"),
      .turnSlightLeft: Phrase("Leicht links abbiegen", onto: "Leicht links abbiegen auf {road}"),
      .turnSlightRight: Phrase(
        "Leicht rechts abbiegen", onto: "Leicht rechts abbiegen auf {road}"),
      .turnSharpLeft: Phrase("Scharf links abbiegen", onto: "Scharf links abbiegen auf {road}"),
      .turnSharpRight: Phrase(
        "Scharf rechts abbiegen", onto: "Scharf rechts abbiegen auf {road}"),
      .turnStraight: Phrase("Geradeaus fahren", onto: "Geradeaus fahren auf {road}"),
      .uTurn: Phrase("Bitte wenden", onto: "Bitte wenden und weiterfahren auf {road}"),
      .continue: Phrase("Geradeaus weiterfahren", onto: "Weiterfahren auf {road}"),
      .continueLeft: Phrase("Links weiterfahren", onto: "Links weiterfahren auf {road}"),
      .continueRight: Phrase("Rechts weiterfahren", onto: "Rechts weiterfahren auf {road}"),
      .continueSlightLeft: Phrase("Links halten", onto: "Links halten auf {road}"),
      .continueSlightRight: Phrase("Rechts halten", onto: "Rechts halten auf {road}"),
      .merge: Phrase("Einfädeln", onto: "Einfädeln auf {road}"),
      .mergeLeft: Phrase("Links einfädeln", onto: "Links einfädeln auf {road}"),
      .mergeRight: Phrase("Rechts einfädeln", onto: "Rechts einfädeln auf {road}"),
      .onRamp: Phrase(
        "Die Auffahrt nehmen", onto: "Die Auffahrt auf {road} nehmen",
        towards: "Die Auffahrt Richtung {towards} nehmen"),
      .onRampLeft: Phrase(
        "Links die Auffahrt nehmen", onto: "Links die Auffahrt auf {road} nehmen",
        towards: "Links die Auffahrt Richtung {towards} nehmen"),
      .onRampRight: Phrase(
        "Rechts die Auffahrt nehmen", onto: "Rechts die Auffahrt auf {road} nehmen",
        towards: "Rechts die Auffahrt Richtung {towards} nehmen"),
      .offRamp: Phrase(
        "Die Ausfahrt nehmen", onto: "Die Ausfahrt Richtung {road} nehmen",
        towards: "Die Ausfahrt Richtung {towards} nehmen", exit: "Die Ausfahrt {exit} nehmen",
        exitTowards: "Die Ausfahrt {exit} Richtung {towards} nehmen"),
      .offRampLeft: Phrase(
        "Links die Ausfahrt nehmen", onto: "Links die Ausfahrt Richtung {road} nehmen",
        towards: "Links die Ausfahrt Richtung {towards} nehmen",
        exit: "Links die Ausfahrt {exit} nehmen",
        exitTowards: "Links die Ausfahrt {exit} Richtung {towards} nehmen"),
      .offRampRight: Phrase(
        "Rechts die Ausfahrt nehmen", onto: "Rechts die Ausfahrt Richtung {road} nehmen",
        towards: "Rechts die Ausfahrt Richtung {towards} nehmen",
        exit: "Rechts die Ausfahrt {exit} nehmen",
        exitTowards: "Rechts die Ausfahrt {exit} Richtung {towards} nehmen"),
      .forkLeft: Phrase(
        "An der Gabelung links halten", onto: "An der Gabelung links halten Richtung {road}",
        towards: "An der Gabelung links halten Richtung {towards}"),
      .forkRight: Phrase(
        "An der Gabelung rechts halten", onto: "An der Gabelung rechts halten Richtung {road}",
        towards: "An der Gabelung rechts halten Richtung {towards}"),
      .forkStraight: Phrase(
        "An der Gabelung geradeaus weiterfahren",
        onto: "An der Gabelung geradeaus weiterfahren Richtung {road}",
        towards: "An der Gabelung geradeaus weiterfahren Richtung {towards}"),
      .endOfRoadLeft: Phrase(
        "Am Ende der Straße links abbiegen",
        onto: "Am Ende der Straße links abbiegen auf {road}"),
      .endOfRoadRight: Phrase(
        "Am Ende der Straße rechts abbiegen",
        onto: "Am Ende der Straße rechts abbiegen auf {road}"),
      .endOfRoadStraight: Phrase(
        "Am Ende der Straße geradeaus weiterfahren",
        onto: "Am Ende der Straße geradeaus weiterfahren auf {road}"),
      .roundaboutExit: Phrase(
        "Im Kreisverkehr die {ordinal} Ausfahrt nehmen",
        onto: "Im Kreisverkehr die {ordinal} Ausfahrt nehmen auf {road}"),
      .roundaboutEnter: Phrase(
        "In den Kreisverkehr einfahren",
        onto: "In den Kreisverkehr einfahren und auf {road} ausfahren"),
      .roundaboutTurnLeft: Phrase(
        "Im Kreisverkehr links abbiegen", onto: "Im Kreisverkehr links abbiegen auf {road}"),
      .roundaboutTurnRight: Phrase(
        "Im Kreisverkehr rechts abbiegen", onto: "Im Kreisverkehr rechts abbiegen auf {road}"),
      .roundaboutTurnStraight: Phrase(
        "Im Kreisverkehr geradeaus weiterfahren",
        onto: "Im Kreisverkehr geradeaus weiterfahren auf {road}"),
      .roundaboutUTurn: Phrase(
        "Im Kreisverkehr wenden", onto: "Im Kreisverkehr wenden und weiterfahren auf {road}"),
      .exitRoundabout: Phrase(
        "Den Kreisverkehr verlassen", onto: "Den Kreisverkehr verlassen auf {road}"),
      .enterFerry: Phrase("Die Fähre nehmen", onto: "Die Fähre {road} nehmen"),
      .exitFerry: Phrase(
        "Die Fähre verlassen", onto: "Die Fähre verlassen und weiterfahren auf {road}"),
      .depart: Phrase("Nach {direction} fahren", onto: "Auf {road} nach {direction} fahren"),
      .arrive: Phrase(
        "Ihr Ziel befindet sich vor Ihnen", afterPrefix: "erreichen Sie Ihr Ziel"),
      .arriveLeft: Phrase(
        "Ihr Ziel befindet sich auf der linken Seite",
        afterPrefix: "befindet sich Ihr Ziel auf der linken Seite"),
      .arriveRight: Phrase(
        "Ihr Ziel befindet sich auf der rechten Seite",
        afterPrefix: "befindet sich Ihr Ziel auf der rechten Seite"),
      .arrived: Phrase(
        "Sie haben Ihr Ziel erreicht", afterPrefix: "haben Sie Ihr Ziel erreicht"),
      .arrivedLeft: Phrase(
        "Sie haben Ihr Ziel erreicht, es befindet sich auf der linken Seite",
        afterPrefix: "haben Sie Ihr Ziel erreicht, es befindet sich auf der linken Seite"),
      .arrivedRight: Phrase(
        "Sie haben Ihr Ziel erreicht, es befindet sich auf der rechten Seite",
        afterPrefix: "haben Sie Ihr Ziel erreicht, es befindet sich auf der rechten Seite"),
    ],
    inDistance: "In {distance} {instruction}",
    then: "{first}, dann {second}",
    continueFor: "Dem Straßenverlauf {distance} folgen",
    both: "{first} und {second}",
    referenceForms: [
      "auf {road}": "auf die {road}", "weiterfahren auf {road}": "weiterfahren auf der {road}",
      "Weiterfahren auf {road}": "Weiterfahren auf der {road}", "Auf {road}": "Auf der {road}",
    ],
    lowercasesAfterPrefix: true,
    directions: [
      "Norden", "Nordosten", "Osten", "Südosten", "Süden", "Südwesten", "Westen", "Nordwesten",
    ],
    ordinals: [
      "erste", "zweite", "dritte", "vierte", "fünfte", "sechste", "siebte", "achte", "neunte",
      "zehnte",
    ],
    ordinalDigits: PluralForms(other: "{number}."),
    ordinalRule: .invariant,
    pluralRule: .oneOther,
    decimalSeparator: ",",
    metric: MetricWords(
      metres: PluralForms(other: "{number} Meter"),
      kilometres: PluralForms(other: "{number} Kilometer")),
    metricAfterPreposition: MetricWords(
      metres: PluralForms(one: "{number} Meter", other: "{number} Metern"),
      kilometres: PluralForms(one: "{number} Kilometer", other: "{number} Kilometern")),
    imperial: ImperialWords(
      feet: PluralForms(other: "{number} Fuß"),
      miles: PluralForms(one: "{number} Meile", other: "{number} Meilen"),
      quarterMile: "eine Viertelmeile", halfMile: "eine halbe Meile",
      threeQuartersMile: "eine Dreiviertelmeile"),
    imperialAfterPreposition: ImperialWords(
      feet: PluralForms(other: "{number} Fuß"),
      miles: PluralForms(one: "{number} Meile", other: "{number} Meilen"),
      quarterMile: "einer Viertelmeile", halfMile: "einer halben Meile",
      threeQuartersMile: "einer Dreiviertelmeile"),
    display: DisplayUnits(
      metres: "{number} m", kilometres: "{number} km", feet: "{number} ft",
      miles: "{number} mi")
  )
}
