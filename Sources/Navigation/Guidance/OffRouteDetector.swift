/// Decides that the vehicle has left the route, with hysteresis.
///
/// One fix far from the route is a GPS jump, not a wrong turn: the detector needs
/// `requiredFixes` consecutive suspicious fixes. A fix is suspicious when it is more than
/// `farDistance` from the route, or more than `nearDistance` away while heading off the
/// route's direction by more than `headingTolerance` (moving), or against the route's
/// direction at any distance (`RouteMatch.isAgainstRoute`: the wrong way along the road).
/// With the 3 m noise and 20–35 m jumps of a poor receiver this never fires; after a
/// missed turn it fires within a few seconds.
public struct OffRouteDetector: Sendable, Equatable {
  public var farDistance = 40.0
  public var nearDistance = 20.0
  public var headingTolerance = 60.0
  public var requiredFixes = 3

  public private(set) var suspicious = 0

  public init() {}

  /// Feeds one matched fix; returns true when the vehicle is judged off the route.
  public mutating func update(_ match: RouteMatch) -> Bool {
    let headingOff = (match.headingDifference ?? 0) > headingTolerance
    if match.crossTrack > farDistance || (match.crossTrack > nearDistance && headingOff)
      || match.isAgainstRoute
    {
      suspicious += 1
    } else {
      suspicious = 0
    }
    return suspicious >= requiredFixes
  }

  public mutating func reset() { suspicious = 0 }
}
