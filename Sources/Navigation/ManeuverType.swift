/// The CarPlay maneuver type (`CPManeuverType`), with the same raw values.
///
/// Every OSRM type and modifier maps onto exactly one of these (`Maneuver.type`), which
/// is what screens draw and bridge clients receive.
public enum ManeuverType: Int, CaseIterable, Hashable, Sendable {
  case noTurn = 0
  case leftTurn, rightTurn, straightAhead, uTurn, followRoad
  case enterRoundabout, exitRoundabout, offRamp, onRamp, arriveEndOfNavigation
  case startRoute, arriveAtDestination, keepLeft, keepRight
  case enterFerry, exitFerry, changeFerry, startRouteWithUTurn, uTurnAtRoundabout
  case leftTurnAtEnd, rightTurnAtEnd, highwayOffRampLeft, highwayOffRampRight
  case arriveAtDestinationLeft, arriveAtDestinationRight, uTurnWhenPossible
  case arriveEndOfDirections
  case roundaboutExit1, roundaboutExit2, roundaboutExit3, roundaboutExit4
  case roundaboutExit5, roundaboutExit6, roundaboutExit7, roundaboutExit8
  case roundaboutExit9, roundaboutExit10, roundaboutExit11, roundaboutExit12
  case roundaboutExit13, roundaboutExit14, roundaboutExit15, roundaboutExit16
  case roundaboutExit17, roundaboutExit18, roundaboutExit19
  case sharpLeftTurn, sharpRightTurn, slightLeftTurn, slightRightTurn
  case changeHighway, changeHighwayLeft, changeHighwayRight

  /// The roundabout exit type for exit `n` (1…19), nil outside that range.
  public static func roundaboutExit(_ n: Int) -> ManeuverType? {
    guard (1...19).contains(n) else { return nil }
    return ManeuverType(rawValue: ManeuverType.roundaboutExit1.rawValue + n - 1)
  }
}

extension Maneuver {
  /// The CarPlay maneuver type for this OSRM type and modifier.
  public var type: ManeuverType {
    func turn(_ m: Modifier?) -> ManeuverType {
      switch m {
      case .sharpLeft: .sharpLeftTurn
      case .left: .leftTurn
      case .slightLeft: .slightLeftTurn
      case .sharpRight: .sharpRightTurn
      case .right: .rightTurn
      case .slightRight: .slightRightTurn
      case .uTurn: .uTurn
      case .straight: .straightAhead
      case nil: .noTurn
      }
    }
    switch kind {
    case .depart: return modifier == .uTurn ? .startRouteWithUTurn : .startRoute
    case .arrive:
      switch arrivalSide {
      case .left: return .arriveAtDestinationLeft
      case .right: return .arriveAtDestinationRight
      case nil: return .arriveAtDestination
      }
    case .turn, .notification: return turn(modifier)
    case .newName: return modifier == nil || modifier == .straight ? .followRoad : turn(modifier)
    case .continue:
      switch modifier {
      case .uTurn: return .uTurnWhenPossible
      case nil, .straight: return .straightAhead
      default: return turn(modifier)
      }
    case .merge:
      switch modifier?.side {
      case -1: return .changeHighwayLeft
      case 1: return .changeHighwayRight
      default: return .changeHighway
      }
    case .onRamp: return .onRamp
    case .offRamp:
      switch modifier?.side {
      case -1: return .highwayOffRampLeft
      case 1: return .highwayOffRampRight
      default: return .offRamp
      }
    case .fork: return (modifier?.side ?? 0) < 0 ? .keepLeft : .keepRight
    case .endOfRoad: return (modifier?.side ?? 0) < 0 ? .leftTurnAtEnd : .rightTurnAtEnd
    case .roundabout, .rotary:
      if modifier == .uTurn { return .uTurnAtRoundabout }
      return exit.flatMap(ManeuverType.roundaboutExit) ?? .enterRoundabout
    case .roundaboutTurn:
      return modifier == .uTurn ? .uTurnAtRoundabout : turn(modifier)
    case .exitRoundabout, .exitRotary: return .exitRoundabout
    case .enterFerry: return .enterFerry
    case .exitFerry: return .exitFerry
    }
  }
}
