import Bridge
import Foundation
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// The bridge in the core, on a virtual clock: liveness, the screen changing hands, and
/// the lifecycle's bridge timing.
@Suite("Bridge in the core")
struct BridgeCoreTests {
  static let client = BridgeClientID(1)

  static func line(_ text: String) -> HeadUnitCore.Event {
    .bridge(.line(client, BridgeDecoder.decode(Array(text.utf8))))
  }

  static func sent(_ clock: CoreClock, from t: TimeInterval = 0) -> [BridgeMessage] {
    clock.log.filter { $0.t >= t }.compactMap {
      if case .bridge(.send(_, let message)) = $0.effect { message } else { nil }
    }
  }

  /// A core with one greeted client whose map is on screen.
  static func clockWithApp(
    _ configure: (inout HeadUnitCore.Configuration) -> Void = { _ in }
  ) -> CoreClock {
    var clock = CoreClock(core: HeadUnitCoreTests.core(configure))
    clock.send(.bridge(.connected(client)), at: 0)
    clock.send(line(#"{"type":"hello","id":1,"version":1,"app":"t"}"#), at: 0)
    clock.send(
      line(#"{"type":"setRootTemplate","id":2,"template":{"type":"map","id":"m"}}"#), at: 0)
    return clock
  }

  @Test("a silent client: closed at the timeout, the built-in app back, then draining and parked")
  func silence() {
    var clock = Self.clockWithApp()
    #expect(clock.core.bridge.screen?.client == Self.client)
    for t in stride(from: 2.0, through: 10, by: 2) {
      clock.send(Self.line(#"{"type":"heartbeat"}"#), at: t)
    }
    clock.advance(to: 14.9)
    #expect(clock.core.bridge.screen != nil, "4.9 s of silence is within the 5 s timeout")
    #expect(clock.core.lifecycle.state == .active)
    clock.advance(to: 15)
    #expect(clock.core.bridge.screen == nil)
    #expect(clock.core.bridge.clients.isEmpty)
    #expect(
      clock.log.contains {
        $0.t == 15 && $0.effect == .bridge(.close(Self.client, reason: "no heartbeat for 5 s"))
      })
    #expect(clock.core.activeController.stack.first?.id == NavigationApp.ID.map)
    #expect(clock.core.lifecycle.state == .draining)
    #expect(clock.core.lifecycle.causes == [.bridgeGone])
    clock.advance(to: 25)
    #expect(clock.core.lifecycle.state == .suspended, "after the 10 s grace")
    // The unit's own heartbeats went out every 2 s while the client was there.
    let beats = Self.sent(clock).filter { $0.type == "heartbeat" }.count
    #expect(beats == 7)
  }

  @Test("holding home takes the screen back from a navigating app, which stays connected")
  func homeTakesTheScreenBack() {
    var clock = Self.clockWithApp()
    let trip = """
      {"type":"showTripPreviews","id":3,"trips":[{"id":"job17",\
      "origin":{"latitude":60.1699,"longitude":24.9384},\
      "destination":{"latitude":60.1841,"longitude":24.9505},"destinationName":"Aalto",\
      "routeChoices":[{"summary":"4.2 km"}]}]}
      """
    clock.send(Self.line(trip), at: 1)
    clock.send(Self.line(#"{"type":"startNavigation","id":4,"tripId":"job17"}"#), at: 1)
    #expect(clock.core.bridge.screen?.navigation != nil)
    // A short press of home is the app's to handle; holding it is the driver's way out.
    clock.send(.input(.button(role: .home, action: .press, at: .seconds(2))), at: 2)
    clock.send(.input(.button(role: .home, action: .release, at: .seconds(2.2))), at: 2.2)
    #expect(clock.core.bridge.screen?.client == Self.client)
    clock.send(Self.line(#"{"type":"heartbeat"}"#), at: 2.5)
    clock.send(.input(.button(role: .home, action: .press, at: .seconds(3))), at: 3)
    clock.send(.input(.button(role: .home, action: .longPress, at: .seconds(3.8))), at: 3.8)
    clock.send(.input(.button(role: .home, action: .release, at: .seconds(4))), at: 4)
    #expect(clock.core.bridge.screen == nil)
    #expect(clock.core.activeController.stack.first?.id == NavigationApp.ID.map)
    let told = Self.sent(clock, from: 3.5).filter { $0.type != "heartbeat" }.map(\.serialized)
    #expect(
      told == [
        #"{"type":"navigationCancelled","reason":"driver"}"#,
        #"{"type":"screenLost","reason":"driver"}"#,
      ])
    clock.send(Self.line(#"{"type":"heartbeat"}"#), at: 4.5)
    #expect(clock.core.bridge.clients[Self.client] != nil, "still connected")
    #expect(clock.core.lifecycle.state == .active)
    // Its requests now say the built-in app has the screen; a new root takes it again.
    clock.send(Self.line(#"{"type":"popToRootTemplate","id":5}"#), at: 5)
    #expect(Self.sent(clock, from: 5).first?["code"] == .string("notOnScreen"))
    clock.send(
      Self.line(#"{"type":"setRootTemplate","id":6,"template":{"type":"map","id":"m"}}"#), at: 6)
    #expect(clock.core.bridge.screen?.client == Self.client)
  }

  @Test("a client back within the grace period: nothing visible happens")
  func reconnectWithinGrace() {
    var clock = Self.clockWithApp()
    clock.send(.bridge(.disconnected(Self.client, reason: "closed the connection")), at: 1)
    #expect(clock.core.lifecycle.state == .draining)
    let again = BridgeClientID(2)
    clock.send(.bridge(.connected(again)), at: 5)
    clock.send(
      .bridge(
        .line(again, BridgeDecoder.decode(Array(#"{"type":"hello","id":1,"version":1}"#.utf8)))),
      at: 5)
    #expect(clock.core.lifecycle.state == .active)
    #expect(!clock.log.contains { $0.t > 1 && $0.effect == .screen(.parked) })
    for t in stride(from: 7.0, through: 30, by: 2) {
      clock.send(
        .bridge(.line(again, BridgeDecoder.decode(Array(#"{"type":"heartbeat"}"#.utf8)))), at: t)
    }
    #expect(clock.core.lifecycle.state == .active)
  }

  @Test("with disconnectDrains off, clients come and go without touching the lifecycle")
  func disconnectDoesNotDrain() {
    var clock = Self.clockWithApp { $0.bridge.disconnectDrains = false }
    clock.send(Self.line(#"{"type":"goodbye","id":3}"#), at: 1)
    #expect(clock.core.bridge.clients.isEmpty)
    #expect(clock.core.lifecycle.state == .active)
    #expect(clock.core.lifecycle.causes.isEmpty)
    clock.advance(to: 60)
    #expect(clock.core.lifecycle.state == .active)
  }

  @Test("parking ends an app's navigation session with navigationCancelled")
  func parkingCancels() {
    var clock = Self.clockWithApp()
    let trip = """
      {"type":"showTripPreviews","id":3,"trips":[{"id":"t","origin":{"latitude":60.1,\
      "longitude":24.9},"destination":{"latitude":60.2,"longitude":24.9},\
      "routeChoices":[{"summary":"1 km"}]}]}
      """
    clock.send(Self.line(trip), at: 0)
    clock.send(Self.line(#"{"type":"startNavigation","id":4,"tripId":"t"}"#), at: 0)
    #expect(clock.core.bridge.screen?.navigation != nil)
    clock.send(.input(.ignition(on: false, at: .zero)), at: 1)
    for t in stride(from: 2.0, through: 12, by: 2) {
      clock.send(Self.line(#"{"type":"heartbeat"}"#), at: t)
    }
    clock.advance(to: 12)
    #expect(clock.core.lifecycle.state == .suspended)
    let cancelled = Self.sent(clock).first { $0.type == "navigationCancelled" }
    #expect(cancelled?["reason"] == .string("parked"))
    #expect(clock.core.bridge.screen?.navigation == nil)
  }

  @Test("every request type decodes from its documented example")
  func documentedExamples() throws {
    let docs = Paths.root.appendingPathComponent("docs/bridge.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    var seen: Set<String> = []
    for line in text.split(separator: "\n") where line.hasPrefix("→ ") {
      let decoded = BridgeDecoder.decode(Array(line.dropFirst(2).utf8))
      guard case .success(let request) = decoded.request else {
        Issue.record("\(line): \(decoded.request)")
        continue
      }
      seen.insert(Self.type(of: request))
    }
    #expect(seen == Set(BridgeRequest.types), "\(Set(BridgeRequest.types).subtracting(seen))")
  }

  static func type(of request: BridgeRequest) -> String {
    if case .navigateToQuery = request { return "navigateTo" }
    let name = "\(request)"
    return String(name.prefix { $0.isLetter })
  }
}
