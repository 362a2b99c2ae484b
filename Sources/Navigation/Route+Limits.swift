import Foundation
import Geo
import JSON

/// The ranges every reader holds a route's numbers to, so nothing downstream (estimates,
/// arrival times, the saved trip) meets a number it cannot turn into a time or a distance.
extension Route {
  /// The longest route, leg or step, in metres: twice round the Earth.
  public static let distanceLimit = 8e7
  /// The longest time a route, leg or step may take, in seconds: a year.
  public static let durationLimit = 3.2e7

  /// The distances a reader accepts.
  public static let distanceRange = 0...distanceLimit
  /// The durations a reader accepts.
  public static let durationRange = 0...durationLimit

  /// What is out of range in the route, as a path into it (`legs[0].steps[3].duration:
  /// expected 0–32000000, got 1e+20`); nil when every number is in range. For routes that
  /// did not come through a reader that checks them (a saved trip, another router).
  public var problem: String? {
    let check = Self.rangeProblem
    if let problem = check(distance, Self.distanceRange, "distance")
      ?? check(duration, Self.durationRange, "duration")
    {
      return problem
    }
    for (l, leg) in legs.enumerated() {
      if let problem = check(leg.distance, Self.distanceRange, "legs[\(l)].distance")
        ?? check(leg.duration, Self.durationRange, "legs[\(l)].duration")
      {
        return problem
      }
      for (s, step) in leg.steps.enumerated() {
        let path = "legs[\(l)].steps[\(s)]"
        if let problem = check(step.distance, Self.distanceRange, "\(path).distance")
          ?? check(step.duration, Self.durationRange, "\(path).duration")
        {
          return problem
        }
        if step.geometry.isEmpty { return "\(path).geometry: expected at least one point" }
        for point in step.geometry + [step.maneuver.location] where !point.isValid {
          return "\(path): a point at \(point.latitude), \(point.longitude) is not on the Earth"
        }
      }
    }
    return speedLimits?.problem.map { "speedLimits.\($0)" }
  }

  /// `path: expected 0–80000000, got 1e+20` when `value` is outside `range`; nil inside.
  public static func rangeProblem(
    _ value: Double, _ range: ClosedRange<Double>, _ path: String
  ) -> String? {
    range.contains(value)
      ? nil
      : "\(path): expected \(JSONValue.format(range.lowerBound))–"
        + "\(JSONValue.format(range.upperBound)), got \(value)"
  }
}
