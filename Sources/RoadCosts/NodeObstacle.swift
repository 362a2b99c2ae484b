/// What a node on a road does to a car passing it, read from the node's tags as OSRM's car
/// profile reads them: a barrier closes the road there, a gate or a signal slows it.
///
/// The node's own access (the most specific of `motorcar`, `motor_vehicle`, `vehicle`,
/// `access`) decides first: one closed to cars (`no`, `agricultural`, `psv`…) closes the
/// road; one open or only restricted (`yes`, `private`, `destination`…) lets it pass.
/// Without one, a `barrier` closes the road unless a car passes it: a gate or a lift gate
/// (one minute), a cattle grid, a border control, a toll booth, an entrance, an arch, a
/// rising bollard, a lowered kerb. A traffic signal or a stop sign costs 2 s, a give-way
/// sign 1 s. Route choice only: the route's time is told by the speeds.
public enum NodeObstacle: Equatable, Sendable {
  /// Passed in `seconds` more.
  case delay(seconds: Double)
  /// Not passed: a car turns back there.
  case closed

  /// What a node with `tags` does; nil when it does nothing to a car.
  public static func of(_ tags: [String: String]) -> NodeObstacle? {
    guard !tags.isEmpty else { return nil }
    if let access = AccessTags.mostSpecific(tags) {
      if closingAccess.contains(access) { return .closed }
    } else if let barrier = tags["barrier"] {
      if barrier == "gate" || barrier == "lift_gate" { return .delay(seconds: gateSeconds) }
      if !passable(barrier: barrier, tags: tags) { return .closed }
    }
    switch tags["highway"] {
    case "traffic_signals", "stop": return .delay(seconds: 2)
    case "give_way": return .delay(seconds: 1)
    default: return nil
    }
  }

  /// Seconds for passing a gate.
  public static let gateSeconds = 60.0

  private static func passable(barrier: String, tags: [String: String]) -> Bool {
    switch barrier {
    case "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance",
      "arch", "height_restrictor":
      return true
    case "bollard": return tags["bollard"] == "rising"
    case "kerb":
      return ["lowered", "flush"].contains(tags["kerb"] ?? "") || tags["highway"] == "crossing"
    case "fence": return ["audible", "audio"].contains(tags["sensory"] ?? "")
    default: return false
    }
  }

  /// Node access values that close the road to cars.
  static let closingAccess: Set<String> = [
    "no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus",
    "bus", "foot", "emergency_vehicle", "military", "official", "restricted",
  ]
}
