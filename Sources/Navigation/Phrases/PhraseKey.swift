/// Names one maneuver phrase that every `PhraseCatalog` defines.
///
/// `init(_:)` is the single place that maps an OSRM kind and modifier onto a phrase; the
/// catalogs only hold the words.
enum PhraseKey: String, CaseIterable, Hashable, Sendable {
  case turnLeft, turnRight, turnSlightLeft, turnSlightRight, turnSharpLeft, turnSharpRight
  case turnStraight, uTurn
  case `continue`, continueLeft, continueRight, continueSlightLeft, continueSlightRight
  case merge, mergeLeft, mergeRight
  case onRamp, onRampLeft, onRampRight
  case offRamp, offRampLeft, offRampRight
  case forkLeft, forkRight, forkStraight
  case endOfRoadLeft, endOfRoadRight, endOfRoadStraight
  case roundaboutExit, roundaboutEnter
  case roundaboutTurnLeft, roundaboutTurnRight, roundaboutTurnStraight, roundaboutUTurn
  case exitRoundabout
  case enterFerry, exitFerry
  case depart
  case arrive, arriveLeft, arriveRight
  case arrived, arrivedLeft, arrivedRight

  /// The phrase for a maneuver. `depart` and `arrive` give `.depart` and `.arrive…`
  /// (by `arrivalSide`); roundabouts and rotaries give `.roundaboutExit` when the exit
  /// number is known (≥ 1), else `.roundaboutEnter`. Missing modifiers read as straight.
  init(_ maneuver: Maneuver) {
    let modifier = maneuver.modifier ?? .straight
    let side = modifier.side
    switch maneuver.kind {
    case .depart:
      self = .depart
    case .arrive:
      self = PhraseKey.arrival(maneuver.arrivalSide)
    case .turn:
      self =
        switch modifier {
        case .uTurn: .uTurn
        case .sharpLeft: .turnSharpLeft
        case .left: .turnLeft
        case .slightLeft: .turnSlightLeft
        case .straight: .turnStraight
        case .slightRight: .turnSlightRight
        case .right: .turnRight
        case .sharpRight: .turnSharpRight
        }
    case .continue, .newName, .notification:
      self =
        switch modifier {
        case .uTurn: .uTurn
        case .sharpLeft: .turnSharpLeft
        case .left: .continueLeft
        case .slightLeft: .continueSlightLeft
        case .straight: .continue
        case .slightRight: .continueSlightRight
        case .right: .continueRight
        case .sharpRight: .turnSharpRight
        }
    case .merge:
      self = side < 0 ? .mergeLeft : side > 0 ? .mergeRight : .merge
    case .onRamp:
      self = side < 0 ? .onRampLeft : side > 0 ? .onRampRight : .onRamp
    case .offRamp:
      self = side < 0 ? .offRampLeft : side > 0 ? .offRampRight : .offRamp
    case .fork:
      self = side < 0 ? .forkLeft : side > 0 ? .forkRight : .forkStraight
    case .endOfRoad:
      self =
        modifier == .uTurn
        ? .uTurn
        : side < 0 ? .endOfRoadLeft : side > 0 ? .endOfRoadRight : .endOfRoadStraight
    case .roundabout, .rotary:
      self = (maneuver.exit ?? 0) >= 1 ? .roundaboutExit : .roundaboutEnter
    case .roundaboutTurn:
      self =
        modifier == .uTurn
        ? .roundaboutUTurn
        : side < 0
          ? .roundaboutTurnLeft
          : side > 0
            ? .roundaboutTurnRight
            : .roundaboutTurnStraight
    case .exitRoundabout, .exitRotary:
      self = .exitRoundabout
    case .enterFerry:
      self = .enterFerry
    case .exitFerry:
      self = .exitFerry
    }
  }

  /// `.arrive`, `.arriveLeft` or `.arriveRight`.
  static func arrival(_ side: Maneuver.Side?) -> PhraseKey {
    switch side {
    case .left: .arriveLeft
    case .right: .arriveRight
    case nil: .arrive
    }
  }

  /// `.arrived`, `.arrivedLeft` or `.arrivedRight`.
  static func arrived(_ side: Maneuver.Side?) -> PhraseKey {
    switch side {
    case .left: .arrivedLeft
    case .right: .arrivedRight
    case nil: .arrived
    }
  }

  /// Whether the phrase names the road after the maneuver, so its catalog entry must
  /// have an `onto` form holding `{road}`.
  var takesRoad: Bool {
    switch self {
    case .arrive, .arriveLeft, .arriveRight, .arrived, .arrivedLeft, .arrivedRight: false
    default: true
    }
  }

  /// Whether the phrase can say where a signposted ramp or fork leads, so its catalog
  /// entry must have a `towards` form holding `{towards}`: ramps and forks.
  var takesSignpost: Bool {
    switch self {
    case .onRamp, .onRampLeft, .onRampRight, .offRamp, .offRampLeft, .offRampRight, .forkLeft,
      .forkRight, .forkStraight:
      true
    default: false
    }
  }

  /// Whether the phrase can say a motorway exit's number, so its catalog entry must have
  /// `exit` and `exitTowards` forms: the exits.
  var takesExitNumber: Bool {
    switch self {
    case .offRamp, .offRampLeft, .offRampRight: true
    default: false
    }
  }

  /// Placeholders besides `{road}` that both forms of the phrase must contain, and the
  /// only ones they may contain.
  var placeholders: Set<String> {
    switch self {
    case .roundaboutExit: ["ordinal"]
    case .depart: ["direction"]
    default: []
    }
  }
}
