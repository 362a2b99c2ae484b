import Foundation
import Geo

/// A route prepared for guidance: one polyline for the whole route and, for every step,
/// where its maneuver lies along it.
///
/// Maneuver `i` is the maneuver of `steps[i]`; step `i` runs from `stepStart[i]` to
/// `stepStart[i + 1]` (the last step, the arrival, has length zero).
public struct GuidanceRoute: Sendable {
  public let route: Route
  public let steps: [RouteStep]
  public let line: Polyline
  /// Offset in metres along `line` of each step's maneuver.
  public let stepStart: [Double]
  /// Expected time from each maneuver to the destination, seconds.
  private let durationAfter: [Double]

  public init(_ route: Route) {
    self.route = route
    steps = route.steps
    var joined: [Coordinate] = []
    var startVertex: [Int] = []
    for step in steps {
      var geometry = step.geometry
      if geometry.isEmpty { geometry = [step.maneuver.location] }
      if let last = joined.last, last == geometry[0] {
        startVertex.append(joined.count - 1)
        joined.append(contentsOf: geometry.dropFirst())
      } else {
        startVertex.append(joined.count)
        joined.append(contentsOf: geometry)
      }
    }
    if joined.count == 1 { joined.append(joined[0]) }
    let line = Polyline(joined)
    self.line = line
    stepStart = startVertex.map { line.cumulative[$0] }
    var after = [Double](repeating: 0, count: steps.count + 1)
    for i in stride(from: steps.count - 1, through: 0, by: -1) {
      after[i] = after[i + 1] + steps[i].duration
    }
    durationAfter = after
  }

  public var length: Double { line.length }
  public var destination: Coordinate { line.coordinates.last ?? line.projection.origin }

  /// Index of the step being driven at `offset`: the last step whose maneuver is at or
  /// before it (never the arrival step unless `offset` reaches the end).
  public func stepIndex(at offset: Double) -> Int {
    var lo = 0
    var hi = steps.count - 1
    if offset >= length { return hi }
    hi -= 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if stepStart[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// Length of step `i` along the line, metres.
  public func stepLength(_ i: Int) -> Double {
    i + 1 < stepStart.count ? stepStart[i + 1] - stepStart[i] : 0
  }

  /// Expected speed on step `i`, metres per second (from the route's own estimate).
  public func expectedSpeed(_ i: Int) -> Double {
    let step = steps[i]
    guard step.duration > 0, step.distance > 0 else { return 8 }
    return step.distance / step.duration
  }

  /// Expected time in seconds from `offset` to the maneuver of step `i` (i > step at offset).
  public func expectedTime(from offset: Double, toManeuver i: Int) -> Double {
    let current = stepIndex(at: offset)
    guard i > current else { return 0 }
    let length = stepLength(current)
    let left = length > 0 ? max(0, stepStart[current + 1] - offset) / length : 0
    return left * steps[current].duration + durationAfter[current + 1] - durationAfter[i]
  }

  /// Expected time in seconds from `offset` to the destination.
  public func expectedTimeRemaining(from offset: Double) -> Double {
    expectedTime(from: offset, toManeuver: steps.count - 1)
  }
}
