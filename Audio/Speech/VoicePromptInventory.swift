import Geo
import Navigation

/// Every kind of prompt the guidance can give in one language, built the way the
/// announcement planner builds them: route steps through the phrasebook.
///
/// Covers each maneuver kind × modifier (and roundabout exit) whose wording the
/// phrasebook distinguishes, without and with a road name (the longest Helsinki name,
/// with non-ASCII letters) and with only a road number; motorway exits by their number and
/// where they lead (finals name one place, as the planner's do; an early prompt two);
/// early prompts at several
/// distances; depart in each compass direction; the arrival on either side or ahead;
/// "…, then …" chains of two and three maneuvers; and continue-for prompts.
public enum VoicePromptInventory {
  /// Road names from central Helsinki: the longest, with non-ASCII letters, first.
  public static let roads = ["Töölönlahdenkatu", "Pohjoisesplanadi", "Mannerheimintie"]
  /// A road known only by its number.
  public static let roadNumber = "E12"
  /// Places a motorway sign points to.
  public static let signedPlaces = ["Kamppi", "Pasila"]
  /// Distances of early prompts, metres.
  public static let earlyDistances: [Double] = [50, 200, 400, 1500]
  /// Distances of continue-for prompts, metres.
  public static let continueDistances: [Double] = [2000, 5000, 12_500]
  /// Roundabout exits rendered (the spelled ordinals a real roundabout needs).
  public static let roundaboutExits = 1...6

  /// All prompts for `phrases`, names unique, in a stable order.
  public static func prompts(_ phrases: Phrasebook) -> [VoicePrompt] {
    var prompts: [VoicePrompt] = []
    var seen: Set<[String]> = []
    for (name, maneuver) in maneuvers() {
      let bare = step(maneuver)
      let plain = phrases.instruction(for: bare)
      let named = phrases.instruction(for: step(maneuver, name: roads[0]))
      // Kinds the phrasebook words alike (a new name to the left is a continue left)
      // are one prompt, under the first kind's name.
      guard seen.insert([plain, named]).inserted else { continue }
      prompts.append(VoicePrompt(name: name, stage: .final, text: plain))
      if named != plain {
        prompts.append(VoicePrompt(name: name + "-road", stage: .final, text: named))
        let numbered = phrases.instruction(for: step(maneuver, ref: roadNumber))
        if name == "turn-right" {
          prompts.append(VoicePrompt(name: name + "-number", stage: .final, text: numbered))
        }
      }
    }

    var exitSigned = step(.init(.offRamp, .slightRight))
    exitSigned.signpost = Signpost(exits: ["4"], destinations: signedPlaces)
    let signed: [(String, Maneuver, Signpost)] = [
      ("off-ramp-right-exit", .init(.offRamp, .slightRight), Signpost(exits: ["12A"])),
      (
        "off-ramp-right-exit-towards", .init(.offRamp, .slightRight),
        Signpost(exits: ["4"], destinations: [signedPlaces[0]])
      ),
      ("fork-left-towards", .init(.fork, .slightLeft), Signpost(destinations: [signedPlaces[0]])),
    ]
    for (name, maneuver, sign) in signed {
      var signedStep = step(maneuver)
      signedStep.signpost = sign
      prompts.append(
        VoicePrompt(name: name, stage: .final, text: phrases.instruction(for: signedStep)))
    }

    for side in [nil, Maneuver.Side.left, .right] {
      let text = phrases.arrival(for: arrival(side))
      prompts.append(
        VoicePrompt(
          name: "arrive" + (side.map { "-\($0.rawValue)" } ?? ""), stage: .final, text: text))
    }

    let early: [(String, String)] = [
      ("turn-left-road", phrases.instruction(for: step(.init(.turn, .left), name: roads[2]))),
      (
        "roundabout-exit-2-road",
        phrases.instruction(for: step(.init(.roundabout, exit: 2), name: roads[1]))
      ),
      ("keep-right", phrases.instruction(for: step(.init(.continue, .slightRight)))),
      ("arrive-left", phrases.arrival(for: arrival(.left))),
    ]
    let earlySigned = ("off-ramp-right-exit-towards", phrases.instruction(for: exitSigned))
    for metres in earlyDistances {
      for (name, instruction) in early + (metres == earlyDistances.last ? [earlySigned] : []) {
        prompts.append(
          VoicePrompt(
            name: "early-\(label(metres))-\(name)", stage: .early,
            text: phrases.inDistance(metres, instruction)))
      }
    }

    let compass = [
      "north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest",
    ]
    for (i, direction) in compass.enumerated() {
      var depart = step(.init(.depart), name: "")
      depart.maneuver.bearingAfter = Double(i) * 45
      prompts.append(
        VoicePrompt(name: "depart-\(direction)", stage: .depart, text: phrases.depart(for: depart)))
      depart.name = roads[1]
      prompts.append(
        VoicePrompt(
          name: "depart-\(direction)-road", stage: .depart, text: phrases.depart(for: depart)))
    }
    var departNorth = step(.init(.depart), name: roads[1])
    departNorth.maneuver.bearingAfter = 0
    prompts.append(
      VoicePrompt(
        name: "depart-north-road-then-turn-right", stage: .depart, maneuvers: 2,
        text: phrases.then(
          phrases.depart(for: departNorth),
          phrases.instruction(for: step(.init(.turn, .right), name: roads[2])))))

    let left = phrases.instruction(for: step(.init(.turn, .left)))
    let leftRoad = phrases.instruction(for: step(.init(.turn, .left), name: roads[2]))
    let right = phrases.instruction(for: step(.init(.turn, .right)))
    let rightRoad = phrases.instruction(for: step(.init(.turn, .right), name: roads[1]))
    let uTurn = phrases.instruction(for: step(.init(.turn, .uTurn)))
    let keepLeft = phrases.instruction(for: step(.init(.continue, .slightLeft)))
    let exit1 = phrases.instruction(for: step(.init(.roundabout, exit: 1)))
    let arrive = phrases.arrival(for: arrival(nil))
    let chains: [(String, [String])] = [
      ("turn-left-road-turn-right-road", [leftRoad, rightRoad]),
      ("turn-left-turn-right", [left, right]),
      ("turn-right-uturn", [right, uTurn]),
      ("roundabout-exit-1-keep-left", [exit1, keepLeft]),
      ("turn-right-arrive", [right, arrive]),
      ("turn-left-turn-right-arrive", [left, right, arrive]),
    ]
    for (name, texts) in chains {
      let text = texts.dropFirst().reduce(texts[0]) { phrases.then($0, $1) }
      prompts.append(
        VoicePrompt(name: "then-" + name, stage: .final, maneuvers: texts.count, text: text))
    }

    for metres in continueDistances {
      prompts.append(
        VoicePrompt(
          name: "continue-\(label(metres))", stage: .continue, text: phrases.continueFor(metres)))
    }
    return prompts
  }

  /// Kind × modifier (and exit) combinations in a stable order, with their names.
  ///
  /// The order decides which name a wording shared by several combinations gets: common
  /// kinds and plain modifiers first ("continue-left", not "new-name-left"; "merge-right",
  /// not "merge-sharp-right"). No modifier reads as straight and is named by the kind.
  static func maneuvers() -> [(String, Maneuver)] {
    let first: [Maneuver.Kind] = [.turn, .continue, .newName, .notification]
    let kinds =
      first
      + Maneuver.Kind.allCases.filter { !first.contains($0) && $0 != .depart && $0 != .arrive }
    let modifiers: [Maneuver.Modifier] = [
      .left, .right, .slightLeft, .slightRight, .sharpLeft, .sharpRight, .uTurn, .straight,
    ]
    var out: [(String, Maneuver)] = []
    for kind in kinds {
      let kindName = slug(kind.rawValue)
      if kind == .roundabout || kind == .rotary {
        for exit in roundaboutExits {
          out.append(("\(kindName)-exit-\(exit)", Maneuver(kind, exit: exit)))
        }
      }
      out.append((kindName, Maneuver(kind)))
      for modifier in modifiers {
        out.append(("\(kindName)-\(slug(modifier.rawValue))", Maneuver(kind, modifier)))
      }
    }
    return out
  }

  private static func slug(_ text: String) -> String {
    text.split(separator: " ").joined(separator: "-")
  }

  /// "50m", "1.5km", "2km".
  private static func label(_ metres: Double) -> String {
    if metres < 1000 { return "\(Int(metres))m" }
    let km = metres / 1000
    return km == km.rounded() ? "\(Int(km))km" : "\(km)km"
  }

  private static func step(_ maneuver: Maneuver, name: String = "", ref: String? = nil)
    -> RouteStep
  {
    RouteStep(
      maneuver: maneuver, name: name, ref: ref, distance: 500, duration: 40,
      geometry: [maneuver.location])
  }

  private static func arrival(_ side: Maneuver.Side?) -> RouteStep {
    let modifier: Maneuver.Modifier? =
      switch side {
      case .left: .left
      case .right: .right
      case nil: nil
      }
    return step(Maneuver(.arrive, modifier))
  }
}

extension Maneuver {
  /// A maneuver at no particular place, for wording only.
  fileprivate init(_ kind: Kind, _ modifier: Modifier? = nil, exit: Int? = nil) {
    self.init(
      kind: kind, modifier: modifier, exit: exit,
      location: Coordinate(latitude: 60.17, longitude: 24.94))
  }
}
