import Foundation
import Geo

/// Where a fix lies on the route.
public struct RouteMatch: Sendable, Equatable {
  /// Metres along the route.
  public var offset: Double
  /// Metres between the fix and the route.
  public var crossTrack: Double
  /// The matched point on the route.
  public var coordinate: Coordinate
  /// Direction of the route there, degrees.
  public var bearing: Double
  /// Absolute difference between the fix's course and `bearing`, degrees; nil when the
  /// vehicle is too slow for its course to mean anything, or the receiver gave none.
  public var headingDifference: Double?
}

/// Matches fixes to a route, fix after fix.
///
/// It searches a window around where the last good match predicts the vehicle to be, and
/// scores candidates by distance, heading and continuity, so that a route which doubles
/// back on itself (a U-turn, a loop) is followed in the right direction. Matches farther
/// than `acceptDistance` from the route are reported but do not move the window.
public struct RouteMatcher: Sendable {
  /// Below this speed (m/s) the receiver's course is noise.
  public static let minimumSpeedForHeading = 2.5
  /// Matches farther than this (m) are not trusted to advance the window.
  public var acceptDistance = 30.0

  /// Offset of the last trusted match.
  public private(set) var lastOffset: Double?
  private var lastTime: Date?

  public init() {}

  /// Forgets the history so that the next fix is matched against the whole route.
  public mutating func reset() {
    lastOffset = nil
    lastTime = nil
  }

  /// Continues from `offset` as if a trusted match had been made there at `time`.
  public mutating func reset(to offset: Double, at time: Date) {
    lastOffset = offset
    lastTime = time
  }

  /// Matches a position near the last match; nil only for an empty route.
  public mutating func match(
    _ coordinate: Coordinate, speed: Double?, course: Double?, at time: Date,
    on route: GuidanceRoute
  ) -> RouteMatch? {
    let line = route.line
    var range = 0..<line.segmentCount
    var predicted: Double?
    if let lastOffset, let lastTime {
      let dt = max(0, time.timeIntervalSince(lastTime))
      let ahead = lastOffset + max(150, (speed ?? 15) * dt * 2 + 60)
      range = line.segment(containing: lastOffset - 40)..<(line.segment(containing: ahead) + 1)
      predicted = lastOffset + (speed ?? 0) * dt
    }
    guard
      let best = bestMatch(
        coordinate, speed: speed, course: course, segments: range,
        predicted: predicted, on: route)
    else { return nil }
    if best.crossTrack <= acceptDistance {
      lastOffset = best.offset
      lastTime = time
    }
    return best
  }

  /// The best match over `segments` without changing the matcher's history.
  public func bestMatch(
    _ coordinate: Coordinate, speed: Double?, course: Double?, segments: Range<Int>,
    predicted: Double? = nil, on route: GuidanceRoute
  ) -> RouteMatch? {
    let line = route.line
    let useHeading = (speed ?? 0) >= Self.minimumSpeedForHeading ? course : nil
    var best: (cost: Double, match: RouteMatch)?
    line.forEachProjection(coordinate, segments: segments) { p in
      // At a vertex the route turns: judge the heading against the way it continues.
      let bearing = line.bearing(at: p.offset)
      let headingDifference = useHeading.map { abs(Angle.difference(from: $0, to: bearing)) }
      var cost = p.crossTrack
      if let headingDifference, headingDifference > 45 { cost += (headingDifference - 45) * 0.5 }
      if let predicted { cost += abs(p.offset - predicted) * 0.05 } else { cost += p.offset * 1e-4 }
      if best == nil || cost < best!.cost {
        best = (
          cost,
          RouteMatch(
            offset: p.offset, crossTrack: p.crossTrack, coordinate: p.coordinate,
            bearing: bearing, headingDifference: headingDifference)
        )
      }
    }
    return best?.match
  }
}
