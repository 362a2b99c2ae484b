import Navigation

/// One maneuver an app supplies for its own navigation session (CarPlay's `CPManeuver`):
/// the symbol, the instruction variants (longest first), the road after it, and its
/// initial estimates.
public struct BridgeManeuver: Sendable, Hashable {
  public var id: String
  public var type: ManeuverType
  public var instructionVariants: [String]
  public var road: String
  public var drivingSide: Maneuver.Side
  /// Distance and time from the previous maneuver, nil when not given.
  public var estimates: BridgeEstimates?

  public init(
    id: String, type: ManeuverType, instructionVariants: [String], road: String = "",
    drivingSide: Maneuver.Side = .right, estimates: BridgeEstimates? = nil
  ) {
    self.id = id
    self.type = type
    self.instructionVariants = instructionVariants
    self.road = road
    self.drivingSide = drivingSide
    self.estimates = estimates
  }
}
