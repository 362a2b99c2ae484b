extension PhraseCatalog {
  /// English (British spelling), imperative voice; imperial distances as US drivers hear
  /// them ("In 500 feet", "In a quarter mile", "In 0.3 miles").
  static let english = PhraseCatalog(
    code: "en",
    phrases: [
      .turnLeft: Phrase("Turn left", onto: "Turn left onto {road}"),
      .turnRight: Phrase("Turn right", onto: "Turn right onto {road}"),
      .turnSlightLeft: Phrase("Turn slightly left", onto: "Turn slightly left onto {road}"),
      .turnSlightRight: Phrase("Turn slightly right", onto: "Turn slightly right onto {road}"),
      .turnSharpLeft: Phrase("Turn sharp left", onto: "Turn sharp left onto {road}"),
      .turnSharpRight: Phrase("Turn sharp right", onto: "Turn sharp right onto {road}"),
      .turnStraight: Phrase("Go straight ahead", onto: "Go straight ahead onto {road}"),
      .uTurn: Phrase("Make a U-turn", onto: "Make a U-turn onto {road}"),
      .continue: Phrase("Continue straight", onto: "Continue onto {road}"),
      .continueLeft: Phrase("Continue left", onto: "Continue left onto {road}"),
      .continueRight: Phrase("Continue right", onto: "Continue right onto {road}"),
      .continueSlightLeft: Phrase("Keep left", onto: "Keep left onto {road}"),
      .continueSlightRight: Phrase("Keep right", onto: "Keep right onto {road}"),
      .merge: Phrase("Merge", onto: "Merge onto {road}"),
      .mergeLeft: Phrase("Merge left", onto: "Merge left onto {road}"),
      .mergeRight: Phrase("Merge right", onto: "Merge right onto {road}"),
      .onRamp: Phrase(
        "Take the ramp", onto: "Take the ramp onto {road}",
        towards: "Take the ramp towards {towards}"),
      .onRampLeft: Phrase(
        "Take the ramp on the left", onto: "Take the ramp on the left onto {road}",
        towards: "Take the ramp on the left towards {towards}"),
      .onRampRight: Phrase(
        "Take the ramp on the right", onto: "Take the ramp on the right onto {road}",
        towards: "Take the ramp on the right towards {towards}"),
      .offRamp: Phrase(
        "Take the exit", onto: "Take the exit onto {road}",
        towards: "Take the exit towards {towards}", exit: "Take exit {exit}",
        exitTowards: "Take exit {exit} towards {towards}"),
      .offRampLeft: Phrase(
        "Take the exit on the left", onto: "Take the exit on the left onto {road}",
        towards: "Take the exit on the left towards {towards}",
        exit: "Take exit {exit} on the left",
        exitTowards: "Take exit {exit} on the left towards {towards}"),
      .offRampRight: Phrase(
        "Take the exit on the right", onto: "Take the exit on the right onto {road}",
        towards: "Take the exit on the right towards {towards}",
        exit: "Take exit {exit} on the right",
        exitTowards: "Take exit {exit} on the right towards {towards}"),
      .forkLeft: Phrase(
        "Keep left at the fork", onto: "Keep left at the fork onto {road}",
        towards: "Keep left at the fork towards {towards}"),
      .forkRight: Phrase(
        "Keep right at the fork", onto: "Keep right at the fork onto {road}",
        towards: "Keep right at the fork towards {towards}"),
      .forkStraight: Phrase(
        "Keep straight ahead at the fork", onto: "Keep straight ahead at the fork onto {road}",
        towards: "Keep straight ahead at the fork towards {towards}"),
      .endOfRoadLeft: Phrase(
        "At the end of the road, turn left", onto: "At the end of the road, turn left onto {road}"),
      .endOfRoadRight: Phrase(
        "At the end of the road, turn right",
        onto: "At the end of the road, turn right onto {road}"),
      .endOfRoadStraight: Phrase(
        "At the end of the road, continue straight",
        onto: "At the end of the road, continue straight onto {road}"),
      .roundaboutExit: Phrase(
        "Enter the roundabout and take the {ordinal} exit",
        onto: "Enter the roundabout and take the {ordinal} exit onto {road}"),
      .roundaboutEnter: Phrase(
        "Enter the roundabout", onto: "Enter the roundabout and exit onto {road}"),
      .roundaboutTurnLeft: Phrase(
        "At the roundabout, turn left", onto: "At the roundabout, turn left onto {road}"),
      .roundaboutTurnRight: Phrase(
        "At the roundabout, turn right", onto: "At the roundabout, turn right onto {road}"),
      .roundaboutTurnStraight: Phrase(
        "At the roundabout, continue straight",
        onto: "At the roundabout, continue straight onto {road}"),
      .roundaboutUTurn: Phrase(
        "At the roundabout, make a U-turn", onto: "At the roundabout, make a U-turn onto {road}"),
      .exitRoundabout: Phrase("Exit the roundabout", onto: "Exit the roundabout onto {road}"),
      .enterFerry: Phrase("Take the ferry", onto: "Take the ferry {road}"),
      .exitFerry: Phrase("Leave the ferry", onto: "Leave the ferry and continue onto {road}"),
      .depart: Phrase("Head {direction}", onto: "Head {direction} on {road}"),
      .arrive: Phrase("Your destination is ahead"),
      .arriveLeft: Phrase("Your destination is ahead, on the left"),
      .arriveRight: Phrase("Your destination is ahead, on the right"),
      .arrived: Phrase("You have arrived at your destination"),
      .arrivedLeft: Phrase("You have arrived at your destination, on the left"),
      .arrivedRight: Phrase("You have arrived at your destination, on the right"),
    ],
    inDistance: "In {distance}, {instruction}",
    then: "{first}, then {second}",
    continueFor: "Continue for {distance}",
    both: "{first} and {second}",
    lowercasesAfterPrefix: true,
    directions: [
      "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
    ],
    ordinals: [
      "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
      "tenth",
    ],
    ordinalDigits: PluralForms(
      one: "{number}st", two: "{number}nd", few: "{number}rd", other: "{number}th"),
    ordinalRule: .english,
    pluralRule: .oneOther,
    decimalSeparator: ".",
    metric: MetricWords(
      metres: PluralForms(one: "{number} metre", other: "{number} metres"),
      kilometres: PluralForms(one: "{number} kilometre", other: "{number} kilometres")),
    imperial: ImperialWords(
      feet: PluralForms(one: "{number} foot", other: "{number} feet"),
      miles: PluralForms(one: "{number} mile", other: "{number} miles"),
      quarterMile: "a quarter mile",
      halfMile: "half a mile",
      threeQuartersMile: "three quarters of a mile"),
    display: DisplayUnits(
      metres: "{number} m", kilometres: "{number} km", feet: "{number} ft",
      miles: "{number} mi")
  )
}
