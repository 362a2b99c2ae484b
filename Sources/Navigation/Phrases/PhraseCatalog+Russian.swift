extension PhraseCatalog {
  /// Russian, polite imperative ("Через 300 метров поверните налево на Mannerheimintie").
  /// Ordinals are masculine accusative to agree with "на … съезд".
  static let russian = PhraseCatalog(
    code: "ru",
    phrases: [
      .turnLeft: Phrase("Поверните налево", onto: "Поверните налево на {road}"),
      .turnRight: Phrase("Поверните направо", onto: "Поверните направо на {road}"),
      .turnSlightLeft: Phrase(
        "Плавно поверните налево", onto: "Плавно поверните налево на {road}"),
      .turnSlightRight: Phrase(
        "Плавно поверните направо", onto: "Плавно поверните направо на {road}"),
      .turnSharpLeft: Phrase("Резко поверните налево", onto: "Резко поверните налево на {road}"),
      .turnSharpRight: Phrase(
        "Резко поверните направо", onto: "Резко поверните направо на {road}"),
      .turnStraight: Phrase("Двигайтесь прямо", onto: "Двигайтесь прямо на {road}"),
      .uTurn: Phrase("Развернитесь", onto: "Развернитесь и продолжайте движение по {road}"),
      .continue: Phrase("Продолжайте движение прямо", onto: "Продолжайте движение по {road}"),
      .continueLeft: Phrase(
        "Продолжайте движение налево", onto: "Продолжайте движение налево по {road}"),
      .continueRight: Phrase(
        "Продолжайте движение направо", onto: "Продолжайте движение направо по {road}"),
      .continueSlightLeft: Phrase("Держитесь левее", onto: "Держитесь левее, на {road}"),
      .continueSlightRight: Phrase("Держитесь правее", onto: "Держитесь правее, на {road}"),
      .merge: Phrase("Вливайтесь в поток", onto: "Вливайтесь в поток на {road}"),
      .mergeLeft: Phrase("Перестройтесь влево", onto: "Перестройтесь влево на {road}"),
      .mergeRight: Phrase("Перестройтесь вправо", onto: "Перестройтесь вправо на {road}"),
      .onRamp: Phrase(
        "Поверните на въезд", onto: "Поверните на въезд на {road}",
        towards: "Поверните на въезд в направлении {towards}"),
      .onRampLeft: Phrase(
        "Поверните на въезд слева", onto: "Поверните на въезд слева на {road}",
        towards: "Поверните на въезд слева в направлении {towards}"),
      .onRampRight: Phrase(
        "Поверните на въезд справа", onto: "Поверните на въезд справа на {road}",
        towards: "Поверните на въезд справа в направлении {towards}"),
      .offRamp: Phrase(
        "Сверните на съезд", onto: "Сверните на съезд на {road}",
        towards: "Сверните на съезд в направлении {towards}", exit: "Сверните на съезд {exit}",
        exitTowards: "Сверните на съезд {exit} в направлении {towards}"),
      .offRampLeft: Phrase(
        "Сверните на съезд слева", onto: "Сверните на съезд слева на {road}",
        towards: "Сверните на съезд слева в направлении {towards}",
        exit: "Сверните на съезд {exit} слева",
        exitTowards: "Сверните на съезд {exit} слева в направлении {towards}"),
      .offRampRight: Phrase(
        "Сверните на съезд справа", onto: "Сверните на съезд справа на {road}",
        towards: "Сверните на съезд справа в направлении {towards}",
        exit: "Сверните на съезд {exit} справа",
        exitTowards: "Сверните на съезд {exit} справа в направлении {towards}"),
      .forkLeft: Phrase(
        "На развилке держитесь левее", onto: "На развилке держитесь левее, на {road}",
        towards: "На развилке держитесь левее, в направлении {towards}"),
      .forkRight: Phrase(
        "На развилке держитесь правее", onto: "На развилке держитесь правее, на {road}",
        towards: "На развилке держитесь правее, в направлении {towards}"),
      .forkStraight: Phrase(
        "На развилке двигайтесь прямо", onto: "На развилке двигайтесь прямо, на {road}",
        towards: "На развилке двигайтесь прямо, в направлении {towards}"),
      .endOfRoadLeft: Phrase(
        "В конце дороги поверните налево", onto: "В конце дороги поверните налево на {road}"),
      .endOfRoadRight: Phrase(
        "В конце дороги поверните направо", onto: "В конце дороги поверните направо на {road}"),
      .endOfRoadStraight: Phrase(
        "В конце дороги двигайтесь прямо", onto: "В конце дороги двигайтесь прямо на {road}"),
      .roundaboutExit: Phrase(
        "На кольце {ordinal} съезд", onto: "На кольце {ordinal} съезд, на {road}"),
      .roundaboutEnter: Phrase(
        "Въезжайте на кольцо", onto: "Въезжайте на кольцо, затем на {road}"),
      .roundaboutTurnLeft: Phrase(
        "На кольце налево", onto: "На кольце налево, на {road}"),
      .roundaboutTurnRight: Phrase(
        "На кольце направо", onto: "На кольце направо, на {road}"),
      .roundaboutTurnStraight: Phrase(
        "На кольце прямо", onto: "На кольце прямо, на {road}"),
      .roundaboutUTurn: Phrase(
        "На кольце развернитесь", onto: "На кольце развернитесь, на {road}"),
      .exitRoundabout: Phrase(
        "Съезжайте с кольца", onto: "Съезжайте с кольца на {road}"),
      .enterFerry: Phrase("Въезжайте на паром", onto: "Въезжайте на паром {road}"),
      .exitFerry: Phrase(
        "Съезжайте с парома", onto: "Съезжайте с парома на {road}"),
      .depart: Phrase("Двигайтесь на {direction}", onto: "Двигайтесь на {direction} по {road}"),
      .arrive: Phrase(
        "Пункт назначения впереди", afterPrefix: "вы прибудете в пункт назначения"),
      .arriveLeft: Phrase(
        "Пункт назначения слева", afterPrefix: "пункт назначения будет слева"),
      .arriveRight: Phrase(
        "Пункт назначения справа", afterPrefix: "пункт назначения будет справа"),
      .arrived: Phrase("Вы прибыли в пункт назначения"),
      .arrivedLeft: Phrase("Вы прибыли в пункт назначения, он слева"),
      .arrivedRight: Phrase("Вы прибыли в пункт назначения, он справа"),
    ],
    inDistance: "Через {distance} {instruction}",
    then: "{first}, затем {second}",
    continueFor: "Продолжайте движение {distance}",
    both: "{first} и {second}",
    lowercasesAfterPrefix: true,
    directions: [
      "север", "северо-восток", "восток", "юго-восток", "юг", "юго-запад", "запад",
      "северо-запад",
    ],
    ordinals: [
      "первый", "второй", "третий", "четвёртый", "пятый", "шестой", "седьмой", "восьмой",
      "девятый", "десятый",
    ],
    ordinalDigits: PluralForms(other: "{number}-й"),
    ordinalRule: .invariant,
    pluralRule: .eastSlavic,
    decimalSeparator: ",",
    metric: MetricWords(
      metres: PluralForms(
        one: "{number} метр", few: "{number} метра", many: "{number} метров",
        other: "{number} метра"),
      kilometres: PluralForms(
        one: "{number} километр", few: "{number} километра", many: "{number} километров",
        other: "{number} километра")),
    // Миля is feminine: "через 1 милю" and "продолжайте движение 1 милю" take the
    // accusative, the only place a distance is said, so its one form is the accusative.
    imperial: ImperialWords(
      feet: PluralForms(
        one: "{number} фут", few: "{number} фута", many: "{number} футов",
        other: "{number} фута"),
      miles: PluralForms(
        one: "{number} милю", few: "{number} мили", many: "{number} миль",
        other: "{number} мили"),
      quarterMile: "четверть мили", halfMile: "полмили",
      threeQuartersMile: "три четверти мили"),
    display: DisplayUnits(
      metres: "{number} м", kilometres: "{number} км", feet: "{number} фт",
      miles: "{number} ми")
  )
}
