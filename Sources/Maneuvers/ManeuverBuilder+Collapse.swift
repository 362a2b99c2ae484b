import Geo
import Navigation
import Routing

extension ManeuverBuilder {
  /// Folds maneuvers that come in quick succession into one (a jog that comes out straight
  /// on, as through a staggered crossing, into none), and drops name changes that lead back
  /// onto the name the route was already on.
  func collapse(_ drafts: [Draft]) -> [Draft] {
    let foldable: Set<Maneuver.Kind> = [.turn, .continue, .newName, .endOfRoad, .fork]
    var out: [Draft] = []
    var i = 0
    while i < drafts.count {
      var step = drafts[i]
      while i + 1 < drafts.count - 1, foldable.contains(step.maneuver.kind),
        foldable.contains(drafts[i + 1].maneuver.kind),
        step.distance < 12 || (step.distance < 40 && step.name.isEmpty && step.ref == nil)
          || (step.distance < 100 && step.maneuver.kind == .newName
            && step.maneuver.modifier == .straight && drafts[i + 1].maneuver.kind == .newName)
      {
        let next = drafts[i + 1]
        let angle = Angle.difference(
          from: step.maneuver.bearingBefore, to: next.maneuver.bearingAfter)
        let modifier = TurnClassifier.modifier(angle: angle)
        var kind = next.maneuver.kind == .newName ? step.maneuver.kind : next.maneuver.kind
        // Across a short connector the road ended only if it ended where the fold starts.
        if kind == .endOfRoad && step.maneuver.kind != .endOfRoad { kind = .turn }
        if modifier == .uTurn { kind = out.last?.name == next.name ? .continue : .turn }
        if kind == .newName && modifier != .straight { kind = .turn }
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
        if step.lanes.isEmpty { step.lanes = next.lanes }
        if step.signpost == nil { step.signpost = next.signpost }
        i += 1
      }
      if let previous = out.last, step.maneuver.kind == .newName,
        previous.name == step.name, previous.ref == step.ref,
        [.straight, .slightLeft, .slightRight].contains(step.maneuver.modifier)
      {
        out[out.count - 1].append(step.geometry)
        out[out.count - 1].distance += step.distance
        out[out.count - 1].duration += step.duration
      } else {
        out.append(step)
      }
      i += 1
    }
    return out
  }
}
