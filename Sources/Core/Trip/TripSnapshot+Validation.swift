import Foundation
import Geo
import Navigation

/// What a saved trip must hold to be resumed, checked where it is read, so a file edited by
/// hand, cut short or written by another version is set aside with the reason instead of
/// reaching the core.
extension TripSnapshot {
  /// The highest save number a file may carry: exact as a JSON number, and far from
  /// overflowing however many saves follow.
  public static let sequenceLimit = 1 << 53

  /// Why this snapshot cannot be resumed, as a JSON path and what was expected
  /// (`$.choice: expected 0–1, got 5`); nil when it can.
  public var problem: String? {
    guard version == Self.currentVersion else {
      return "$.version: expected \(Self.currentVersion) (the format this unit reads), "
        + "got \(version)"
    }
    guard (0...Self.sequenceLimit).contains(sequence) else {
      return "$.sequence: expected 0–\(Self.sequenceLimit), got \(sequence)"
    }
    guard !trip.routeChoices.isEmpty else {
      return "$.trip.routeChoices: expected at least one route choice, got none"
    }
    guard trip.routeChoices.indices.contains(choice) else {
      return "$.choice: expected 0–\(trip.routeChoices.count - 1), got \(choice)"
    }
    for (index, routeChoice) in trip.routeChoices.enumerated() {
      if let problem = routeChoice.route?.problem {
        return "$.trip.routeChoices[\(index)].route.\(problem)"
      }
    }
    guard route != nil else { return "$.trip.routeChoices[\(choice)].route: missing" }
    if let problem = progress?.problem { return "$.progress.\(problem)" }
    return nil
  }

  /// Whether the trip resumes at `now` with `window` as the longest gap, and if not why.
  public func resumption(at now: Date, within window: Duration) -> Resumption {
    let age = now.timeIntervalSince(savedAt)
    if age < -Self.clockSlack { return .savedAhead(seconds: -age) }
    return age < window.seconds ? .resume : .tooOld(seconds: age)
  }

  /// How far ahead of the clock a save may be and still count as just made (clocks of two
  /// boots disagree a little).
  public static let clockSlack: TimeInterval = 60

  /// What becomes of a saved trip when the unit starts.
  public enum Resumption: Equatable, Sendable {
    case resume
    /// Saved longer ago than the window: it is over.
    case tooOld(seconds: TimeInterval)
    /// Saved after what the clock says now: the clock went back (a Pi without a battery
    /// clock), so its age is unknown. It is kept, not resumed.
    case savedAhead(seconds: TimeInterval)
  }
}

extension TripSnapshot.Progress {
  /// The first number out of range, as a path below `progress`.
  var problem: String? {
    if let problem = Route.rangeProblem(offset, Route.distanceRange, "offset")
      ?? Route.rangeProblem(distanceRemaining, Route.distanceRange, "distanceRemaining")
    {
      return problem
    }
    if nextStep < 0 { return "nextStep: expected a number ≥ 0, got \(nextStep)" }
    if !position.isValid {
      return "position: \(position.latitude), \(position.longitude) is not on the Earth"
    }
    return nil
  }
}
