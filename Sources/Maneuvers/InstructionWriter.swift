import Foundation
import Navigation
import Routing

/// The offline router's own instruction texts, in English worded as Valhalla words them
/// ("Turn left onto Mannerheimintie/E 12.", "Enter the roundabout and take the 2nd exit
/// onto X.", "You have arrived at your destination."), so its routes read as a server's
/// do; its routes say `locale` "en". A screen or command in another language writes its
/// own from the maneuver (`ScreenText.instructions(for:)`), and the phrasebook speaks them.
/// Every text ends with one full stop, never two: a name ending in an abbreviation's dot
/// ends the sentence with it ("Turn left onto Franz-Josef-Oehri-Str.").
public enum InstructionWriter {
  /// The variants for `maneuver` leading onto `name`/`ref`, longest first: with the
  /// name and ref, with the name only, without the road. The ref is the most significant
  /// of the list in its written form (`RoadReference.principal`: "E18" for `7;15;E 18`).
  /// A ramp or fork with a `signpost` also gets its signed variants ("Take exit 4 on the
  /// right towards Vaduz, Feldkirch.", "Take exit 4 on the right.").
  public static func variants(
    for maneuver: Maneuver, name: String, ref: String?, signpost: Signpost? = nil,
    drivingSide: Maneuver.Side = .right
  ) -> [String] {
    var roads: [String?] = []
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    switch (trimmed.isEmpty, RoadReference.principal(ref)) {
    case (false, let ref?): roads = ["\(trimmed)/\(ref)", trimmed]
    case (false, nil): roads = [trimmed]
    case (true, let ref?): roads = [ref]
    case (true, nil): break
    }
    roads.append(nil)
    var texts = roads.map { text(for: maneuver, road: $0, drivingSide: drivingSide) }
    if let signpost { texts += signed(maneuver, signpost) }
    var seen = Set<String>()
    return texts.filter { seen.insert($0).inserted }.sorted { $0.count > $1.count }
  }

  /// The signed texts of a ramp or fork: with the exit number and where it leads, and
  /// with the number alone; empty for other maneuvers.
  static func signed(_ maneuver: Maneuver, _ signpost: Signpost) -> [String] {
    let side = maneuver.modifier?.side ?? 0
    let towards = (signpost.destinations.isEmpty ? signpost.refs : signpost.destinations)
      .joined(separator: ", ")
    let to = towards.isEmpty ? "" : " towards \(towards)"
    let onSide = side < 0 ? " on the left" : side > 0 ? " on the right" : ""
    let texts: [String]
    switch maneuver.kind {
    case .offRamp:
      if let exit = signpost.exit {
        texts = ["Take exit \(exit)\(onSide)\(to)", "Take exit \(exit)\(onSide)"]
      } else {
        texts = to.isEmpty ? [] : ["Take the exit\(onSide)\(to)"]
      }
    case .onRamp:
      texts = to.isEmpty ? [] : ["Take the ramp\(onSide)\(to)"]
    case .fork:
      let branch = side < 0 ? "left" : side > 0 ? "right" : "straight"
      texts = to.isEmpty ? [] : ["Keep \(branch) at the fork\(to)"]
    default:
      texts = []
    }
    return texts.map { SentenceEnd.adding(".", to: $0) }
  }

  /// One instruction, naming `road` when given, ended with one full stop.
  public static func text(for maneuver: Maneuver, road: String?, drivingSide: Maneuver.Side)
    -> String
  {
    SentenceEnd.adding(".", to: sentence(for: maneuver, road: road, drivingSide: drivingSide))
  }

  /// One instruction without its full stop.
  private static func sentence(
    for maneuver: Maneuver, road: String?, drivingSide: Maneuver.Side
  ) -> String {
    let onto = road.map { " onto \($0)" } ?? ""
    let modifier = maneuver.modifier ?? .straight
    let direction = words(modifier)
    switch maneuver.kind {
    case .depart:
      let heading = cardinal(maneuver.bearingAfter)
      return "Drive \(heading)" + (road.map { " on \($0)" } ?? "")
    case .arrive:
      switch maneuver.arrivalSide {
      case .left: return "Your destination is on the left"
      case .right: return "Your destination is on the right"
      case nil: return "You have arrived at your destination"
      }
    case .continue, .newName, .turn, .endOfRoad, .notification, .roundaboutTurn:
      if modifier == .uTurn {
        let side = drivingSide == .right ? "left" : "right"
        if maneuver.kind == .continue, let road {
          return "Make a \(side) U-turn to stay on \(road)"
        }
        return "Make a \(side) U-turn\(onto)"
      }
      if modifier == .straight {
        return maneuver.kind == .continue
          ? "Continue" + (road.map { " on \($0)" } ?? "") : "Continue\(onto)"
      }
      if maneuver.kind == .continue, let road {
        return "\(verb(modifier)) \(direction) to stay on \(road)"
      }
      return "\(verb(modifier)) \(direction)\(onto)"
    case .fork:
      let side = modifier.side < 0 ? "left" : modifier.side > 0 ? "right" : "straight"
      return road.map { "Keep \(side) at the fork onto \($0)" } ?? "Keep \(side) at the fork"
    case .merge:
      let side = modifier.side < 0 ? " left" : modifier.side > 0 ? " right" : ""
      return "Merge\(side)\(onto)"
    case .onRamp:
      let side = modifier.side < 0 ? " on the left" : modifier.side > 0 ? " on the right" : ""
      return "Take the ramp\(side)\(onto)"
    case .offRamp:
      let side = modifier.side < 0 ? " on the left" : modifier.side > 0 ? " on the right" : ""
      return "Take the exit\(side)\(onto)"
    case .roundabout, .rotary:
      guard let exit = maneuver.exit, exit > 0 else { return "Enter the roundabout\(onto)" }
      return "Enter the roundabout and take the \(ordinal(exit)) exit\(onto)"
    case .exitRoundabout, .exitRotary:
      return "Exit the roundabout\(onto)"
    case .enterFerry: return "Take the ferry\(onto)"
    case .exitFerry: return "Leave the ferry\(onto)"
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
