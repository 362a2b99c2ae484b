import Foundation
import Navigation
import Routing

/// OSM `turn:lanes` values to the route model's `Lane`s for one maneuver.
public enum TurnLanes {
  /// The lanes of `tag` (`left|through|through;right`, left to right), with those that
  /// lead the way `modifier` says marked valid and preferred.
  ///
  /// A lane is valid when one of its arrows is exactly the modifier; when no lane has
  /// that arrow, lanes with an arrow to the same side (or, going straight, lanes with no
  /// arrow at all) are. Returns `[]` when the tag is empty or no lane fits the maneuver:
  /// lanes that all look wrong would mislead more than none.
  public static func lanes(_ tag: String, for modifier: Maneuver.Modifier) -> [Lane] {
    let parsed: [[String]] = tag.split(separator: "|", omittingEmptySubsequences: false).map {
      lane in
      let arrows = lane.split(separator: ";").compactMap { indication(String($0)) }
      return arrows.isEmpty ? ["none"] : arrows
    }
    guard !parsed.isEmpty, !tag.isEmpty else { return [] }
    var valid = parsed.map { $0.contains(modifier.rawValue) }
    if !valid.contains(true) {
      valid = parsed.map { arrows in
        arrows.contains { arrow in
          if modifier == .straight { return arrow == "none" }
          guard let m = Maneuver.Modifier(rawValue: arrow) else { return false }
          return m.side != 0 && m.side == modifier.side
        }
      }
    }
    guard valid.contains(true) else { return [] }
    return zip(parsed, valid).map { Lane(indications: $0, valid: $1, preferred: $1) }
  }

  /// One OSM lane arrow in OSRM words; nil for words that say nothing about direction.
  static func indication(_ word: String) -> String? {
    switch word.trimmingCharacters(in: .whitespaces) {
    case "left": "left"
    case "slight_left": "slight left"
    case "sharp_left": "sharp left"
    case "through": "straight"
    case "right": "right"
    case "slight_right": "slight right"
    case "sharp_right": "sharp right"
    case "reverse": "uturn"
    case "none", "": "none"
    case "merge_to_left", "merge_to_right": "none"
    default: nil
    }
  }
}
