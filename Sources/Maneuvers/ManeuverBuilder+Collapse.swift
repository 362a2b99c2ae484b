import Geo
import Navigation
import Routing

extension ManeuverBuilder {
  /// Folds maneuvers that come in quick succession into one (a jog that comes out straight
  /// on, as through a staggered crossing, into none), and drops name changes that lead back
  /// onto the name the route was already on or whose name lasts less than `shortName`.
  func collapse(_ drafts: [Draft]) -> [Draft] {
    var out: [Draft] = []
    var i = 0
    while i < drafts.count {
      var step = drafts[i]
      while i + 1 < drafts.count - 1, folds(step, into: drafts[i + 1], after: out.last) {
        let next = drafts[i + 1]
        let modifier = Self.combinedModifier(step, next)
        var kind = next.maneuver.kind == .newName ? step.maneuver.kind : next.maneuver.kind
        // Across a short connector the road ended only if it ended where the fold starts.
        if kind == .endOfRoad && step.maneuver.kind != .endOfRoad { kind = .turn }
        if modifier == .uTurn { kind = out.last?.name == next.name ? .continue : .turn }
        // Two ways on under new names are one way on; a name change folded into a turn
        // is that turn.
        let bothNamed = step.maneuver.kind == .newName && next.maneuver.kind == .newName
        if kind == .newName && modifier != .straight && !bothNamed { kind = .turn }
        // A jog that comes out straight on (a staggered crossing) is no turn at all.
        if modifier == .straight && [.turn, .continue, .endOfRoad].contains(kind) {
          kind = .newName
        }
        step.maneuver.kind = kind
        step.maneuver.modifier = modifier
        step.maneuver.bearingAfter = next.maneuver.bearingAfter
        step.name = next.name
        step.ref = next.ref
        step.append(next.geometry)
        step.distance += next.distance
        step.duration += next.duration
        step.classes.formUnion(next.classes)
        if step.lanes.isEmpty { step.lanes = next.lanes }
        if step.signpost == nil { step.signpost = next.signpost }
        i += 1
      }
      // A name change back onto the name already on, or onto a name held for less than
      // `shortName` metres, is no step.
      if let previous = out.last, step.maneuver.kind == .newName,
        previous.name == step.name && previous.ref == step.ref
          || step.distance < Self.shortName && step.lanes.isEmpty,
        step.maneuver.modifier != .uTurn
      {
        out[out.count - 1].append(step.geometry)
        out[out.count - 1].distance += step.distance
        out[out.count - 1].duration += step.duration
        out[out.count - 1].classes.formUnion(step.classes)
      } else {
        out.append(step)
      }
      i += 1
    }
    return out
  }

  /// Metres under a new name below which the name change is not told (OSRM's cut-off).
  static var shortName: Double { 105 }

  /// Whether `step` is short enough to fold into the maneuver that ends it, `next`: both
  /// maneuvers plain turns or name changes, and `step` under 12 m, under 40 m with neither
  /// name nor ref (a connector across a median), or a name change straight on under 100 m
  /// followed by another (a bridge's own name), or a slight turn under 40 m before a turn
  /// the same way (a sliproad: one turn, where the sliproad leaves). A jog that comes out straight on over a
  /// road of its own (named other than the road it leads onto) folds only up to 3 m (one
  /// crossing mapped as two nodes): a longer one is a turn each way.
  func folds(_ step: Draft, into next: Draft, after previous: Draft? = nil) -> Bool {
    let foldable: Set<Maneuver.Kind> = [.turn, .continue, .newName, .endOfRoad, .fork]
    guard foldable.contains(step.maneuver.kind), foldable.contains(next.maneuver.kind) else {
      return false
    }
    let nameless = step.name.isEmpty && step.ref == nil
    // Two turns the same way along a named road of its own onto a third road (not back
    // onto the road left, as through a median), sharp or back taken together: each is told
    // ("turn right, then turn right" round a square).
    let turns: Set<Maneuver.Modifier> = [
      .slightLeft, .slightRight, .left, .right, .sharpLeft, .sharpRight,
    ]
    if !nameless, let a = step.maneuver.modifier, let b = next.maneuver.modifier,
      turns.contains(a), turns.contains(b), a.side == b.side,
      [.sharpLeft, .sharpRight, .uTurn].contains(Self.combinedModifier(step, next)),
      let previous, (previous.name, previous.ref) != (next.name, next.ref),
      (step.name, step.ref) != (next.name, next.ref)
    {
      return false
    }
    // A sliproad: bearing off gently onto a short road that turns the same way at its end.
    let slight: Set<Maneuver.Modifier> = [.slightLeft, .slightRight]
    if let bearing = step.maneuver.modifier, slight.contains(bearing), step.distance < 40,
      let turn = next.maneuver.modifier, !slight.contains(turn), turn != .straight,
      turn != .uTurn, turn.side == bearing.side, next.maneuver.kind != .newName
    {
      return true
    }
    if step.maneuver.kind == .newName && step.maneuver.modifier == .straight
      && next.maneuver.kind == .newName
    {
      return step.distance < 100
    }
    if nameless { return step.distance < 40 }
    let jog =
      step.maneuver.kind != .newName && (step.name, step.ref) != (next.name, next.ref)
      && Self.combinedModifier(step, next) == .straight
      && step.maneuver.modifier?.side != next.maneuver.modifier?.side
    return step.distance < (jog ? 3 : 12)
  }

  /// The modifier of `step`'s maneuver and `next`'s taken as one.
  static func combinedModifier(_ step: Draft, _ next: Draft) -> Maneuver.Modifier {
    TurnClassifier.modifier(
      angle: Angle.difference(from: step.maneuver.bearingBefore, to: next.maneuver.bearingAfter))
  }
}
