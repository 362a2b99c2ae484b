import Navigation
import Routing

/// Turn angles to OSRM direction modifiers.
///
/// The angle is the signed change of direction at a junction in degrees, positive to the
/// right, from the bearing arriving on the incoming road to the bearing leaving on the
/// outgoing one (each measured over the 10 m nearest the junction):
///
/// | deviation from straight | modifier |
/// |---|---|
/// | under 20° | `straight` |
/// | 20°–45° | `slight left` / `slight right` |
/// | 45°–135° | `left` / `right` |
/// | 135°–170° | `sharp left` / `sharp right` |
/// | 170° and more | `uturn` |
///
/// The same bands price turns in `RouterOptions.turnCost(angle:)`. They follow the lane
/// shapes of turn-by-turn feeds (slight 10–45°, normal 45–135°, sharp 135–175°), with a
/// wider straight band because city streets bend at crossings.
public enum TurnClassifier {
  public static let straightLimit = 20.0
  public static let slightLimit = 45.0
  public static let sharpFrom = 135.0
  public static let uTurnFrom = 170.0

  /// The modifier for a turn of `angle` degrees (positive right).
  public static func modifier(angle: Double) -> Maneuver.Modifier {
    let magnitude = abs(angle)
    let right = angle > 0
    switch magnitude {
    case ..<straightLimit: return .straight
    case ..<slightLimit: return right ? .slightRight : .slightLeft
    case ..<sharpFrom: return right ? .right : .left
    case ..<uTurnFrom: return right ? .sharpRight : .sharpLeft
    default: return .uTurn
    }
  }
}
