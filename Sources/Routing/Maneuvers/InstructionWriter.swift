import Foundation
import Navigation

/// English instruction texts for the screen, worded as Valhalla words them
/// ("Turn left onto Mannerheimintie/E 12.", "Enter the roundabout and take the 2nd exit
/// onto X.", "You have arrived at your destination."). Spoken prompts are not made here:
/// the phrasebook speaks them from kinds, modifiers and names in every language.
public enum InstructionWriter {
  /// The variants for `maneuver` leading onto `name`/`ref`, longest first: with the
  /// name and ref, with the name only, without the road.
  public static func variants(
    for maneuver: Maneuver, name: String, ref: String?, drivingSide: Maneuver.Side = .right
  ) -> [String] {
    var roads: [String?] = []
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let ref = ref?.trimmingCharacters(in: .whitespaces)
    switch (trimmed.isEmpty, ref?.isEmpty ?? true) {
    case (false, false): roads = ["\(trimmed)/\(ref!)", trimmed]
    case (false, true): roads = [trimmed]
    case (true, false): roads = [ref!]
    case (true, true): break
    }
    roads.append(nil)
    var seen = Set<String>()
    return roads.map { text(for: maneuver, road: $0, drivingSide: drivingSide) }
      .filter { seen.insert($0).inserted }
      .sorted { $0.count > $1.count }
  }

  /// One instruction, naming `road` when given.
  public static func text(for maneuver: Maneuver, road: String?, drivingSide: Maneuver.Side)
    -> String
  {
    let onto = road.map { " onto \($0)" } ?? ""
    let modifier = maneuver.modifier ?? .straight
    let direction = words(modifier)
    switch maneuver.kind {
    case .depart:
      let heading = cardinal(maneuver.bearingAfter)
      return "Drive \(heading)" + (road.map { " on \($0)" } ?? "") + "."
    case .arrive:
      switch maneuver.arrivalSide {
      case .left: return "Your destination is on the left."
      case .right: return "Your destination is on the right."
      case nil: return "You have arrived at your destination."
      }
    case .continue, .newName, .turn, .endOfRoad, .notification, .roundaboutTurn:
      if modifier == .uTurn {
        let side = drivingSide == .right ? "left" : "right"
        if maneuver.kind == .continue, let road {
          return "Make a \(side) U-turn to stay on \(road)."
        }
        return "Make a \(side) U-turn\(onto)."
      }
      if modifier == .straight {
        return maneuver.kind == .continue
          ? "Continue" + (road.map { " on \($0)" } ?? "") + "." : "Continue\(onto)."
      }
      if maneuver.kind == .continue, let road {
        return "\(verb(modifier)) \(direction) to stay on \(road)."
      }
      return "\(verb(modifier)) \(direction)\(onto)."
    case .fork:
      let side = modifier.side < 0 ? "left" : modifier.side > 0 ? "right" : "straight"
      return road.map { "Keep \(side) at the fork onto \($0)." } ?? "Keep \(side) at the fork."
    case .merge:
      let side = modifier.side < 0 ? " left" : modifier.side > 0 ? " right" : ""
      return "Merge\(side)\(onto)."
    case .onRamp:
      let side = modifier.side < 0 ? " on the left" : modifier.side > 0 ? " on the right" : ""
      return "Take the ramp\(side)\(onto)."
    case .offRamp:
      let side = modifier.side < 0 ? " on the left" : modifier.side > 0 ? " on the right" : ""
      return "Take the exit\(side)\(onto)."
    case .roundabout, .rotary:
      guard let exit = maneuver.exit, exit > 0 else { return "Enter the roundabout\(onto)." }
      return "Enter the roundabout and take the \(ordinal(exit)) exit\(onto)."
    case .exitRoundabout, .exitRotary:
      return "Exit the roundabout\(onto)."
    case .enterFerry: return "Take the ferry\(onto)."
    case .exitFerry: return "Leave the ferry\(onto)."
    }
  }

  private static func verb(_ modifier: Maneuver.Modifier) -> String {
    switch modifier {
    case .slightLeft, .slightRight: "Bear"
    default: "Turn"
    }
  }

  private static func words(_ modifier: Maneuver.Modifier) -> String {
    switch modifier {
    case .slightLeft, .left: "left"
    case .slightRight, .right: "right"
    case .sharpLeft: "sharp left"
    case .sharpRight: "sharp right"
    case .straight: "straight"
    case .uTurn: "around"
    }
  }

  /// "north", "northeast", … for a bearing in degrees.
  public static func cardinal(_ bearing: Double) -> String {
    let names = [
      "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
    ]
    let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360)
      .truncatingRemainder(dividingBy: 360)
    return names[Int((normalized / 45).rounded()) % 8]
  }

  /// "1st", "2nd", "3rd", "4th", … "11th", "21st".
  public static func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
  }
}
