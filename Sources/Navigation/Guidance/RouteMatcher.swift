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
/// when it is within `acceptDistance` and not against the route (`trusts(_:)`).
///
/// The stretch grows only with what the vehicle can have driven *along the route* since the
/// last trusted match: every interval between fixes, at the faster of the speeds at its
/// ends, except one between two untrusted fixes at most `gapInterval` apart — the vehicle
/// was seen off the route at both ends, so it made no progress along it. (The interval up
/// to the fix being matched always counts: the vehicle may just have come back.) However
/// long the vehicle then drives elsewhere, the stretch stays where it left the route: a
/// later part of the route that it has driven onto stays out of reach, its fixes stay far
/// from the stretch and the off-route detector fires. A longer interval is a gap in the
/// fixes (an outage): the vehicle may have driven on along the route unseen, so it counts,
/// at the fastest of the speeds at its ends and the route's expected speed, and the route
/// is picked up again where the vehicle has got to.
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
  /// Fixes farther apart than this (s) have a gap between them, during which the vehicle
  /// may have driven along the route unseen (the session's fix timeout).
  public var gapInterval = 2.0

  /// Offset of the last trusted match.
  public private(set) var lastOffset: Double?
  /// The fix matched last, trusted or not: its time and speed (m/s).
  private var previous: (time: Date, speed: Double, trusted: Bool)?
  /// Metres the vehicle can have driven along the route from the last trusted match to
  /// `previous`, and the seconds of the intervals that count towards them.
  private var driven = (metres: 0.0, seconds: 0.0)

  public init() {}

  /// Forgets the history so that the next fix is matched against the whole route.
  public mutating func reset() {
    lastOffset = nil
    previous = nil
    driven = (0, 0)
  }

  /// Continues from `offset` as if a trusted match had been made there at `time`, at
  /// `speed` (m/s).
  public mutating func reset(to offset: Double, at time: Date, speed: Double = 0) {
    lastOffset = offset
    previous = (time, speed, true)
    driven = (0, 0)
  }

  /// The offsets along `route` where a fix at `time`, moving at `speed`, can lie: from
  /// `backMargin` behind the last trusted match to as far as the vehicle can have driven
  /// along the route since (see the type) — the intervals that count up to the previous
  /// fix and the one from it to `time` — times `speedMargin`, plus `noiseMargin`. Nil
  /// before the first trusted match: anywhere.
  public func reach(
    at time: Date, speed: Double?, on route: GuidanceRoute
  ) -> ClosedRange<Double>? {
    guard let lastOffset, previous != nil else { return nil }
    return reach(from: lastOffset, adding: interval(to: time, speed: speed, on: route))
  }

  /// `reach(at:speed:on:)` from the last trusted match at `offset`, with `step` the
  /// interval since the previous fix.
  private func reach(
    from offset: Double, adding step: (metres: Double, seconds: Double)
  ) -> ClosedRange<Double> {
    (offset - backMargin)...(offset + (driven.metres + step.metres) * speedMargin + noiseMargin)
  }

  /// The interval from the previous fix to one at `time` moving at `speed`: its seconds,
  /// and the metres the vehicle can have driven in it — at the faster of the two speeds,
  /// or over a gap the fastest of them and the route's expected speed where the vehicle
  /// was last matched.
  private func interval(
    to time: Date, speed: Double?, on route: GuidanceRoute
  ) -> (metres: Double, seconds: Double) {
    guard let previous, let lastOffset else { return (0, 0) }
    let seconds = max(0, time.timeIntervalSince(previous.time))
    var fastest = max(speed ?? 0, previous.speed)
    if seconds > gapInterval {
      fastest = max(fastest, route.expectedSpeed(route.stepIndex(at: lastOffset)))
    }
    return (fastest * seconds, seconds)
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
    var within: ClosedRange<Double>?
    let step = interval(to: time, speed: speed, on: route)
    if let lastOffset, previous != nil {
      let reach = reach(from: lastOffset, adding: step)
      let last = line.segment(containing: reach.upperBound)
      range = line.segment(containing: reach.lowerBound)..<(last + 1)
      within = reach
      predicted = lastOffset + (speed ?? 0) * (driven.seconds + step.seconds)
    }
    guard
      let best = bestMatch(
        coordinate, speed: speed, course: course, segments: range, within: within,
        predicted: predicted, on: route)
    else { return nil }
    let trusted = trusts(best)
    if trusted {
      lastOffset = best.offset
      driven = (0, 0)
    } else if let previous, previous.trusted || step.seconds > gapInterval {
      driven = (driven.metres + step.metres, driven.seconds + step.seconds)
    }
    previous = (time, speed ?? 0, trusted)
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
