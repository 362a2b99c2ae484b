extension PhraseCatalog {
  /// Spanish (Spain), informal imperative ("En 300 metros, gira a la izquierda hacia
  /// Gran Vía"). Ordinals are feminine to agree with "salida".
  static let spanish = PhraseCatalog(
    code: "es",
    phrases: [
      .turnLeft: Phrase("Gira a la izquierda", onto: "Gira a la izquierda hacia {road}"),
      .turnRight: Phrase("Gira a la derecha", onto: "Gira a la derecha hacia {road}"),
      .turnSlightLeft: Phrase(
        "Gira ligeramente a la izquierda", onto: "Gira ligeramente a la izquierda hacia {road}"),
      .turnSlightRight: Phrase(
        "Gira ligeramente a la derecha", onto: "Gira ligeramente a la derecha hacia {road}"),
      .turnSharpLeft: Phrase(
        "Gira bruscamente a la izquierda", onto: "Gira bruscamente a la izquierda hacia {road}"),
      .turnSharpRight: Phrase(
        "Gira bruscamente a la derecha", onto: "Gira bruscamente a la derecha hacia {road}"),
      .turnStraight: Phrase("Sigue recto", onto: "Sigue recto hacia {road}"),
      .uTurn: Phrase("Cambia de sentido", onto: "Cambia de sentido hacia {road}"),
      .continue: Phrase("Sigue recto", onto: "Continúa por {road}"),
      .continueLeft: Phrase("Continúa a la izquierda", onto: "Continúa a la izquierda por {road}"),
      .continueRight: Phrase("Continúa a la derecha", onto: "Continúa a la derecha por {road}"),
      .continueSlightLeft: Phrase(
        "Mantente a la izquierda", onto: "Mantente a la izquierda por {road}"),
      .continueSlightRight: Phrase(
        "Mantente a la derecha", onto: "Mantente a la derecha por {road}"),
      .merge: Phrase("Incorpórate", onto: "Incorpórate a {road}"),
      .mergeLeft: Phrase(
        "Incorpórate por la izquierda", onto: "Incorpórate por la izquierda a {road}"),
      .mergeRight: Phrase(
        "Incorpórate por la derecha", onto: "Incorpórate por la derecha a {road}"),
      .onRamp: Phrase(
        "Toma la vía de acceso", onto: "Toma la vía de acceso a {road}",
        towards: "Toma la vía de acceso en dirección a {towards}"),
      .onRampLeft: Phrase(
        "Toma la vía de acceso de la izquierda",
        onto: "Toma la vía de acceso de la izquierda hacia {road}",
        towards: "Toma la vía de acceso de la izquierda en dirección a {towards}"),
      .onRampRight: Phrase(
        "Toma la vía de acceso de la derecha",
        onto: "Toma la vía de acceso de la derecha hacia {road}",
        towards: "Toma la vía de acceso de la derecha en dirección a {towards}"),
      .offRamp: Phrase(
        "Toma la salida", onto: "Toma la salida hacia {road}",
        towards: "Toma la salida en dirección a {towards}", exit: "Toma la salida {exit}",
        exitTowards: "Toma la salida {exit} en dirección a {towards}"),
      .offRampLeft: Phrase(
        "Toma la salida de la izquierda", onto: "Toma la salida de la izquierda hacia {road}",
        towards: "Toma la salida de la izquierda en dirección a {towards}",
        exit: "Toma la salida {exit} de la izquierda",
        exitTowards: "Toma la salida {exit} de la izquierda en dirección a {towards}"),
      .offRampRight: Phrase(
        "Toma la salida de la derecha", onto: "Toma la salida de la derecha hacia {road}",
        towards: "Toma la salida de la derecha en dirección a {towards}",
        exit: "Toma la salida {exit} de la derecha",
        exitTowards: "Toma la salida {exit} de la derecha en dirección a {towards}"),
      .forkLeft: Phrase(
        "En la bifurcación, mantente a la izquierda",
        onto: "En la bifurcación, mantente a la izquierda hacia {road}",
        towards: "En la bifurcación, mantente a la izquierda en dirección a {towards}"),
      .forkRight: Phrase(
        "En la bifurcación, mantente a la derecha",
        onto: "En la bifurcación, mantente a la derecha hacia {road}",
        towards: "En la bifurcación, mantente a la derecha en dirección a {towards}"),
      .forkStraight: Phrase(
        "En la bifurcación, sigue recto", onto: "En la bifurcación, sigue recto hacia {road}",
        towards: "En la bifurcación, sigue recto en dirección a {towards}"),
      .endOfRoadLeft: Phrase(
        "Al final de la calle, gira a la izquierda",
        onto: "Al final de la calle, gira a la izquierda hacia {road}"),
      .endOfRoadRight: Phrase(
        "Al final de la calle, gira a la derecha",
        onto: "Al final de la calle, gira a la derecha hacia {road}"),
      .endOfRoadStraight: Phrase(
        "Al final de la calle, sigue recto", onto: "Al final de la calle, sigue recto por {road}"),
      .roundaboutExit: Phrase(
        "En la rotonda, toma la {ordinal} salida",
        onto: "En la rotonda, toma la {ordinal} salida hacia {road}"),
      .roundaboutEnter: Phrase(
        "Entra en la rotonda", onto: "Entra en la rotonda y sal hacia {road}"),
      .roundaboutTurnLeft: Phrase(
        "En la rotonda, gira a la izquierda",
        onto: "En la rotonda, gira a la izquierda hacia {road}"),
      .roundaboutTurnRight: Phrase(
        "En la rotonda, gira a la derecha", onto: "En la rotonda, gira a la derecha hacia {road}"),
      .roundaboutTurnStraight: Phrase(
        "En la rotonda, sigue recto", onto: "En la rotonda, sigue recto por {road}"),
      .roundaboutUTurn: Phrase(
        "En la rotonda, cambia de sentido",
        onto: "En la rotonda, cambia de sentido hacia {road}"),
      .exitRoundabout: Phrase("Sal de la rotonda", onto: "Sal de la rotonda hacia {road}"),
      .enterFerry: Phrase("Toma el ferry", onto: "Toma el ferry {road}"),
      .exitFerry: Phrase("Sal del ferry", onto: "Sal del ferry y continúa por {road}"),
      .depart: Phrase("Dirígete al {direction}", onto: "Dirígete al {direction} por {road}"),
      .arrive: Phrase("Tu destino está delante", afterPrefix: "llegarás a tu destino"),
      .arriveLeft: Phrase(
        "Tu destino está a la izquierda", afterPrefix: "tu destino estará a la izquierda"),
      .arriveRight: Phrase(
        "Tu destino está a la derecha", afterPrefix: "tu destino estará a la derecha"),
      .arrived: Phrase("Has llegado a tu destino"),
      .arrivedLeft: Phrase("Has llegado a tu destino, a la izquierda"),
      .arrivedRight: Phrase("Has llegado a tu destino, a la derecha"),
    ],
    inDistance: "En {distance}, {instruction}",
    then: "{first} y luego {second}",
    continueFor: "Continúa durante {distance}",
    both: "{first} y {second}",
    referenceForms: [
      "hacia {road}": "hacia la {road}", "por {road}": "por la {road}", "a {road}": "a la {road}",
    ],
    lowercasesAfterPrefix: true,
    directions: ["norte", "noreste", "este", "sureste", "sur", "suroeste", "oeste", "noroeste"],
    ordinals: [
      "primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima", "octava",
      "novena", "décima",
    ],
    ordinalDigits: PluralForms(other: "{number}.ª"),
    ordinalRule: .invariant,
    pluralRule: .oneOther,
    decimalSeparator: ",",
    metric: MetricWords(
      metres: PluralForms(one: "{number} metro", other: "{number} metros"),
      kilometres: PluralForms(one: "{number} kilómetro", other: "{number} kilómetros")),
    imperial: ImperialWords(
      feet: PluralForms(one: "{number} pie", other: "{number} pies"),
      miles: PluralForms(one: "{number} milla", other: "{number} millas"),
      quarterMile: "un cuarto de milla", halfMile: "media milla",
      threeQuartersMile: "tres cuartos de milla"),
    display: DisplayUnits(
      metres: "{number} m", kilometres: "{number} km", feet: "{number} ft",
      miles: "{number} mi")
  )
}
