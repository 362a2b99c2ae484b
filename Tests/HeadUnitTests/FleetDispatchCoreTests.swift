import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// A dispatcher's destination in the core: a trip preview (or, while guiding, a question)
/// the driver answers with the knob; never started without them; every answer replied.
@Suite("Fleet dispatch in the core")
struct FleetDispatchCoreTests {
  /// A core with a fix at the start of the helsinki-1 drive, at t = 1.
  static func clock() throws -> CoreClock {
    var clock = CoreClock(core: HeadUnitCoreTests.core())
    let fix = try #require(try DriveFixtures.fixes("helsinki-1-clean").first)
    clock.send(.position(.fix(fix)), at: 1)
    return clock
  }

  /// The destination of the helsinki-1 drive, as a dispatcher would send it.
  static func depot(id: String? = "job-42") throws -> FleetDispatch {
    let route = try DriveFixtures.route("helsinki-1-clean")
    return FleetDispatch(id: id, coordinate: try #require(route.destination), name: "Depot")
  }

  static func replies(_ clock: CoreClock, from t: TimeInterval = 0) -> [FleetCommandReply] {
    clock.log.filter { $0.t >= t }.compactMap {
      if case .fleetReply(let reply) = $0.effect { reply } else { nil }
    }
  }

  /// What the app does, with the place's name: "previewing Depot".
  static func phase(_ clock: CoreClock) -> String {
    switch clock.core.app.phase {
    case .browsing: "browsing"
    case .previewing(let place): "previewing \(place.name)"
    case .navigating(let place): "navigating \(place.name)"
    }
  }

  /// Turns the knob from the focused element to `element` of the top template and presses
  /// it (press and release) at `t`.
  static func choose(_ element: String, _ clock: inout CoreClock, at t: TimeInterval) throws {
    let controller = clock.core.app.controller
    let order = controller.topTemplate?.focusOrder ?? []
    let target = try #require(order.firstIndex(of: element), "\(element) is not in \(order)")
    let from = controller.focusedElementID.flatMap { order.firstIndex(of: $0) } ?? -1
    if target != from {
      clock.send(.input(.rotated(detents: target - from, at: .seconds(t))), at: t)
    }
    for (time, event) in EffectLogGoldenTests.press(.select, at: t + 0.2) {
      clock.send(event, at: time)
    }
  }

  @Test("on the bare map: the preview, marked as from dispatch; Start is the driver's")
  func previewThenAccept() throws {
    var clock = try Self.clock()
    let dispatch = try Self.depot()
    clock.send(.dispatch(dispatch), at: 2)
    #expect(Self.phase(clock) == "previewing Depot")
    #expect(clock.core.session.state == .idle)
    #expect(Self.replies(clock) == [FleetCommandReply(id: "job-42", status: .shown)])
    let shown = try #require(clock.core.app.controller.map?.tripPreview?.selectedTrip)
    #expect(shown.destinationNameVariants.first == "Dispatch: Depot")
    // Nothing happens by itself, however long the preview waits.
    clock.advance(to: 600)
    #expect(Self.phase(clock) == "previewing Depot")
    try Self.choose(TripPreview.startElementID, &clock, at: 601)
    #expect(Self.phase(clock) == "navigating Depot")
    #expect(clock.core.session.state.isActive)
    #expect(
      Self.replies(clock, from: 601) == [FleetCommandReply(id: "job-42", status: .accepted)])
    #expect(clock.core.pendingDispatch == nil)
  }

  @Test("Back on the preview declines it, and nothing else changes")
  func declineFromThePreview() throws {
    var clock = try Self.clock()
    clock.send(.dispatch(try Self.depot()), at: 2)
    for (time, event) in EffectLogGoldenTests.press(.back, at: 3) { clock.send(event, at: time) }
    #expect(clock.core.app.phase == .browsing)
    #expect(clock.core.session.state == .idle)
    #expect(
      Self.replies(clock, from: 3)
        == [FleetCommandReply(id: "job-42", status: .declined, message: "the driver declined it")])
  }

  @Test("a newer dispatch replaces the one waiting, which is declined")
  func replaced() throws {
    var clock = try Self.clock()
    clock.send(.dispatch(try Self.depot(id: "a")), at: 2)
    let other = try Self.depot(id: "c")
    clock.send(.dispatch(other), at: 3)
    #expect(
      Self.replies(clock, from: 3) == [
        FleetCommandReply(id: "a", status: .declined, message: "replaced by a newer destination"),
        FleetCommandReply(id: "c", status: .shown),
      ])
    #expect(clock.core.pendingDispatch?.id == "c")
  }

  @Test("while guiding: a question; Not now keeps the trip, Show route ends it and previews")
  func whileGuiding() throws {
    var clock = try Self.clock()
    let own = try #require(DriveFixtures.provider.places.first { $0.name != "Depot" })
    clock.send(.navigate(own, start: true), at: 2)
    let guided = clock.core.app.phase
    #expect(guided.isNavigating)

    clock.send(.dispatch(try Self.depot(id: "x")), at: 3)
    #expect(clock.core.app.phase == guided, "the trip under way goes on")
    guard case .alert(let alert)? = clock.core.app.controller.presented else {
      Issue.record(
        "no question on screen: \(String(describing: clock.core.app.controller.presented))")
      return
    }
    #expect(alert.titleVariants.first == "New destination from dispatch: Depot")
    #expect(Self.replies(clock, from: 3) == [FleetCommandReply(id: "x", status: .shown)])
    try Self.choose(NavigationApp.ID.ignoreDispatched, &clock, at: 4)
    #expect(clock.core.app.phase == guided)
    #expect(clock.core.app.controller.presented == nil)
    #expect(Self.replies(clock, from: 4).map(\.status) == [.declined])

    let depot = try Self.depot(id: "y")
    clock.send(.dispatch(depot), at: 5)
    try Self.choose(NavigationApp.ID.showDispatched, &clock, at: 6)
    #expect(Self.phase(clock) == "previewing Depot", "shown, not started")
    let shown = try #require(clock.core.app.controller.map?.tripPreview?.selectedTrip)
    #expect(shown.destinationNameVariants.first == "Dispatch: Depot")
    #expect(!clock.core.session.state.isActive)
    #expect(clock.core.pendingDispatch?.id == "y")
    #expect(Self.replies(clock, from: 6).isEmpty, "still the driver's to accept or decline")
  }

  @Test("arrived after its expiry: expired, never shown; one still in time is shown")
  func expiry() throws {
    var clock = try Self.clock()
    var stale = try Self.depot(id: "old")
    stale.expires = clock.origin.addingTimeInterval(1.5)
    clock.send(.dispatch(stale), at: 2)
    #expect(Self.phase(clock) == "browsing")
    #expect(clock.core.app.controller.presented == nil)
    #expect(clock.core.pendingDispatch == nil)
    let when = FleetReport.timestamp(clock.origin.addingTimeInterval(1.5))
    #expect(
      Self.replies(clock) == [
        FleetCommandReply(id: "old", status: .expired, message: "expired at \(when); not shown")
      ])
    var fresh = try Self.depot(id: "new")
    fresh.expires = clock.origin.addingTimeInterval(60)
    clock.send(.dispatch(fresh), at: 3)
    #expect(Self.phase(clock) == "previewing Depot")
    #expect(Self.replies(clock, from: 3) == [FleetCommandReply(id: "new", status: .shown)])
  }

  @Test("no route there: unavailable, saying why; nothing on screen changes")
  func noRoute() throws {
    var clock = try Self.clock()
    let tampere = Coordinate(latitude: 61.4978, longitude: 23.761)
    clock.send(.dispatch(FleetDispatch(id: nil, coordinate: tampere, name: nil)), at: 2)
    #expect(Self.phase(clock) == "browsing")
    #expect(clock.core.app.controller.presented == nil)
    #expect(clock.core.pendingDispatch == nil)
    #expect(
      Self.replies(clock) == [
        FleetCommandReply(
          id: nil, status: .unavailable,
          message: "the built-in router found no route from here to 61.49780, 23.76100")
      ])
  }
}
