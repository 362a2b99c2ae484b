extension PhraseCatalog {
  /// Italian, informal imperative ("Tra 300 metri svolta a sinistra in Via Roma").
  /// Ordinals are feminine to agree with "uscita".
  static let italian = PhraseCatalog(
    code: "it",
    phrases: [
      .turnLeft: Phrase("Svolta a sinistra", onto: "Svolta a sinistra in {road}"),
      .turnRight: Phrase("Svolta a destra", onto: "Svolta a destra in {road}"),
      .turnSlightLeft: Phrase(
        "Svolta leggermente a sinistra", onto: "Svolta leggermente a sinistra in {road}"),
      .turnSlightRight: Phrase(
        "Svolta leggermente a destra", onto: "Svolta leggermente a destra in {road}"),
      .turnSharpLeft: Phrase(
        "Svolta decisamente a sinistra", onto: "Svolta decisamente a sinistra in {road}"),
      .turnSharpRight: Phrase(
        "Svolta decisamente a destra", onto: "Svolta decisamente a destra in {road}"),
      .turnStraight: Phrase("Prosegui dritto", onto: "Prosegui dritto su {road}"),
      .uTurn: Phrase("Fai inversione a U", onto: "Fai inversione a U e prosegui su {road}"),
      .continue: Phrase("Prosegui dritto", onto: "Prosegui su {road}"),
      .continueLeft: Phrase("Prosegui a sinistra", onto: "Prosegui a sinistra su {road}"),
      .continueRight: Phrase("Prosegui a destra", onto: "Prosegui a destra su {road}"),
      .continueSlightLeft: Phrase("Mantieni la sinistra", onto: "Mantieni la sinistra su {road}"),
      .continueSlightRight: Phrase("Mantieni la destra", onto: "Mantieni la destra su {road}"),
      .merge: Phrase("Immettiti nel traffico", onto: "Immettiti su {road}"),
      .mergeLeft: Phrase("Immettiti a sinistra", onto: "Immettiti a sinistra su {road}"),
      .mergeRight: Phrase("Immettiti a destra", onto: "Immettiti a destra su {road}"),
      .onRamp: Phrase(
        "Prendi la rampa", onto: "Prendi la rampa per {road}",
        towards: "Prendi la rampa verso {towards}"),
      .onRampLeft: Phrase(
        "Prendi la rampa a sinistra", onto: "Prendi la rampa a sinistra per {road}",
        towards: "Prendi la rampa a sinistra verso {towards}"),
      .onRampRight: Phrase(
        "Prendi la rampa a destra", onto: "Prendi la rampa a destra per {road}",
        towards: "Prendi la rampa a destra verso {towards}"),
      .offRamp: Phrase(
        "Prendi l'uscita", onto: "Prendi l'uscita per {road}",
        towards: "Prendi l'uscita verso {towards}", exit: "Prendi l'uscita {exit}",
        exitTowards: "Prendi l'uscita {exit} verso {towards}"),
      .offRampLeft: Phrase(
        "Prendi l'uscita a sinistra", onto: "Prendi l'uscita a sinistra per {road}",
        towards: "Prendi l'uscita a sinistra verso {towards}",
        exit: "Prendi l'uscita {exit} a sinistra",
        exitTowards: "Prendi l'uscita {exit} a sinistra verso {towards}"),
      .offRampRight: Phrase(
        "Prendi l'uscita a destra", onto: "Prendi l'uscita a destra per {road}",
        towards: "Prendi l'uscita a destra verso {towards}",
        exit: "Prendi l'uscita {exit} a destra",
        exitTowards: "Prendi l'uscita {exit} a destra verso {towards}"),
      .forkLeft: Phrase(
        "Al bivio mantieni la sinistra", onto: "Al bivio mantieni la sinistra verso {road}",
        towards: "Al bivio mantieni la sinistra verso {towards}"),
      .forkRight: Phrase(
        "Al bivio mantieni la destra", onto: "Al bivio mantieni la destra verso {road}",
        towards: "Al bivio mantieni la destra verso {towards}"),
      .forkStraight: Phrase(
        "Al bivio prosegui dritto", onto: "Al bivio prosegui dritto verso {road}",
        towards: "Al bivio prosegui dritto verso {towards}"),
      .endOfRoadLeft: Phrase(
        "Alla fine della strada svolta a sinistra",
        onto: "Alla fine della strada svolta a sinistra in {road}"),
      .endOfRoadRight: Phrase(
        "Alla fine della strada svolta a destra",
        onto: "Alla fine della strada svolta a destra in {road}"),
      .endOfRoadStraight: Phrase(
        "Alla fine della strada prosegui dritto",
        onto: "Alla fine della strada prosegui dritto su {road}"),
      .roundaboutExit: Phrase(
        "Alla rotonda prendi la {ordinal} uscita",
        onto: "Alla rotonda prendi la {ordinal} uscita e imbocca {road}"),
      .roundaboutEnter: Phrase(
        "Entra nella rotonda", onto: "Entra nella rotonda ed esci su {road}"),
      .roundaboutTurnLeft: Phrase(
        "Alla rotonda svolta a sinistra", onto: "Alla rotonda svolta a sinistra in {road}"),
      .roundaboutTurnRight: Phrase(
        "Alla rotonda svolta a destra", onto: "Alla rotonda svolta a destra in {road}"),
      .roundaboutTurnStraight: Phrase(
        "Alla rotonda prosegui dritto", onto: "Alla rotonda prosegui dritto su {road}"),
      .roundaboutUTurn: Phrase(
        "Alla rotonda fai inversione a U",
        onto: "Alla rotonda fai inversione a U e prosegui su {road}"),
      .exitRoundabout: Phrase("Esci dalla rotonda", onto: "Esci dalla rotonda e imbocca {road}"),
      .enterFerry: Phrase("Prendi il traghetto", onto: "Prendi il traghetto {road}"),
      .exitFerry: Phrase(
        "Scendi dal traghetto", onto: "Scendi dal traghetto e prosegui su {road}"),
      .depart: Phrase(
        "Procedi in direzione {direction}", onto: "Procedi in direzione {direction} su {road}"),
      .arrive: Phrase("La destinazione è davanti a te", afterPrefix: "arriverai a destinazione"),
      .arriveLeft: Phrase(
        "La destinazione è sulla sinistra", afterPrefix: "la destinazione sarà sulla sinistra"),
      .arriveRight: Phrase(
        "La destinazione è sulla destra", afterPrefix: "la destinazione sarà sulla destra"),
      .arrived: Phrase("Hai raggiunto la destinazione"),
      .arrivedLeft: Phrase("Hai raggiunto la destinazione, sulla sinistra"),
      .arrivedRight: Phrase("Hai raggiunto la destinazione, sulla destra"),
    ],
    inDistance: "Tra {distance} {instruction}",
    then: "{first}, poi {second}",
    continueFor: "Prosegui per {distance}",
    both: "{first} e {second}",
    referenceForms: [
      "in {road}": "sulla {road}", "su {road}": "sulla {road}", "per {road}": "per la {road}",
      "verso {road}": "verso la {road}", "imbocca {road}": "imbocca la {road}",
    ],
    lowercasesAfterPrefix: true,
    directions: ["nord", "nord-est", "est", "sud-est", "sud", "sud-ovest", "ovest", "nord-ovest"],
    ordinals: [
      "prima", "seconda", "terza", "quarta", "quinta", "sesta", "settima", "ottava", "nona",
      "decima",
    ],
    ordinalDigits: PluralForms(other: "{number}ª"),
    ordinalRule: .invariant,
    pluralRule: .oneOther,
    decimalSeparator: ",",
    metric: MetricWords(
      metres: PluralForms(one: "{number} metro", other: "{number} metri"),
      kilometres: PluralForms(one: "{number} chilometro", other: "{number} chilometri")),
    imperial: ImperialWords(
      feet: PluralForms(one: "{number} piede", other: "{number} piedi"),
      miles: PluralForms(one: "{number} miglio", other: "{number} miglia"),
      quarterMile: "un quarto di miglio", halfMile: "mezzo miglio",
      threeQuartersMile: "tre quarti di miglio"),
    display: DisplayUnits(
      metres: "{number} m", kilometres: "{number} km", feet: "{number} ft",
      miles: "{number} mi")
  )
}
