import Navigation

/// The road the vehicle is on, as the map (or the route) knows it: its name for the pill at
/// the bottom of the map, and its legal limit in the direction driven.
public struct DrivenRoad: Sendable, Hashable {
  /// The name, else the principal reference ("E18"); nil when the road has neither.
  public var name: String?
  public var speedLimit: SpeedLimit?

  public init(name: String?, speedLimit: SpeedLimit?) {
    self.name = name
    self.speedLimit = speedLimit
  }
}
