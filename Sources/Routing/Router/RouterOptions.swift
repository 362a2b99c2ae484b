import Foundation
import Navigation

/// How a car drives the road graph: what a turn costs, how far ends may be snapped, which
/// alternatives are worth offering.
///
/// Edge costs are the edge's length at its routing speed (`RoadEdge.weight`, signals
/// included); the route's time is told by its free-flow speed (`RoadEdge.duration`). Turn
/// costs count in both, and are added at real junctions only (where more than one way
/// onward is allowed); a bend in a road costs nothing. They rise with the angle along a
/// logistic curve to `turnPenalty` (the curve OSRM fits to measured turns), a turn away
/// from the driving side cheaper than one across it, which also waits for a gap in the
/// oncoming traffic (`oncomingTurnPenalty`, fading out for slight turns).
public struct RouterOptions: Sendable, Equatable {
  /// Seconds the sharpest turn costs.
  public var turnPenalty = 7.5
  /// How much cheaper a turn to the driving side is than one across the traffic: the
  /// curve's steepness and middle are divided and multiplied by it.
  public var turnBias = 1.075
  /// Seconds of waiting for oncoming traffic on a turn across it, at the most.
  public var oncomingTurnPenalty = 2.0
  /// Seconds for a U-turn (170° or more, or back along the edge just driven). Back along
  /// the same road is only allowed where nothing else is: at a dead end, or where
  /// restrictions leave no other way.
  public var uTurnCost = 27.5
  /// Seconds added to the search, not to the route's duration, for driving onto a
  /// destination-only road (`RoadEdge.isDestinationOnly`) from one open to all: enough that
  /// such a road is used only to reach a destination on it or behind it, not as a shortcut
  /// (Valhalla's `destination_only_penalty` is the same 600 s).
  public var destinationOnlyEntryCost = 600.0
  /// Seconds added to the search for driving onto a road under works (`construction=*`
  /// on the road itself, other than `minor`, `widening` or `no`; `RoadEdge.isUnderWorks`)
  /// from one that is not: the works may close it, so it is driven only to reach a
  /// destination on it or when nothing else gets there within this time.
  public var worksEntryCost = 3600.0
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
  /// An alternative may cost at most this many times the fastest route's cost
  /// (`RoutePath.cost`).
  public var alternativeMaximumStretch = 1.3
  /// The kinds of road the route must not use where a route without them exists
  /// (`Router.paths`); the costs, and so the hierarchy, do not depend on them.
  public var avoid: AvoidableRoads = []

  public init() {}

  /// The default options for a map whose traffic keeps to `drivingSide`.
  public init(drivingSide: Maneuver.Side) {
    self.drivingSide = drivingSide
  }

  /// Seconds for turning by `angle` degrees (signed: positive is to the right, ±180 is
  /// back) at a junction.
  public func turnCost(angle: Double) -> Double {
    let magnitude = abs(angle)
    if magnitude >= 170 { return uTurnCost }
    let towardSide = (angle > 0) == (drivingSide == .right)
    let steepness = towardSide ? 13 / turnBias : 13 * turnBias
    let middle = towardSide ? 6.5 * turnBias : 6.5 / turnBias
    var cost = turnPenalty / (1 + exp(-(steepness * magnitude / 180 - middle)))
    if !towardSide {
      cost += oncomingTurnPenalty / (1 + exp(-(13 * magnitude / 180 - 3.25)))
    }
    return cost
  }
}
