import Geo
import Testing

@testable import Navigation

/// One OSRM maneuver and the CarPlay type (with its `CPManeuverType` raw value) it shows as.
struct ManeuverTypeCase: Sendable, CustomTestStringConvertible {
  var kind: Maneuver.Kind
  var modifier: Maneuver.Modifier?
  var exit: Int?
  var type: ManeuverType
  var rawValue: Int

  init(
    _ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier? = nil, exit: Int? = nil,
    _ type: ManeuverType, _ rawValue: Int
  ) {
    self.kind = kind
    self.modifier = modifier
    self.exit = exit
    self.type = type
    self.rawValue = rawValue
  }

  var testDescription: String {
    "\(kind.rawValue)/\(modifier?.rawValue ?? "nil")/\(exit.map(String.init) ?? "-")"
  }

  var maneuver: Maneuver {
    Maneuver(
      kind: kind, modifier: modifier, exit: exit,
      location: Coordinate(latitude: 60.17, longitude: 24.94))
  }
}

@Suite struct ManeuverTypeTests {
  static let cases: [ManeuverTypeCase] = [
    .init(.turn, .left, .leftTurn, 1),
    .init(.turn, .right, .rightTurn, 2),
    .init(.turn, .straight, .straightAhead, 3),
    .init(.turn, .uTurn, .uTurn, 4),
    .init(.turn, .sharpLeft, .sharpLeftTurn, 47),
    .init(.turn, .sharpRight, .sharpRightTurn, 48),
    .init(.turn, .slightLeft, .slightLeftTurn, 49),
    .init(.turn, .slightRight, .slightRightTurn, 50),
    .init(.turn, nil, .noTurn, 0),
    .init(.notification, .left, .leftTurn, 1),
    .init(.newName, nil, .followRoad, 5),
    .init(.newName, .straight, .followRoad, 5),
    .init(.newName, .slightLeft, .slightLeftTurn, 49),
    .init(.continue, nil, .straightAhead, 3),
    .init(.continue, .straight, .straightAhead, 3),
    .init(.continue, .uTurn, .uTurnWhenPossible, 26),
    .init(.continue, .slightRight, .slightRightTurn, 50),
    .init(.endOfRoad, .left, .leftTurnAtEnd, 20),
    .init(.endOfRoad, .right, .rightTurnAtEnd, 21),
    .init(.endOfRoad, .sharpLeft, .leftTurnAtEnd, 20),
    .init(.fork, .left, .keepLeft, 13),
    .init(.fork, .slightLeft, .keepLeft, 13),
    .init(.fork, .right, .keepRight, 14),
    .init(.fork, .slightRight, .keepRight, 14),
    .init(.offRamp, .right, .highwayOffRampRight, 23),
    .init(.offRamp, .slightLeft, .highwayOffRampLeft, 22),
    .init(.offRamp, nil, .offRamp, 8),
    .init(.onRamp, .right, .onRamp, 9),
    .init(.merge, .left, .changeHighwayLeft, 52),
    .init(.merge, .slightRight, .changeHighwayRight, 53),
    .init(.merge, nil, .changeHighway, 51),
    .init(.roundabout, .right, exit: 1, .roundaboutExit1, 28),
    .init(.roundabout, .right, exit: 3, .roundaboutExit3, 30),
    .init(.roundabout, .left, exit: 19, .roundaboutExit19, 46),
    .init(.roundabout, .right, exit: 20, .enterRoundabout, 6),
    .init(.roundabout, .right, exit: 25, .enterRoundabout, 6),
    .init(.roundabout, .right, exit: 0, .enterRoundabout, 6),
    .init(.roundabout, .right, .enterRoundabout, 6),
    .init(.roundabout, .uTurn, exit: 4, .uTurnAtRoundabout, 19),
    .init(.rotary, .straight, exit: 2, .roundaboutExit2, 29),
    .init(.roundaboutTurn, .left, .leftTurn, 1),
    .init(.roundaboutTurn, .uTurn, .uTurnAtRoundabout, 19),
    .init(.exitRoundabout, .right, .exitRoundabout, 7),
    .init(.exitRotary, nil, .exitRoundabout, 7),
    .init(.depart, nil, .startRoute, 11),
    .init(.depart, .right, .startRoute, 11),
    .init(.depart, .uTurn, .startRouteWithUTurn, 18),
    .init(.arrive, .left, .arriveAtDestinationLeft, 24),
    .init(.arrive, .sharpRight, .arriveAtDestinationRight, 25),
    .init(.arrive, .straight, .arriveAtDestination, 12),
    .init(.arrive, nil, .arriveAtDestination, 12),
    .init(.enterFerry, nil, .enterFerry, 15),
    .init(.exitFerry, .straight, .exitFerry, 16),
  ]

  @Test(arguments: cases)
  func osrmManeuverMapsToCarPlayType(_ c: ManeuverTypeCase) {
    #expect(c.maneuver.type == c.type)
    #expect(c.maneuver.type.rawValue == c.rawValue)
  }

  @Test func rawValuesAreContiguousFromZeroToFiftyThree() {
    #expect(ManeuverType.allCases.map(\.rawValue) == Array(0...53))
    #expect(ManeuverType.noTurn.rawValue == 0)
    #expect(ManeuverType.arriveEndOfDirections.rawValue == 27)
    #expect(ManeuverType.changeHighwayRight.rawValue == 53)
  }

  @Test func roundaboutExitCoversOneToNineteen() {
    for n in 1...19 {
      #expect(ManeuverType.roundaboutExit(n)?.rawValue == 27 + n, "exit \(n)")
    }
    #expect(ManeuverType.roundaboutExit(0) == nil)
    #expect(ManeuverType.roundaboutExit(20) == nil)
    #expect(ManeuverType.roundaboutExit(-1) == nil)
  }

  /// -1 for a type pointing left, +1 right, 0 otherwise.
  static func side(_ type: ManeuverType) -> Int {
    switch type {
    case .leftTurn, .sharpLeftTurn, .slightLeftTurn, .keepLeft, .leftTurnAtEnd,
      .highwayOffRampLeft, .changeHighwayLeft, .arriveAtDestinationLeft:
      -1
    case .rightTurn, .sharpRightTurn, .slightRightTurn, .keepRight, .rightTurnAtEnd,
      .highwayOffRampRight, .changeHighwayRight, .arriveAtDestinationRight:
      1
    default: 0
    }
  }

  /// Every kind with every modifier (and none) maps to a type, never to the opposite side
  /// of the modifier, and the exit number only matters at roundabouts and rotaries.
  @Test(arguments: Maneuver.Kind.allCases)
  func everyModifierMapsConsistently(_ kind: Maneuver.Kind) {
    let location = Coordinate(latitude: 60.17, longitude: 24.94)
    let modifiers: [Maneuver.Modifier?] = [nil] + Maneuver.Modifier.allCases.map { $0 }
    for modifier in modifiers {
      let plain = Maneuver(kind: kind, modifier: modifier, location: location).type
      #expect(ManeuverType(rawValue: plain.rawValue) == plain)
      let side = modifier?.side ?? 0
      if side != 0 {
        #expect(Self.side(plain) != -side, "\(kind.rawValue)/\(modifier?.rawValue ?? "nil")")
      }
      let withExit = Maneuver(kind: kind, modifier: modifier, exit: 2, location: location).type
      if kind == .roundabout || kind == .rotary {
        let expected: ManeuverType = modifier == .uTurn ? .uTurnAtRoundabout : .roundaboutExit2
        #expect(withExit == expected, "\(kind.rawValue)/\(modifier?.rawValue ?? "nil")")
      } else {
        #expect(withExit == plain, "\(kind.rawValue)/\(modifier?.rawValue ?? "nil")")
      }
    }
  }
}
