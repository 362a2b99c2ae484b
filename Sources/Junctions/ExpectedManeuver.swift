import Foundation
import Navigation

/// One step of a route as a junction file writes it: the OSRM maneuver type, its modifier,
/// the roundabout exit and the road's name — `fork slight left Main Street`,
/// `roundabout exit 2 "Ring Road"`, `depart ab`, `arrive`.
///
/// For `depart`, `arrive`, `roundabout`, `rotary` and their exits a missing modifier matches
/// any (the side of the street; the direction of the exit, which its number tells);
/// otherwise the modifier and the exit must be as written. A missing name is not checked; `""` is the empty name.
public struct ExpectedManeuver: Sendable, Equatable, CustomStringConvertible {
  public var kind: Maneuver.Kind
  public var modifier: Maneuver.Modifier?
  public var exit: Int?
  public var name: String?

  public init(
    kind: Maneuver.Kind, modifier: Maneuver.Modifier? = nil, exit: Int? = nil,
    name: String? = nil
  ) {
    self.kind = kind
    self.modifier = modifier
    self.exit = exit
    self.name = name
  }

  /// The step as a route gives it, name included.
  public init(_ step: RouteStep) {
    self.init(
      kind: step.maneuver.kind, modifier: step.maneuver.modifier, exit: step.maneuver.exit,
      name: step.name)
  }

  /// The maneuver words alone: `fork slight left`, `roundabout exit 2`.
  public var maneuverText: String {
    var words = [kind.rawValue]
    if let modifier { words.append(modifier.rawValue) }
    if let exit { words.append("exit \(exit)") }
    return words.joined(separator: " ")
  }

  public var description: String {
    guard let name else { return maneuverText }
    return maneuverText + " " + Self.quotedIfNeeded(name)
  }

  /// Whether `got` is this step: same type, modifier and exit (any side for an unsided
  /// depart or arrive), and the same name when one is written.
  public func matches(_ got: ExpectedManeuver) -> Bool {
    guard kind == got.kind, exit == got.exit else { return false }
    if let name, name != got.name { return false }
    let anySide: [Maneuver.Kind] = [
      .depart, .arrive, .roundabout, .rotary, .exitRoundabout, .exitRotary,
    ]
    if anySide.contains(kind) && modifier == nil { return true }
    return modifier == got.modifier
  }

  /// Parses one step; nil when it does not start with a maneuver type.
  public static func parse(_ text: String) -> ExpectedManeuver? {
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    func take(_ words: [String]) -> String? {
      for w in words.sorted(by: { $0.count > $1.count }) where rest.hasPrefix(w) {
        let after = rest.dropFirst(w.count)
        guard after.isEmpty || after.first == " " else { continue }
        rest = after.drop { $0 == " " }
        return w
      }
      return nil
    }
    guard let kindWord = take(Maneuver.Kind.allCases.map(\.rawValue)),
      let kind = Maneuver.Kind(rawValue: kindWord)
    else { return nil }
    var step = ExpectedManeuver(kind: kind)
    if let word = take(Maneuver.Modifier.allCases.map(\.rawValue)) {
      step.modifier = Maneuver.Modifier(rawValue: word)
    }
    if rest.hasPrefix("exit ") {
      let digits = rest.dropFirst(5).prefix { $0.isNumber }
      if let n = Int(digits), rest.dropFirst(5 + digits.count).first.map({ $0 == " " }) ?? true {
        step.exit = n
        rest = rest.dropFirst(5 + digits.count).drop { $0 == " " }
      }
    }
    if !rest.isEmpty {
      if rest.count >= 2, rest.first == "\"", rest.last == "\"" {
        step.name = String(rest.dropFirst().dropLast())
      } else {
        step.name = String(rest)
      }
    }
    return step
  }

  /// `name`, quoted when it is empty or could be read as part of the maneuver.
  static func quotedIfNeeded(_ name: String) -> String {
    let words = Maneuver.Modifier.allCases.map(\.rawValue) + ["exit"]
    if name.isEmpty || name.contains(",") || name.hasPrefix("\"")
      || words.contains(where: { name == $0 || name.hasPrefix($0 + " ") })
    {
      return "\"\(name)\""
    }
    return name
  }
}
