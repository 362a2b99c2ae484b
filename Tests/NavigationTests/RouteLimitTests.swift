import Foundation
import Geo
import Testing

@testable import Navigation

@Suite("Route numbers held to their ranges")
struct RouteLimitTests {
  /// The fixture route with every step's duration `duration`.
  func route(duration: Double) -> Route {
    var route = SessionFixtures.route
    for l in route.legs.indices {
      for s in route.legs[l].steps.indices { route.legs[l].steps[s].duration = duration }
    }
    return route
  }

  @Test("a route from any router with a step of 1e20 s is refused, never a trap")
  func hugeDurationIsRefused() throws {
    var d = try Driver(router: true)
    d.send(.preview(SessionFixtures.trip))
    d.send(.fix(SessionFixtures.fix(along: 0, at: 0, speed: 0)))
    let out = d.send(.routeComputed(route(duration: 1e20)))
    #expect(out.contains { $0.isRejection })
    let problem = route(duration: 1e20).problem
    #expect(problem == "legs[0].steps[0].duration: expected 0–32000000, got 1e+20")
  }

  @Test("a trip started on a route of huge durations is rejected with the reason")
  func startRejected() throws {
    var d = try Driver()
    var trip = SessionFixtures.trip
    trip.routeChoices[0].route = route(duration: .infinity)
    d.send(.preview(trip))
    let out = d.send(.start)
    let reasons = out.compactMap { effect -> String? in
      if case .rejected(let rejection) = effect { rejection.reason } else { nil }
    }
    #expect(reasons.first?.hasPrefix("legs[0].steps[0].duration: expected 0–32000000") == true)
    #expect(d.session.state == .previewing(selected: 0))
  }

  @Test("times from outside are clamped into a duration, not a trap")
  func clampedDuration() {
    #expect(Duration.seconds(clamping: 1e20) == .seconds(3.2e9))
    #expect(Duration.seconds(clamping: -.infinity) == .seconds(-3.2e9))
    #expect(Duration.seconds(clamping: .nan) == .zero)
    #expect(Duration.seconds(clamping: 12.5) == .milliseconds(12_500))
  }
}
