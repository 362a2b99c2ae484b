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

  /// Whether the vehicle drives against the route here: its course more than
  /// `RouteMatcher.oppositeHeading` off the route's direction. That is the wrong way along
  /// the road however close to the line it is; never so when the heading is unknown.
  public var isAgainstRoute: Bool { (headingDifference ?? 0) > RouteMatcher.oppositeHeading }
}

/// Matches fixes to a route, fix after fix, keeping the progress along it plausible.
///
/// After a trusted match, a fix is matched only to the stretch of route the vehicle can have
/// driven since (`reach(at:speed:on:)`): a road that the route uses elsewhere — later, or
/// the other way — is not taken for the route when the vehicle turns onto it by mistake.
/// Within that stretch candidates are scored by distance, heading and continuity, so a
/// route that doubles back on itself (a U-turn, a loop) is followed in the right direction;
/// a candidate against the vehicle's course (`RouteMatch.isAgainstRoute`) is no match, and
/// is reported only when there is nothing else. A match is trusted — it moves the window —
/// when it is within `acceptDistance` and not against the route (`trusts(_:)`). After a
/// GPS outage the stretch has grown with the time gone by, so the route is picked up again
/// where the vehicle has got to.
public struct RouteMatcher: Sendable {
  /// Below this speed (m/s) the receiver's course is noise.
  public static let minimumSpeedForHeading = 2.5
  /// A course more than this (degrees) off the route's direction is against it.
  public static let oppositeHeading = 135.0
  /// Matches farther than this (m) are not trusted to advance the window.
  public var acceptDistance = 30.0
  /// How far (m) behind the last trusted match a fix may still lie (noise, rolling back).
  public var backMargin = 40.0
  /// How far (m) beyond the distance the vehicle can have driven a fix may still lie: GPS
  /// noise and jumps.
  public var noiseMargin = 40.0
  /// Factor on the distance driven at the speeds known, for speeding up between fixes.
  public var speedMargin = 1.5

  /// Offset of the last trusted match.
  public private(set) var lastOffset: Double?
  private var lastTime: Date?
  /// Speed at the last trusted match, m/s.
  private var lastSpeed = 0.0

  public init() {}

  /// Forgets the history so that the next fix is matched against the whole route.
  public mutating func reset() {
    lastOffset = nil
    lastTime = nil
    lastSpeed = 0
  }

  /// Continues from `offset` as if a trusted match had been made there at `time`, at
  /// `speed` (m/s).
  public mutating func reset(to offset: Double, at time: Date, speed: Double = 0) {
    lastOffset = offset
    lastTime = time
    lastSpeed = speed
  }

  /// The offsets along `route` where a fix at `time`, moving at `speed`, can lie: from
  /// `backMargin` behind the last trusted match to as far as the vehicle can have driven
  /// since — the fastest of its speed now, its speed then and the route's expected speed
  /// there, for the time gone by, times `speedMargin`, plus `noiseMargin`. Nil before the
  /// first trusted match: anywhere.
  public func reach(
    at time: Date, speed: Double?, on route: GuidanceRoute
  ) -> ClosedRange<Double>? {
    guard let lastOffset, let lastTime else { return nil }
    let elapsed = max(0, time.timeIntervalSince(lastTime))
    let fastest = max(speed ?? 0, lastSpeed, route.expectedSpeed(route.stepIndex(at: lastOffset)))
    return (lastOffset - backMargin)...(lastOffset + fastest * elapsed * speedMargin + noiseMargin)
  }

  /// Whether `match` is taken as the vehicle's place on the route: near enough, and not
  /// against the route's direction.
  public func trusts(_ match: RouteMatch) -> Bool {
    match.crossTrack <= acceptDistance && !match.isAgainstRoute
  }

  /// Matches a position within reach of the last trusted match, and remembers it when it
  /// is trusted; nil only for an empty route.
  public mutating func match(
    _ coordinate: Coordinate, speed: Double?, course: Double?, at time: Date,
    on route: GuidanceRoute
  ) -> RouteMatch? {
    let line = route.line
    var range = 0..<line.segmentCount
    var predicted: Double?
    let within = reach(at: time, speed: speed, on: route)
    if let within, let lastOffset, let lastTime {
      let first = line.segment(containing: within.lowerBound)
      range = first..<(line.segment(containing: within.upperBound) + 1)
      predicted = lastOffset + (speed ?? 0) * max(0, time.timeIntervalSince(lastTime))
    }
    guard
      let best = bestMatch(
        coordinate, speed: speed, course: course, segments: range, within: within,
        predicted: predicted, on: route)
    else { return nil }
    if trusts(best) {
      lastOffset = best.offset
      lastTime = time
      lastSpeed = speed ?? 0
    }
    return best
  }

  /// The best match over `segments` (and, when given, the offsets `within`) without
  /// changing the matcher's history: the cheapest candidate not against the vehicle's
  /// course, or, when every one is, the cheapest of those.
  public func bestMatch(
    _ coordinate: Coordinate, speed: Double?, course: Double?, segments: Range<Int>,
    within offsets: ClosedRange<Double>? = nil, predicted: Double? = nil,
    on route: GuidanceRoute
  ) -> RouteMatch? {
    let line = route.line
    let useHeading = (speed ?? 0) >= Self.minimumSpeedForHeading ? course : nil
    var best: (against: Bool, cost: Double, match: RouteMatch)?
    line.forEachProjection(coordinate, segments: segments, within: offsets) { p in
      // At a vertex the route turns: judge the heading against the way it continues.
      let bearing = line.bearing(at: p.offset)
      let headingDifference = useHeading.map { abs(Angle.difference(from: $0, to: bearing)) }
      var cost = p.crossTrack
      if let headingDifference, headingDifference > 45 { cost += (headingDifference - 45) * 0.5 }
      if let predicted { cost += abs(p.offset - predicted) * 0.05 } else { cost += p.offset * 1e-4 }
      let against = (headingDifference ?? 0) > Self.oppositeHeading
      if let best, best.against != against ? against : best.cost <= cost { return }
      best = (
        against, cost,
        RouteMatch(
          offset: p.offset, crossTrack: p.crossTrack, coordinate: p.coordinate,
          bearing: bearing, headingDifference: headingDifference)
      )
    }
    return best?.match
  }
}
