import Navigation
import Routing

/// Turn angles to OSRM direction modifiers.
///
/// The angle is the signed change of direction at a junction in degrees, positive to the
/// right, from the bearing arriving on the incoming road to the bearing leaving on the
/// outgoing one (each measured over the 20 m nearest the junction, `Intersection`):
///
/// | deviation from straight | modifier |
/// |---|---|
/// | under 20° | `straight` |
/// | 20°–40° | `slight left` / `slight right` |
/// | 40°–120° | `left` / `right` |
/// | 120°–170° | `sharp left` / `sharp right` |
/// | 170° and more | `uturn` |
///
/// The bands are OSRM's (its `getTurnDirection`), so that a route told here reads as
/// OSRM tells it, with a U-turn band for a turn back into the road arrived on that a
/// median or a mapped gap leaves a few degrees short of a reversal.
public enum TurnClassifier {
  public static let straightLimit = 20.0
  public static let slightLimit = 40.0
  public static let sharpFrom = 120.0
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
