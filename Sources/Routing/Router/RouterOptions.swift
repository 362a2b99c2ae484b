import Navigation

/// How a car drives the road graph: what a turn costs, how far ends may be snapped, which
/// alternatives are worth offering.
///
/// Edge times are the edge's length at its free-flow speed (`RoadEdge.duration`); traffic
/// signals cost nothing (the map has none). Turn costs are added at real junctions only
/// (where more than one way onward is allowed); a bend in a road costs nothing.
public struct RouterOptions: Sendable, Equatable {
  /// Seconds for a slight turn (20°–45° off straight).
  public var slightTurnCost = 1.0
  /// Seconds for a normal turn (45°–135°) to the driving side (right in Finland): no
  /// oncoming traffic to cross.
  public var nearSideTurnCost = 3.0
  /// Seconds for a normal turn across oncoming traffic (left in Finland).
  public var farSideTurnCost = 6.0
  /// Seconds added to a turn for being sharp (135°–170°).
  public var sharpTurnExtra = 3.0
  /// Seconds for a U-turn (170° or more, or back along the edge just driven). Back along
  /// the same road is only allowed where nothing else is: at a dead end, or where
  /// restrictions leave no other way.
  public var uTurnCost = 60.0
  /// Seconds added to the search, not to the route's duration, for driving onto a
  /// destination-only road (`RoadEdge.isDestinationOnly`) from one open to all: enough that
  /// such a road is used only to reach a destination on it or behind it, not as a shortcut
  /// (Valhalla's `destination_only_penalty` is the same 600 s).
  public var destinationOnlyEntryCost = 600.0
  /// Which side of the road traffic keeps to.
  public var drivingSide: Maneuver.Side = .right
  /// How far from a road the start and destination may be, metres.
  public var snapRadius = 200.0
  /// A start heading within this many degrees of an edge's direction means the car is
  /// already driving that way.
  public var headingTolerance = 60.0
  /// Seconds for starting against the heading: turning round on the spot while moving.
  /// Dearer than a U-turn at a junction, so that a moving car is sent on to turn where
  /// turning is easier (around a block, at a dead end) unless that is far.
  public var startAgainstHeadingCost = 120.0
  /// An alternative may share at most this fraction of the fastest route's length with it
  /// (and with every other alternative).
  public var alternativeMaximumShare = 0.7
  /// An alternative may take at most this many times the fastest route's duration.
  public var alternativeMaximumStretch = 1.3

  public init() {}

  /// Seconds for turning by `angle` degrees (signed: positive is to the right, ±180 is
  /// back) at a junction.
  public func turnCost(angle: Double) -> Double {
    let magnitude = abs(angle)
    if magnitude < 20 { return 0 }
    if magnitude < 45 { return slightTurnCost }
    if magnitude >= 170 { return uTurnCost }
    let nearSide = (angle > 0) == (drivingSide == .right)
    let base = nearSide ? nearSideTurnCost : farSideTurnCost
    return magnitude >= 135 ? base + sharpTurnExtra : base
  }
}
