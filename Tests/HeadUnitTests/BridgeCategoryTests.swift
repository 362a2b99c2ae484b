import Bridge
import Foundation
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// A bridge app's category from `hello` decides its templates: each rule broken through
/// the bridge is one error answer naming it, and the screen stays as it was.
@Suite("Bridge app categories")
struct BridgeCategoryTests {
  typealias T = BridgeCoreTests

  /// A greeted client of `category`.
  static func clock(_ category: String) -> CoreClock {
    var clock = CoreClock(core: HeadUnitCoreTests.core())
    clock.send(.bridge(.connected(T.client)), at: 0)
    clock.send(
      T.line(#"{"type":"hello","id":1,"version":1,"app":"t","category":"\#(category)"}"#),
      at: 0)
    return clock
  }

  static func errors(_ clock: CoreClock, from t: TimeInterval) -> [BridgeError] {
    T.sent(clock, from: t).compactMap { if case .error(_, let e) = $0 { e } else { nil } }
  }

  @Test func anAudioAppsListTakesTheScreenAndItsInformationIsRefused() throws {
    var clock = Self.clock("audio")
    #expect(clock.core.bridge.clients[T.client]?.category == .audio)
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"map","id":"m"}}"#), at: 1)
    #expect(
      Self.errors(clock, from: 1).map(\.message)
        == ["cannot set root to map: an audio app's root is a list, grid or tab bar"])
    #expect(clock.core.bridge.screen == nil, "the built-in app keeps the screen")

    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":3,"template":{"type":"list","id":"library","title":"Library","items":[{"id":"a","text":"Artists"}]}}"#
      ), at: 2)
    #expect(clock.core.bridge.screen?.controller.stack.map(\.id) == ["library"])
    let before = clock.core.bridge.screen?.controller
    clock.send(
      T.line(
        #"{"type":"pushTemplate","id":4,"template":{"type":"information","id":"i","title":"About","items":[{"title":"a","detail":"b"}]}}"#
      ), at: 3)
    let sent = T.sent(clock, from: 3)
    #expect(sent.count == 1, "exactly one answer")
    #expect(
      Self.errors(clock, from: 3).map(\.message)
        == [
          "cannot push information: an audio app can push only list, grid and now playing "
            + "templates"
        ])
    #expect(clock.core.bridge.screen?.controller == before)

    clock.send(T.line(#"{"type":"startNavigation","id":5,"tripId":"x","routeChoice":0}"#), at: 4)
    #expect(Self.errors(clock, from: 4).map(\.code) == [BridgeError.Code.noNavigation])
    #expect(
      Self.errors(clock, from: 4).first?.message.hasPrefix(
        "an audio app has no navigation session") == true)
  }

  @Test func aQuickFoodAppIsTwoDeep() {
    var clock = Self.clock("quickFood")
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"pointOfInterest","id":"shops","title":"Shops","points":[{"id":"s1","title":"Kiosk","latitude":60.17,"longitude":24.94}]}}"#
      ), at: 1)
    clock.send(
      T.line(
        #"{"type":"pushTemplate","id":3,"template":{"type":"list","id":"menu","title":"Menu","items":[]}}"#
      ),
      at: 2)
    clock.send(
      T.line(
        #"{"type":"pushTemplate","id":4,"template":{"type":"list","id":"more","title":"More","items":[]}}"#
      ),
      at: 3)
    #expect(clock.core.bridge.screen?.controller.stack.map(\.id) == ["shops", "menu"])
    #expect(
      Self.errors(clock, from: 3).map(\.message) == [
        "cannot push list: the stack would be 3 deep, at most 2 including the root for a quick "
          + "food app"
      ])
  }

  @Test("a charging app's point, chosen with the knob, previewed by the built-in router")
  func aChargingAppsPointIsNavigatedToWithTheDriversConfirmation() throws {
    var clock = Self.clock("charging")
    let fix = try #require(try DriveFixtures.fixes("helsinki-1-clean").first)
    clock.send(.position(.fix(fix)), at: 0.5)
    let route = try DriveFixtures.route("helsinki-1-clean")
    let end = try #require(route.destination)
    clock.send(
      T.line(
        #"{"type":"setRootTemplate","id":2,"template":{"type":"pointOfInterest","id":"chargers","title":"Chargers","points":[{"id":"c1","title":"Fast charger","latitude":\#(end.latitude),"longitude":\#(end.longitude)}]}}"#
      ), at: 1)
    #expect(clock.core.bridge.screen?.controller.stack.map(\.id) == ["chargers"])
    // The knob is on the point: a press tells the app.
    for (time, event) in EffectLogGoldenTests.press(.select, at: 2) { clock.send(event, at: time) }
    #expect(
      T.sent(clock, from: 2).contains(.event(.itemSelected(templateID: "chargers", itemID: "c1"))),
      "\(T.sent(clock, from: 2))")
    // The app hands the place to the built-in router: a preview, not guidance.
    clock.send(
      T.line(
        #"{"type":"navigateTo","id":3,"destination":{"latitude":\#(end.latitude),"longitude":\#(end.longitude),"name":"Fast charger"}}"#
      ), at: 3)
    guard case .previewing = clock.core.app.phase else {
      Issue.record("no preview: \(clock.core.app.phase), \(T.sent(clock, from: 3))")
      return
    }
    #expect(clock.core.bridge.screen == nil, "the built-in app shows the preview")
    #expect(!clock.core.session.state.isActive, "the driver starts it, not the app")
  }

  @Test("a bridge navigation app cannot push Now Playing; the built-in app can")
  func nowPlayingIsNotABridgeNavigationAppsPush() {
    var clock = Self.clock("navigation")
    clock.send(
      T.line(#"{"type":"setRootTemplate","id":2,"template":{"type":"map","id":"m"}}"#), at: 1)
    // No wire form pushes Now Playing: the rule holds in the app's controller whatever asks.
    let push = BridgeLine(id: .number(3), request: .success(.pushTemplate(.nowPlaying(.empty))))
    clock.send(.bridge(.line(T.client, push)), at: 2)
    #expect(
      Self.errors(clock, from: 2).map(\.message) == [
        "cannot push now playing: only list, grid, search, information and point of interest "
          + "templates can be pushed"
      ])
    #expect(clock.core.bridge.screen?.controller.stack.map(\.id) == ["m"])
    #expect(clock.core.bridge.screen?.controller.configuration.isBuiltIn == false)
    // The built-in app, a navigation app too, shows the shared screen.
    var builtIn = clock.core.app.controller
    #expect(builtIn.configuration.category == .navigation)
    let effects = builtIn.handle(.push(RequestID(1), .nowPlaying(.empty)), at: Date.distantPast)
    #expect(effects.contains { if case .completion(_, .success) = $0 { true } else { false } })
    #expect(builtIn.topTemplate?.kind == .nowPlaying)
  }

  @Test func anUnknownCategoryIsRefusedWithItsPath() throws {
    var clock = CoreClock(core: HeadUnitCoreTests.core())
    clock.send(.bridge(.connected(T.client)), at: 0)
    clock.send(
      T.line(#"{"type":"hello","id":1,"version":1,"app":"t","category":"games"}"#), at: 0)
    let error = try #require(Self.errors(clock, from: 0).first)
    #expect(error.path == "$.category")
    #expect(error.message.contains("navigation"), "\(error.message)")
    #expect(clock.core.bridge.clients[T.client]?.app == nil, "not greeted")
  }

  @Test func withoutACategoryAnAppIsANavigationApp() {
    var clock = CoreClock(core: HeadUnitCoreTests.core())
    clock.send(.bridge(.connected(T.client)), at: 0)
    clock.send(T.line(#"{"type":"hello","id":1,"version":1,"app":"t"}"#), at: 0)
    #expect(clock.core.bridge.clients[T.client]?.category == .navigation)
  }
}
