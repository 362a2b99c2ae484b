import Navigation

/// How a route's steps differ from the expected ones, in the terms a driver feels: an
/// instruction to the wrong side, a roundabout exit miscounted, an instruction missing or
/// one too many, or only the words (`new name` against nothing, `slight left` against
/// `left`, `exit roundabout` steps, a differing road name).
///
/// Each step but depart and arrive is reduced to what the driver does: a roundabout with
/// its exit number, or the side of the turn (left, right, straight on, U-turn); name
/// changes, roundabout exits, notifications and boarding or leaving a ferry straight on
/// (OSRM's notification of the mode change) reduce to nothing; a ferry boarded or left by
/// a turn is that turn. Equal reductions are a
/// difference of vocabulary; otherwise the two are aligned (fewest edits) and each edit
/// named.
public struct ManeuverDifference: Sendable, Equatable {
  public var wrongSide = 0
  public var roundaboutExit = 0
  public var missing = 0
  public var needless = 0
  /// A turn where straight on was expected or the reverse, a U-turn against a turn.
  public var otherwise = 0
  /// The maneuvers are the expected ones in other words, or only a name differs.
  public var vocabularyOnly = false

  /// No difference at all.
  public init() {}

  public var isExact: Bool { self == ManeuverDifference() }

  enum Token: Equatable {
    case roundabout(Int?)
    case side(Int)
    case uTurn
  }

  static func tokens(_ steps: [ExpectedManeuver]) -> [Token] {
    steps.compactMap { step in
      switch step.kind {
      case .depart, .arrive, .newName, .exitRoundabout, .exitRotary, .notification:
        return nil
      case .enterFerry, .exitFerry:
        // OSRM tells the mode change as a notification where it goes straight on, as a turn
        // where it turns: boarding or leaving straight on is no move of its own.
        guard let modifier = step.modifier else { return nil }
        if modifier == .uTurn { return .uTurn }
        return modifier.side == 0 ? nil : .side(modifier.side)
      case .roundabout, .rotary, .roundaboutTurn: return .roundabout(step.exit)
      default:
        guard let modifier = step.modifier else { return .side(0) }
        return modifier == .uTurn ? .uTurn : .side(modifier.side)
      }
    }
  }

  /// The difference between `expected` and `got` (exact when every step matches).
  public init(expected: [ExpectedManeuver], got: [ExpectedManeuver]) {
    if expected.count == got.count && zip(expected, got).allSatisfy({ $0.matches($1) }) {
      return
    }
    let a = Self.tokens(expected)
    let b = Self.tokens(got)
    if a == b {
      vocabularyOnly = true
      return
    }
    // Edit distance with substitutions, then walk back naming each edit.
    var cost = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { cost[i][0] = i }
    for j in 0...b.count { cost[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        cost[i][j] = min(
          cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), cost[i - 1][j] + 1,
          cost[i][j - 1] + 1)
      }
    }
    var i = a.count
    var j = b.count
    while i > 0 || j > 0 {
      if i > 0 && j > 0 && cost[i][j] == cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1) {
        if a[i - 1] != b[j - 1] { name(a[i - 1], b[j - 1]) }
        i -= 1
        j -= 1
      } else if i > 0 && cost[i][j] == cost[i - 1][j] + 1 {
        missing += 1
        i -= 1
      } else {
        needless += 1
        j -= 1
      }
    }
  }

  private mutating func name(_ expected: Token, _ got: Token) {
    switch (expected, got) {
    case (.roundabout, .roundabout): roundaboutExit += 1
    case (.side(let x), .side(let y)) where x != 0 && y != 0 && x != y: wrongSide += 1
    default: otherwise += 1
    }
  }
}

extension ManeuverDifference {
  /// `wrong side 1, missing 2` or `words only`.
  public var summary: String {
    if isExact { return "exact" }
    if vocabularyOnly { return "words only" }
    let parts = [
      ("wrong side", wrongSide), ("roundabout exit", roundaboutExit), ("missing", missing),
      ("needless", needless), ("otherwise", otherwise),
    ].filter { $0.1 > 0 }.map { "\($0.0) \($0.1)" }
    return parts.isEmpty ? "names differ" : parts.joined(separator: ", ")
  }
}
