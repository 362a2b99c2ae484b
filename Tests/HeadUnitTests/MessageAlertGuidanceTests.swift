import Bridge
import Foundation
import Navigation
import Rendering
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// Incoming messages of a communication app in the background while the built-in app
/// guides along helsinki-1: never on screen while a maneuver is near (from its early
/// prompt through the final approach) — held, shown after the maneuver, stepping back when
/// the next comes near — and drawn beside the maneuver card, never over it.
@Suite("Message alerts during guidance")
struct MessageAlertGuidanceTests {
  typealias T = BridgeCoreTests

  /// A communication client in the background and the built-in app guiding, in `language`.
  static func guiding(_ language: String = "en") throws -> (CoreClock, [Fix]) {
    let phrases = try Phrasebook(language: language)
    var clock = CoreClock(
      core: HeadUnitCore(provider: DriveFixtures.provider, phrases: phrases),
      origin: Date(timeIntervalSince1970: 1_800_000_000))
    clock.send(.bridge(.connected(T.client)), at: 0)
    clock.send(
      T.line(#"{"type":"hello","id":1,"version":1,"app":"chat","category":"communication"}"#),
      at: 0)
    let fixes = try DriveFixtures.fixes("helsinki-1-clean")
    clock.send(.position(.fix(try #require(fixes.first))), at: 0.25)
    let own = try #require(DriveFixtures.provider.places.first { $0.name != "Depot" })
    clock.send(.navigate(own, start: true), at: 0.5)
    #expect(clock.core.app.phase.isNavigating)
    return (clock, fixes)
  }

  static func alert(_ id: String, duration: Double = 0) -> HeadUnitCore.Event {
    T.line(
      #"{"type":"showMessageAlert","id":"\#(id)","alert":{"id":"\#(id)","conversationId":"c1","sender":"Anna Virtanen","text":"Running 10 minutes late, start without me","actions":[{"id":"reply","title":"Reply"},{"id":"call","title":"Call"}],"duration":\#(duration)}}"#
    )
  }

  /// The message's alert on the built-in map, if one is up.
  static func shown(_ clock: CoreClock) -> NavigationAlert? {
    guard let alert = clock.core.app.controller.map?.navigationAlert,
      alert.id.hasPrefix(NavigationApp.foreignAlertPrefix)
    else { return nil }
    return alert
  }

  @Test func heldWhileAManeuverIsNearShownAfterItSteppingBackForTheNext() throws {
    var (clock, fixes) = try Self.guiding()
    let first = try #require(fixes.first?.time)
    var stage = 0  // 0: wait for a near maneuver; 1: held; 2: shown; 3: stepped back; 4: again
    var sentAt = 0.0
    for fix in fixes.dropFirst() {
      let t = 1 + fix.time.timeIntervalSince(first)
      clock.send(.position(.fix(fix)), at: t)
      clock.send(T.line(#"{"type":"heartbeat"}"#), at: t)
      let near = clock.core.isManeuverNear
      // The rule, at every fix of the drive.
      #expect(!(near && Self.shown(clock) != nil), "a message over a near maneuver at \(t) s")
      switch stage {
      case 0 where near:
        clock.send(Self.alert("m1"), at: t)
        sentAt = t
        #expect(T.sent(clock, from: t).contains(.reply(.string("m1"))))
        #expect(Self.shown(clock) == nil, "held")
        #expect(clock.core.bridge.messages.map(\.alert.id) == ["m1"])
        stage = 1
      case 1 where !near:
        let alert = try #require(Self.shown(clock), "shown once the maneuver is behind")
        #expect(alert.titleVariants.first == "Message from Anna Virtanen")
        #expect(alert.primaryAction.id == "reply" && alert.secondaryAction?.id == "call")
        stage = 2
      case 2 where near:
        #expect(Self.shown(clock) == nil, "stepped back for the next maneuver")
        #expect(clock.core.bridge.messages.map(\.alert.id) == ["m1"])
        stage = 3
      case 3 where !near:
        #expect(Self.shown(clock) != nil, "back after that maneuver")
        stage = 4
      default: break
      }
      if stage == 4 {
        for (time, event) in EffectLogGoldenTests.press(.select, at: t + 0.25) {
          clock.send(event, at: time)
        }
        break
      }
    }
    #expect(stage == 4, "the drive had two maneuvers with a stretch between them")
    let events = T.sent(clock, from: sentAt).filter { $0 != .event(.heartbeat) }.compactMap {
      if case .event(let e) = $0 { e } else { nil }
    }
    #expect(
      events == [
        .buttonPressed(templateID: "m1", buttonID: "reply"),
        .alertDismissed(alertID: "m1", context: "userDismissed"),
      ], "stepping back is not a dismissal")
    #expect(Self.shown(clock) == nil && clock.core.bridge.messages.isEmpty)
  }

  struct Case: Sendable, CustomStringConvertible {
    var language: String
    var size: ScreenSize
    var theme: String
    var description: String { "\(language)-\(size.width)x\(size.height)-\(theme)" }
  }

  static let cases: [Case] = ["en", "zh"].flatMap { language in
    [ScreenSize.standard, ScreenSize(width: 480, height: 320)].flatMap { size in
      ["day", "night"].map { Case(language: language, size: size, theme: $0) }
    }
  }

  /// The first frame with the message on screen (after the first maneuver), compared with
  /// its golden image (`UPDATE_GOLDENS=1` writes it anew); its buttons clear of the card.
  @Test(arguments: cases)
  func theAlertIsDrawnBesideTheManeuverCard(_ c: Case) throws {
    var (clock, fixes) = try Self.guiding(c.language)
    let first = try #require(fixes.first?.time)
    var t = 1.0
    var seenNear = false
    // Once the first maneuver is behind, the message comes.
    for fix in fixes.dropFirst() where Self.shown(clock) == nil {
      t = 1 + fix.time.timeIntervalSince(first)
      clock.send(.position(.fix(fix)), at: t)
      clock.send(T.line(#"{"type":"heartbeat"}"#), at: t)
      seenNear = seenNear || clock.core.isManeuverNear
      if seenNear, !clock.core.isManeuverNear { clock.send(Self.alert("m1"), at: t) }
    }
    #expect(Self.shown(clock) != nil)
    let theme = try #require(Theme.named(c.theme))
    let frame = clock.core.frame(at: clock.origin.addingTimeInterval(t), size: c.size, theme: theme)
    guard case .scene(let scene) = frame else {
      Issue.record("no scene")
      return
    }
    let renderer = try TemplateRenderer(size: c.size)
    let targets = renderer.render(scene)
    let layout = NavigationLayout(size: c.size)
    let buttons = targets.filter { $0.id == "reply" || $0.id == "call" }
    #expect(buttons.count == 2)
    for button in buttons {
      #expect(!button.rect.intersects(layout.card), "\(button.id) over the card at \(c.size)")
      #expect(button.rect.minX >= layout.card.maxX || layout.isPortrait)
    }
    try MapGoldenTests.check(renderer.pixelBuffer(), "message-guiding-\(c).png")
  }

  @Test func aMessageWithoutButtonsHasTheUnitsCloseAndTimesOut() throws {
    var (clock, _) = try Self.guiding()
    // Before the first maneuver's prompts: shown at once.
    #expect(!clock.core.isManeuverNear)
    clock.send(
      T.line(
        #"{"type":"showMessageAlert","id":5,"alert":{"id":"m2","sender":"Depot","text":"Gate 2 is closed","duration":6}}"#
      ), at: 1)
    let alert = try #require(Self.shown(clock))
    #expect(alert.primaryAction.title == "Close" && alert.secondaryAction == nil)
    clock.send(T.line(#"{"type":"heartbeat"}"#), at: 4)
    clock.advance(to: 7.5)
    #expect(Self.shown(clock) == nil)
    #expect(
      T.sent(clock, from: 1).contains(.event(.alertDismissed(alertID: "m2", context: "timeout"))))
  }

  @Test func theOldestOfTooManyWaitingIsDroppedAndAGoneAppsMessagesGo() throws {
    var (clock, _) = try Self.guiding()
    // The app's own inbox on screen: nothing may show over it.
    clock.send(
      T.line(#"{"type":"setRootTemplate","id":2,"template":\#(BridgeCommunicationTests.inbox)}"#),
      at: 0.75)
    #expect(clock.core.bridge.screen != nil)
    for i in 1...5 {
      clock.send(
        T.line(
          #"{"type":"showMessageAlert","id":\#(i),"alert":{"id":"m\#(i)","sender":"A","text":"\#(i)"}}"#
        ), at: 1)
    }
    #expect(Self.shown(clock) == nil)
    #expect(clock.core.bridge.messages.map(\.alert.id) == ["m2", "m3", "m4", "m5"])
    #expect(
      T.sent(clock, from: 1).contains(
        .event(.alertDismissed(alertID: "m1", context: "systemDismissed"))))
    clock.send(.bridge(.disconnected(T.client, reason: "closed")), at: 2)
    #expect(clock.core.bridge.messages.isEmpty && clock.core.bridge.shownMessage == nil)
    #expect(Self.shown(clock) == nil)
  }
}
