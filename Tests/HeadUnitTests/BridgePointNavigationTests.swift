import Bridge
import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// "Navigate" on a point of a bridge app's point-of-interest template: the point's detail
/// opens with the knob, Navigate hands the point to the built-in router, and the driver
/// confirms with the preview's Start (or declines with Back); the app hears each step.
@Suite("Bridge points that navigate")
struct BridgePointNavigationTests {
  typealias T = BridgeCoreTests
  typealias F = FleetDispatchCoreTests

  /// A charging app (`category`) showing two chargers at the end of the helsinki-1
  /// drive: `c1` plain, `c2` with Navigate and a Reserve button; the car at the start.
  static func clock(_ category: String = "charging") throws -> CoreClock {
    var clock = BridgeCategoryTests.clock(category)
    let fix = try #require(try DriveFixtures.fixes("helsinki-1-clean").first)
    clock.send(.position(.fix(fix)), at: 0.5)
    let end = try #require(try DriveFixtures.route("helsinki-1-clean").destination)
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"pointOfInterest","id":"chargers","title":"Chargers","points":[{"id":"c1","title":"Slow charger","latitude":\#(end.latitude + 0.01),"longitude":\#(end.longitude)},{"id":"c2","title":"Fast charger","subtitle":"2 of 4 free","summary":"150 kW, 0.39 €/kWh","latitude":\#(end.latitude),"longitude":\#(end.longitude),"navigate":true,"button":{"id":"reserve","title":"Reserve"}}]}}"#
      ), at: 1)
    #expect(clock.core.bridge.screen?.controller.stack.map(\.id) == ["chargers"])
    return clock
  }

  /// Presses and releases `role` at `t`, after the app's heartbeat (it stays connected).
  static func press(_ role: InputRole, _ clock: inout CoreClock, at t: TimeInterval) {
    clock.send(T.line(#"{"type":"heartbeat"}"#), at: t)
    for (time, event) in EffectLogGoldenTests.press(role, at: t) { clock.send(event, at: time) }
  }

  static func pointEvents(_ clock: CoreClock, from t: TimeInterval) -> [String] {
    T.sent(clock, from: t).compactMap {
      guard case .event(.pointNavigation(_, let point, let state, let reason)) = $0 else {
        return nil
      }
      return [point, state, reason].compactMap { $0 }.joined(separator: " ")
    }
  }

  /// The bridge app's point-of-interest template on top.
  static func points(_ clock: CoreClock) throws -> PointOfInterestTemplate {
    guard case .pointOfInterest(let poi)? = clock.core.bridge.screen?.controller.topTemplate
    else { throw Failure("the app's points are not on screen") }
    return poi
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  @Test("knob: the point's detail, Navigate, the preview; Start begins guidance")
  func navigateThenStart() throws {
    var clock = try Self.clock()
    clock.send(.input(.rotated(detents: 1, at: .seconds(2))), at: 2)
    #expect(clock.core.activeController.focusedElementID == "c2")
    Self.press(.select, &clock, at: 3)
    let detail = try Self.points(clock)
    #expect(detail.detailPoint?.id == "c2")
    #expect(
      clock.core.activeController.focusedElementID == PointOfInterestTemplate.navigateElementID)
    #expect(
      T.sent(clock, from: 3).contains(.event(.itemSelected(templateID: "chargers", itemID: "c2"))))

    // The knob walks the detail's buttons; the app's own is the app's.
    clock.send(.input(.rotated(detents: 1, at: .seconds(4))), at: 4)
    Self.press(.select, &clock, at: 4.5)
    #expect(
      T.sent(clock, from: 4.5).contains(
        .event(.buttonPressed(templateID: "chargers", buttonID: "reserve"))))
    clock.send(.input(.rotated(detents: -1, at: .seconds(5))), at: 5)
    Self.press(.select, &clock, at: 5.5)
    #expect(Self.pointEvents(clock, from: 5.5) == ["c2 requested"])
    #expect(F.phase(clock) == "previewing Fast charger", "a preview: the driver confirms")
    #expect(clock.core.bridge.screen == nil, "the built-in app shows the preview")
    #expect(!clock.core.session.state.isActive)
    let shown = try #require(clock.core.app.controller.map?.tripPreview?.selectedTrip)
    #expect(shown.destinationNameVariants.first == "t: Fast charger")

    // Nothing starts by itself; Start does.
    for t in stride(from: 7.0, through: 300, by: 2) {
      clock.send(T.line(#"{"type":"heartbeat"}"#), at: t)
    }
    #expect(!clock.core.session.state.isActive)
    try F.choose(TripPreview.startElementID, &clock, at: 301)
    #expect(F.phase(clock) == "navigating Fast charger")
    #expect(clock.core.session.state.isActive)
    #expect(Self.pointEvents(clock, from: 301) == ["c2 started"])
    #expect(clock.core.bridge.pointNavigation == nil)
  }

  @Test("Back on the preview declines it; back on the detail returns to the list")
  func backDeclines() throws {
    var clock = try Self.clock("parking")
    clock.send(.input(.rotated(detents: 1, at: .seconds(2))), at: 2)
    Self.press(.select, &clock, at: 2.5)
    #expect(try Self.points(clock).detailPoint?.id == "c2")
    Self.press(.back, &clock, at: 3)
    #expect(try Self.points(clock).detailPoint == nil, "back closes the detail, not the app")
    #expect(clock.core.activeController.focusedElementID == "c2")
    Self.press(.select, &clock, at: 3.5)
    Self.press(.select, &clock, at: 4)
    #expect(Self.pointEvents(clock, from: 4) == ["c2 requested"])
    Self.press(.back, &clock, at: 5)
    #expect(F.phase(clock) == "browsing")
    #expect(!clock.core.session.state.isActive)
    #expect(Self.pointEvents(clock, from: 5) == ["c2 declined driver"])
  }

  @Test("a plain point is chosen at once, with no detail")
  func plainPoint() throws {
    var clock = try Self.clock("quickFood")
    Self.press(.select, &clock, at: 2)
    #expect(try Self.points(clock).detailPoint == nil)
    #expect(
      T.sent(clock, from: 2).contains(.event(.itemSelected(templateID: "chargers", itemID: "c1"))))
    #expect(Self.pointEvents(clock, from: 2).isEmpty)
  }

  @Test("while guiding: the question first, as for a dispatch; Not now keeps the trip")
  func whileGuiding() throws {
    var clock = try Self.clock("fueling")
    let own = try #require(DriveFixtures.provider.places.first { $0.name != "Depot" })
    clock.send(.navigate(own, start: true), at: 1.5)
    let guided = clock.core.app.phase
    #expect(guided.isNavigating)
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":3,"template":{"type":"pointOfInterest","id":"chargers","title":"Chargers","points":[{"id":"c2","title":"Fast charger","latitude":60.17,"longitude":24.94,"navigate":true}]}}"#
      ), at: 1.8)
    Self.press(.select, &clock, at: 2)
    Self.press(.select, &clock, at: 2.5)
    #expect(Self.pointEvents(clock, from: 2.5) == ["c2 requested"])
    guard case .alert(let alert)? = clock.core.app.controller.presented else {
      Issue.record("no question: \(String(describing: clock.core.app.controller.presented))")
      return
    }
    #expect(alert.titleVariants.first == "New destination from t: Fast charger")
    #expect(clock.core.app.phase == guided, "the trip under way goes on until the driver says")
    try F.choose(NavigationApp.ID.ignoreDispatched, &clock, at: 3)
    #expect(clock.core.app.phase == guided)
    #expect(Self.pointEvents(clock, from: 3) == ["c2 declined driver"])
  }

  @Test("no route there: declined at once, and the app keeps the screen")
  func noRoute() throws {
    var clock = BridgeCategoryTests.clock("charging")
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"pointOfInterest","id":"p","title":"P","points":[{"id":"far","title":"Tampere","latitude":61.4978,"longitude":23.761,"navigate":true}]}}"#
      ), at: 1)
    Self.press(.select, &clock, at: 2)
    Self.press(.select, &clock, at: 3)
    #expect(Self.pointEvents(clock, from: 3) == ["far requested", "far declined noRoute"])
    #expect(clock.core.bridge.screen?.client == T.client)
    #expect(F.phase(clock) == "browsing")
  }

  @Test("a coordinate out of range, or the Navigate button's id taken, is refused at its path")
  func refusedAtDecode() {
    let cases: [(String, String)] = [
      (
        #"{"id":"c","title":"C","latitude":91,"longitude":24.9,"navigate":true}"#,
        "$.template.points[0].latitude"
      ),
      (#"{"id":"c","title":"C","latitude":60,"longitude":-181}"#, "$.template.points[0].longitude"),
      (
        #"{"id":"c","title":"C","latitude":60,"longitude":24,"navigate":"yes"}"#,
        "$.template.points[0].navigate"
      ),
      (
        #"{"id":"c","title":"C","latitude":60,"longitude":24,"button":{"id":"pointOfInterest.navigate","title":"X"}}"#,
        "$.template.points[0].button.id"
      ),
      (
        #"{"id":"c","title":"C","latitude":60,"longitude":24,"button":{"id":"r","title":"R","style":"primary"}}"#,
        "$.template.points[0].button.style"
      ),
    ]
    for (point, path) in cases {
      let line = BridgeDecoder.decode(
        Array(
          (#"{"type":"pushTemplate","id":4,"template":{"type":"pointOfInterest","id":"p","points":["#
            + point + "]}}").utf8))
      guard case .failure(let error) = line.request else {
        Issue.record("accepted: \(point)")
        continue
      }
      #expect(error.code == BridgeError.Code.invalidRequest)
      #expect(error.path == path, "\(error)")
    }
  }
}
