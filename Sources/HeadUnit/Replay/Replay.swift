import Foundation
import Navigation

/// Runs a recorded drive through a navigation session on a virtual clock.
///
/// Time is taken from the fixes themselves: before each fix is delivered, every timer the
/// session scheduled for an instant up to the fix's time fires, in order. Nothing waits,
/// so a 20-minute drive replays in milliseconds, and the same input gives the same
/// timeline every time.
public struct Replay: Sendable {
  public var route: Route
  public var fixes: [Fix]
  public var phrases: Phrasebook
  public var configuration: NavigationSession.Configuration

  public init(
    route: Route, fixes: [Fix], phrases: Phrasebook,
    configuration: NavigationSession.Configuration = .init()
  ) {
    self.route = route
    self.fixes = fixes
    self.phrases = phrases
    self.configuration = configuration
  }

  /// Replays the drive and returns its timeline, ending with a summary line.
  ///
  /// `observe` sees every effect with its instant (for benchmarks and screens).
  public func run(
    observe: (NavigationSession.Effect, Date) -> Void = { _, _ in }
  ) -> [TimelineEntry] {
    guard let first = fixes.first else {
      return [TimelineEntry(t: 0, kind: .summary(ReplaySummary()))]
    }
    var session = NavigationSession(phrases: phrases, configuration: configuration)
    var timers: [SessionTimer: Date] = [:]
    var timeline: [TimelineEntry] = []
    var summary = ReplaySummary()
    let origin = first.time

    func apply(_ effects: [NavigationSession.Effect], at now: Date) {
      let t = now.timeIntervalSince(origin)
      for effect in effects {
        observe(effect, now)
        switch effect {
        case .stateChanged(let state): timeline.append(TimelineEntry(t: t, kind: .state(state)))
        case .maneuverChanged(let index, let text):
          let maneuver = session.route?.steps[index].maneuver
          timeline.append(
            TimelineEntry(
              t: t,
              kind: .maneuver(
                index: index, kind: maneuver?.kind ?? .turn, modifier: maneuver?.modifier,
                text: text)))
        case .announce(let a):
          summary.announcements += 1
          timeline.append(TimelineEntry(t: t, kind: .announce(a)))
        case .schedule(let timer, let instant): timers[timer] = instant
        case .cancelTimer(let timer): timers[timer] = nil
        case .offRoute:
          summary.offRoute += 1
          timeline.append(TimelineEntry(t: t, kind: .offRoute))
        case .gpsLost: timeline.append(TimelineEntry(t: t, kind: .gpsLost))
        case .gpsRestored: timeline.append(TimelineEntry(t: t, kind: .gpsRestored))
        case .arrived:
          summary.arrived = true
          timeline.append(TimelineEntry(t: t, kind: .arrived))
        case .publish, .requestRoute, .rejected:
          break
        }
      }
    }

    func fireTimers(upTo instant: Date) {
      while let (timer, due) = timers.filter({ $0.value <= instant }).min(by: {
        $0.value < $1.value
      }) {
        timers[timer] = nil
        apply(session.handle(.timer(timer), at: due), at: due)
      }
    }

    apply(session.handle(.preview(Trip(route: route)), at: origin), at: origin)
    apply(session.handle(.start, at: origin), at: origin)
    for fix in fixes {
      fireTimers(upTo: fix.time)
      summary.fixes += 1
      apply(session.handle(.fix(fix), at: fix.time), at: fix.time)
    }
    let end = fixes.last?.time ?? origin
    timeline.append(TimelineEntry(t: end.timeIntervalSince(origin), kind: .summary(summary)))
    return timeline
  }
}
