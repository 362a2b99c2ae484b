import Foundation
import Navigation

/// Runs a recorded drive through a navigation session on a virtual clock.
///
/// Time is taken from the fixes themselves: before each fix is delivered, every timer the
/// session scheduled for an instant up to the fix's time fires, in order. Nothing waits,
/// so a 20-minute drive replays in milliseconds, and the same input gives the same
/// timeline every time.
///
/// With a `router`, the session knows it can reroute (`hasRouter`), and each
/// `.requestRoute` is answered at once, at the instant it was made, with the router's
/// event; the timeline gets a `reroute` (or `rerouteFailed`) line.
public struct Replay: Sendable {
  /// Answers a route request with `.routeComputed` or `.routeFailed`, synchronously.
  public typealias Router = @Sendable (RouteRequest) -> NavigationSession.Event

  public var route: Route
  public var fixes: [Fix]
  public var phrases: Phrasebook
  public var configuration: NavigationSession.Configuration
  public var router: Router?

  public init(
    route: Route, fixes: [Fix], phrases: Phrasebook,
    configuration: NavigationSession.Configuration = .init(), router: Router? = nil
  ) {
    self.route = route
    self.fixes = fixes
    self.phrases = phrases
    self.configuration = configuration
    self.router = router
    if router != nil { self.configuration.hasRouter = true }
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
      var answers: [NavigationSession.Event] = []
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
        case .requestRoute(let request):
          guard let router else { break }
          let answer = router(request)
          switch answer {
          case .routeComputed(let route):
            timeline.append(
              TimelineEntry(
                t: t,
                kind: .reroute(
                  from: request.origin ?? request.destination, distance: route.distance,
                  duration: route.duration)))
          case .routeFailed(let reason):
            timeline.append(
              TimelineEntry(t: t, kind: .rerouteFailed(from: request.origin, reason: reason)))
          default: break
          }
          answers.append(answer)
        case .publish, .rejected:
          break
        }
      }
      // Route requests are answered after the effects that came with them, in order.
      while !answers.isEmpty {
        let answer = answers.removeFirst()
        apply(session.handle(answer, at: now), at: now)
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
