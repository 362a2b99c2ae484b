import Core
import Foundation
import HeadUnit
import Navigation

/// Keeps the replay timeline from what the core reports: the session's guidance effects,
/// and the routes the replay's router gave. Times are seconds after `origin`.
struct TimelineRecorder {
  let origin: Date
  var entries: [TimelineEntry] = []
  var summary = ReplaySummary()

  init(origin: Date) {
    self.origin = origin
  }

  /// Takes in one effect of the core, at `instant`; `core` gives the core after the event.
  mutating func record(
    _ effect: HeadUnitCore.Effect, at instant: Date, core: () -> HeadUnitCore
  ) {
    guard case .guidance(let guidance) = effect else { return }
    let t = instant.timeIntervalSince(origin)
    switch guidance {
    case .stateChanged(let state): entries.append(TimelineEntry(t: t, kind: .state(state)))
    case .maneuverChanged(let index, let text):
      let maneuver = core().session.route?.step(at: index)?.maneuver
      entries.append(
        TimelineEntry(
          t: t,
          kind: .maneuver(
            index: index, kind: maneuver?.kind ?? .turn, modifier: maneuver?.modifier,
            text: text)))
    case .announce(let announcement):
      summary.announcements += 1
      entries.append(TimelineEntry(t: t, kind: .announce(announcement)))
    case .offRoute:
      summary.offRoute += 1
      entries.append(TimelineEntry(t: t, kind: .offRoute))
    case .gpsLost: entries.append(TimelineEntry(t: t, kind: .gpsLost))
    case .gpsRestored: entries.append(TimelineEntry(t: t, kind: .gpsRestored))
    case .arrived:
      summary.arrived = true
      entries.append(TimelineEntry(t: t, kind: .arrived))
    default: break
    }
  }

  /// The router's answer to `request` (the core's events that follow it), asked at
  /// `instant`.
  mutating func recordAnswer(
    _ answer: [HeadUnitCore.Event], to request: RouteRequest, at instant: Date
  ) {
    let t = instant.timeIntervalSince(origin)
    switch answer.first {
    case .routeComputed(let route)?:
      entries.append(
        TimelineEntry(
          t: t,
          kind: .reroute(
            from: request.origin ?? request.destination, distance: route.distance,
            duration: route.duration)))
    case .routeFailed(let reason)?:
      entries.append(
        TimelineEntry(t: t, kind: .rerouteFailed(from: request.origin, reason: reason)))
    default: break
    }
  }

  /// The timeline, ending with the summary line at `end`.
  func finish(at end: Date) -> [TimelineEntry] {
    entries + [TimelineEntry(t: end.timeIntervalSince(origin), kind: .summary(summary))]
  }
}
