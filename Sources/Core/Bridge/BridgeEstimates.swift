/// Remaining distance (metres) and time (seconds); a negative value is unknown ("--").
public struct BridgeEstimates: Sendable, Hashable {
  public var distanceRemaining: Double
  public var timeRemaining: Double

  public init(distanceRemaining: Double, timeRemaining: Double) {
    self.distanceRemaining = distanceRemaining
    self.timeRemaining = timeRemaining
  }
}
