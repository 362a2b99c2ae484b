import Foundation
import Geo
import Navigation

/// Checks that a recorded track fits the route it is replayed against: the moment asked
/// for lies within the drive, and the drive comes near the route at all.
enum DriveCheck {
  /// A track none of whose fixes comes this close to the route was recorded elsewhere.
  static let nearRoute = 200.0

  /// Seconds from the first fix to the last: the moments a replay can show.
  static func length(of fixes: [Fix]) -> Double {
    guard let first = fixes.first, let last = fixes.last else { return 0 }
    return max(0, last.time.timeIntervalSince(first.time))
  }

  /// Throws when `seconds` (as given on the command line, `text`) is not a moment of the
  /// drive: "--at 9999: the drive is 291 s long (0–291)".
  static func moment(_ seconds: Double, text: String, within fixes: [Fix]) throws(UsageError) {
    let length = length(of: fixes)
    guard seconds >= 0, seconds <= length else {
      let shown = format(length)
      throw UsageError("--at \(text): the drive is \(shown) s long (0–\(shown))")
    }
  }

  /// The closest any fix with a position comes to the route's line, in metres; nil when
  /// the track has no position or the route no line.
  static func nearestApproach(of fixes: [Fix], to route: Route) -> Double? {
    guard route.geometry.count >= 2 else { return nil }
    let line = Polyline(route.geometry)
    var nearest: Double?
    for fix in fixes {
      guard let position = fix.coordinate, let projection = line.project(position) else {
        continue
      }
      let distance = Earth.distance(position, projection.coordinate)
      if nearest.map({ distance < $0 }) ?? true { nearest = distance }
      if distance < nearRoute { break }
    }
    return nearest
  }

  /// One warning line when no fix of the track comes within `nearRoute` of the route (the
  /// two are likely from different drives); nil when they fit.
  static func mismatch(route: Route, routePath: String, fixes: [Fix], trackPath: String)
    -> String?
  {
    guard let nearest = nearestApproach(of: fixes, to: route), nearest >= nearRoute else {
      return nil
    }
    let distance =
      nearest >= 10_000
      ? String(format: "%.0f km", nearest / 1000) : String(format: "%.0f m", nearest)
    return "headunit: warning: the track \(trackPath) never comes within "
      + "\(Int(nearRoute)) m of the route \(routePath) (nearest \(distance)): "
      + "are they from different drives?"
  }

  /// `291` for a whole number of seconds, `291.4` otherwise.
  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
  }
}
