import Foundation
import Geo
import Testing

@testable import Navigation

/// A session driven step by step, remembering every effect.
struct Driver {
  var session: NavigationSession
  var effects: [NavigationSession.Effect] = []

  init(router: Bool = false) throws {
    var configuration = NavigationSession.Configuration()
    configuration.hasRouter = router
    session = NavigationSession(
      phrases: try Phrasebook(language: "en"), configuration: configuration)
  }

  @discardableResult
  mutating func send(_ event: NavigationSession.Event, at seconds: Double = 0) -> [NavigationSession
    .Effect]
  {
    let out = session.handle(event, at: SessionFixtures.t0.addingTimeInterval(seconds))
    effects += out
    return out
  }

  /// Previewing the fixture trip, started, with a first fix on the route.
  static func navigating(router: Bool = false) throws -> Driver {
    var d = try Driver(router: router)
    d.send(.preview(SessionFixtures.trip))
    d.send(.fix(SessionFixtures.fix(along: 0, at: 0, speed: 0)))
    d.send(.start)
    #expect(d.session.state == .navigating)
    return d
  }
}

extension NavigationSession.Effect {
  var isRejection: Bool { if case .rejected = self { true } else { false } }
  var announcement: Announcement? { if case .announce(let a) = self { a } else { nil } }
  var update: GuidanceUpdate? { if case .publish(let u) = self { u } else { nil } }
}

@Suite("Navigation session transitions")
struct NavigationSessionTests {
  typealias State = NavigationSession.State

  /// Events that make no sense in a state are rejected as values and change nothing.
  @Test(
    "invalid events are rejected, state unchanged",
    arguments: [
      ("idle", NavigationSession.Event.start),
      ("idle", .selectRouteChoice(0)),
      ("idle", .finish),
      ("idle", .cancel),
      ("idle", .routeComputed(SessionFixtures.route)),
      ("idle", .routeFailed("x")),
      ("previewing", .selectRouteChoice(1)),
      ("previewing", .finish),
      ("previewing", .routeComputed(SessionFixtures.route)),
      ("navigating", .preview(SessionFixtures.trip)),
      ("navigating", .start),
      ("navigating", .selectRouteChoice(0)),
      ("navigating", .routeComputed(SessionFixtures.route)),
      ("finished", .start),
      ("finished", .finish),
      ("cancelled", .cancel),
    ])
  func rejected(from: String, event: NavigationSession.Event) throws {
    var d = try Driver()
    switch from {
    case "previewing": d.send(.preview(SessionFixtures.trip))
    case "navigating": d = try Driver.navigating()
    case "finished":
      d = try Driver.navigating()
      d.send(.finish)
    case "cancelled":
      d.send(.preview(SessionFixtures.trip))
      d.send(.cancel)
    default: break
    }
    let before = d.session.state
    let out = d.send(event, at: 1)
    #expect(out.count == 1 && out[0].isRejection, "\(from) + \(event): \(out)")
    #expect(d.session.state == before)
  }

  @Test("preview: keeps at most 3 choices; select moves the highlight; empty trip rejected")
  func preview() throws {
    var d = try Driver()
    var trip = SessionFixtures.trip
    trip.routeChoices = Array(repeating: trip.routeChoices[0], count: 5)
    #expect(d.send(.preview(trip)) == [.stateChanged(.previewing(selected: 0))])
    #expect(d.session.trip?.routeChoices.count == 3)
    #expect(d.send(.selectRouteChoice(2)) == [.stateChanged(.previewing(selected: 2))])
    #expect(d.send(.selectRouteChoice(3)).first?.isRejection == true)
    var empty = trip
    empty.routeChoices = []
    var fresh = try Driver()
    #expect(fresh.send(.preview(empty)).first?.isRejection == true)
    #expect(fresh.session.state == .idle)
  }

  @Test("start without a position pauses with locating, the first fix starts guidance")
  func startLocating() throws {
    var d = try Driver()
    d.send(.preview(SessionFixtures.trip))
    #expect(d.send(.start) == [.stateChanged(.paused(.locating))])
    let out = d.send(.fix(SessionFixtures.fix(along: 0, at: 1, speed: 0)), at: 1)
    #expect(out.contains(.stateChanged(.navigating)))
    #expect(
      out.contains(.timer(.schedule(.fixWatchdog, at: SessionFixtures.t0.addingTimeInterval(3)))))
    #expect(out.contains { $0.announcement?.stage == .depart })
    #expect(out.contains(.maneuverChanged(index: 1, instruction: "Turn right onto Second Street")))
  }

  @Test("start on a choice without a route pauses loading and requests one")
  func startLoading() throws {
    var d = try Driver()
    var trip = SessionFixtures.trip
    trip.routeChoices = [RouteChoice(route: nil)]
    d.send(.preview(trip))
    let out = d.send(.start)
    #expect(out.first == .stateChanged(.paused(.loading)))
    guard case .requestRoute(let request)? = out.last else {
      Issue.record("no route request in \(out)")
      return
    }
    #expect(request.reason == .initial)
    #expect(request.destination == trip.destination)
    // A failure goes back to the preview; a computed route starts guidance.
    #expect(d.send(.routeFailed("server down")) == [.stateChanged(.previewing(selected: 0))])
    d.send(.start)
    #expect(d.send(.routeComputed(SessionFixtures.route)) == [.stateChanged(.paused(.locating))])
  }

  @Test("finish and cancel end an active trip and cancel its timers")
  func endings() throws {
    var d = try Driver.navigating()
    let out = d.send(.finish, at: 1)
    #expect(
      out == [
        .stateChanged(.finished), .timer(.cancel(.fixWatchdog)), .timer(.cancel(.deadReckoning)),
      ])
    var c = try Driver.navigating()
    #expect(c.send(.cancel, at: 1).first == .stateChanged(.cancelled))
    // A new trip can be previewed after the end.
    #expect(
      c.send(.preview(SessionFixtures.trip), at: 2) == [.stateChanged(.previewing(selected: 0))])
  }

  @Test("a stale fix is lost after 2 s; dead reckoning for 30 s, then locating; a fix resumes")
  func gpsLoss() throws {
    var d = try Driver.navigating()
    d.send(.fix(SessionFixtures.fix(along: 50, at: 5)), at: 5)
    // The watchdog fired early (a newer fix came) does nothing.
    #expect(d.send(.timer(.fixWatchdog), at: 6.5).isEmpty)
    d.send(.fix(SessionFixtures.noFix(at: 6)), at: 6)
    let lost = d.send(.timer(.fixWatchdog), at: 7)
    #expect(lost.first == .gpsLost)
    #expect(
      lost.contains(.timer(.schedule(.deadReckoning, at: SessionFixtures.t0.addingTimeInterval(8))))
    )
    #expect(lost.compactMap(\.update).first?.quality == .estimated)
    // Dead reckoning advances along the route at the last speed (10 m/s).
    let tick = d.send(.timer(.deadReckoning), at: 8)
    let estimate = try #require(tick.compactMap(\.update).first)
    #expect(abs(estimate.offset - 80) < 1)
    #expect(d.session.state == .navigating)
    #expect(d.send(.timer(.deadReckoning), at: 37) == [.stateChanged(.paused(.locating))])
    let back = d.send(.fix(SessionFixtures.fix(along: 300, at: 40)), at: 40)
    #expect(back.contains(.gpsRestored))
    #expect(back.contains(.stateChanged(.navigating)))
  }

  @Test("no off-route decision while the position is estimated or after one far fix")
  func jumpIsNotOffRoute() throws {
    var d = try Driver.navigating()
    d.send(.fix(SessionFixtures.fix(along: 40, at: 4)), at: 4)
    d.send(.fix(SessionFixtures.fix(along: 50, at: 5, off: 60)), at: 5)
    d.send(.fix(SessionFixtures.fix(along: 60, at: 6)), at: 6)
    d.send(.fix(SessionFixtures.fix(along: 70, at: 7, off: 45)), at: 7)
    d.send(.fix(SessionFixtures.fix(along: 80, at: 8)), at: 8)
    #expect(d.session.state == .navigating)
    #expect(!d.effects.contains { if case .offRoute = $0 { true } else { false } })
  }

  @Test("leaving the route: rerouting with a router, proceedToRoute without")
  func offRoute() throws {
    for router in [true, false] {
      var d = try Driver.navigating(router: router)
      d.send(.fix(SessionFixtures.fix(along: 40, at: 4)), at: 4)
      var out: [NavigationSession.Effect] = []
      for (i, off) in [50.0, 70, 90].enumerated() {
        out = d.send(
          .fix(SessionFixtures.fix(along: 60, at: 5 + Double(i), off: off)), at: 5 + Double(i))
      }
      #expect(out.contains { if case .offRoute = $0 { true } else { false } })
      if router {
        #expect(d.session.state == .paused(.rerouting))
        #expect(
          out.contains { if case .requestRoute(let r) = $0 { r.reason == .reroute } else { false } }
        )
        // The new route is taken without the driver doing anything; no second depart prompt.
        let taken = d.send(.routeComputed(SessionFixtures.route), at: 8)
        #expect(taken.first == .stateChanged(.navigating))
        #expect(!taken.contains { $0.announcement?.stage == .depart })
        // A failure while rerouting falls back to guiding back to the route.
        var f = try Driver.navigating(router: true)
        for (i, off) in [50.0, 70, 90].enumerated() {
          f.send(
            .fix(SessionFixtures.fix(along: 60, at: 5 + Double(i), off: off)), at: 5 + Double(i))
        }
        #expect(f.send(.routeFailed("timeout"), at: 9) == [.stateChanged(.paused(.proceedToRoute))])
      } else {
        #expect(d.session.state == .paused(.proceedToRoute))
        #expect(!out.contains { if case .requestRoute = $0 { true } else { false } })
        // Back on the route for 3 fixes: guidance resumes.
        for i in 0..<3 {
          d.send(
            .fix(SessionFixtures.fix(along: 100 + Double(i) * 10, at: 10 + Double(i))),
            at: 10 + Double(i))
        }
        #expect(d.session.state == .navigating)
      }
    }
  }

  @Test("arrival at the destination, then finish")
  func arrival() throws {
    var d = try Driver.navigating()
    var t = 1.0
    for metres in stride(from: 10.0, through: 850, by: 10) {
      let stopped = metres >= 800
      d.send(
        .fix(SessionFixtures.fix(along: min(metres, 800), at: t, speed: stopped ? 0 : 10)), at: t)
      t += 1
      if d.session.state == .arrived { break }
    }
    #expect(d.session.state == .arrived)
    #expect(d.effects.filter { $0 == .arrived }.count == 1)
    let finals = d.effects.compactMap(\.announcement).filter { $0.stage == .final }
    #expect(finals.map(\.maneuvers) == [[1], [2]])
    #expect(finals.last?.text == "Your destination is ahead, on the left")
    #expect(d.send(.finish, at: t).first == .stateChanged(.finished))
  }

  @Test("updates are published at most once a second")
  func publishRate() throws {
    var d = try Driver.navigating()
    var times: [Double] = []
    for i in 1...40 {
      let t = Double(i) * 0.25
      if d.send(.fix(SessionFixtures.fix(along: t * 10, at: t)), at: t).contains(where: {
        $0.update != nil
      }) {
        times.append(t)
      }
    }
    #expect(times.count == 10)
    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 1 })
  }
}
