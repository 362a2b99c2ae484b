import Bridge
import Foundation
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// A communication app over the bridge: its message list and contact card, what the knob
/// does on them, and its templates and requests decoded (or refused at their JSON path).
@Suite("Bridge communication apps")
struct BridgeCommunicationTests {
  typealias T = BridgeCoreTests

  static let inbox =
    #"{"type":"list","id":"inbox","title":"Messages","items":["#
    + #"{"id":"c1","text":"Anna","detail":"Running 10 min late","message":{"conversationId":"conv-anna","unread":true,"time":"09:41","leading":"unread"}},"#
    + #"{"id":"c2","text":"Depot","detail":"Gate 2 is closed","message":{"conversationId":"conv-depot","time":"Yesterday","leading":"pinned"}}]}"#

  static let card =
    #"{"type":"contact","id":"anna","name":"Anna Virtanen","subtitle":"Mobile","#
    + #""details":["+358 40 123 4567","anna@example.com"],"actions":[{"id":"call","kind":"call"},"#
    + #"{"id":"text","kind":"message"},{"id":"route","kind":"directions"},{"id":"later","kind":"custom","title":"Call later"}]}"#

  /// A communication app with its inbox on screen.
  static func clock() -> CoreClock {
    var clock = BridgeCategoryTests.clock("communication")
    clock.send(T.line(#"{"type":"setRootTemplate","id":2,"template":\#(inbox)}"#), at: 1)
    return clock
  }

  static func press(_ clock: inout CoreClock, at t: TimeInterval) {
    for (time, event) in EffectLogGoldenTests.press(.select, at: t) { clock.send(event, at: time) }
  }

  @Test func aMessageItemChosenIsMessageSelectedAndNoItemSelected() throws {
    var clock = Self.clock()
    #expect(T.sent(clock, from: 1).contains(.reply(.number(2))))
    clock.send(.input(.rotated(detents: 1, at: .seconds(1.25))), at: 1.25)
    Self.press(&clock, at: 1.5)
    let events = T.sent(clock, from: 1.5)
    #expect(
      events.contains(
        .event(.messageSelected(templateID: "inbox", itemID: "c2", conversationID: "conv-depot"))))
    #expect(!events.contains { if case .event(.itemSelected) = $0 { true } else { false } })
  }

  @Test func theContactCardsButtonsAreButtonPressed() throws {
    var clock = Self.clock()
    clock.send(T.line(#"{"type":"pushTemplate","id":3,"template":\#(Self.card)}"#), at: 1.25)
    #expect(T.sent(clock, from: 1.25) == [.reply(.number(3))])
    #expect(clock.core.activeController.focusedElementID == "call")
    clock.send(.input(.rotated(detents: 3, at: .seconds(1.5))), at: 1.5)
    Self.press(&clock, at: 1.75)
    #expect(
      T.sent(clock, from: 1.75).contains(
        .event(.buttonPressed(templateID: "anna", buttonID: "later"))))
  }

  @Test func aPlainRowInACommunicationListIsRefused() throws {
    var clock = Self.clock()
    clock.send(
      T.line(
        #"{"type":"pushTemplate","id":3,"template":{"type":"list","id":"l","items":[{"id":"x","text":"Plain"}]}}"#
      ), at: 1.25)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 1.25).first)
    #expect(error.code == "unsupportedItem")
    #expect(
      error.message
        == "cannot push list: a communication app's rows are message items, and row \"x\" is not one"
    )
    #expect(clock.core.activeController.stack.map(\.id) == ["inbox"])
  }

  @Test func aNavigationAppsContactCardIsRefused() throws {
    var clock = BridgeCoreTests.clockWithApp()
    clock.send(T.line(#"{"type":"pushTemplate","id":3,"template":\#(Self.card)}"#), at: 1)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 1).first)
    #expect(error.code == "unsupportedPush")
    #expect(error.message.hasPrefix("cannot push contact: only list, grid"))
  }

  @Test(
    "malformed communication templates and alerts: an error at the JSON path, nothing changed",
    arguments: [
      (#"{"type":"contact","id":"a"}"#, "$.template", "missing"),
      (#"{"type":"contact","id":"a","name":3}"#, "$.template.name", "expected a string"),
      (
        #"{"type":"contact","id":"a","name":"A","details":["1","2","3","4","5"]}"#,
        "$.template.details", "at most 4 detail lines"
      ),
      (
        #"{"type":"contact","id":"a","name":"A","actions":[{"id":"1","kind":"call"},{"id":"2","kind":"call"},{"id":"3","kind":"call"},{"id":"4","kind":"call"},{"id":"5","kind":"call"}]}"#,
        "$.template.actions", "at most 4 buttons"
      ),
      (
        #"{"type":"contact","id":"a","name":"A","actions":[{"id":"1","kind":"fax"}]}"#,
        "$.template.actions[0].kind", "call"
      ),
      (
        #"{"type":"contact","id":"a","name":"A","actions":[{"id":"1","kind":"custom"}]}"#,
        "$.template.actions[0]", "missing"
      ),
      (
        #"{"type":"contact","id":"a","name":"\#(String(repeating: "n", count: 201))"}"#,
        "$.template.name", "at most 200 characters"
      ),
      (
        #"{"type":"list","id":"l","items":[{"id":"x","text":"A","message":{"unread":true}}]}"#,
        "$.template.items[0].message", "missing"
      ),
      (
        #"{"type":"list","id":"l","items":[{"id":"x","text":"A","message":{"conversationId":"c","leading":"starred"}}]}"#,
        "$.template.items[0].message.leading", "pinned"
      ),
      (
        #"{"type":"list","id":"l","items":[{"id":"x","text":"A","handler":"phone"}]}"#,
        "$.template.items[0].handler", "unit"
      ),
    ])
  func malformedTemplate(_ template: String, path: String, words: String) throws {
    var clock = Self.clock()
    clock.send(T.line(#"{"type":"pushTemplate","id":3,"template":\#(template)}"#), at: 2)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 2).first)
    #expect(error.code == BridgeError.Code.invalidRequest)
    #expect(error.path?.hasPrefix(path) == true, "\(error)")
    #expect(error.message.contains(words), "\(error.message)")
    #expect(clock.core.activeController.stack.map(\.id) == ["inbox"])
  }

  @Test(
    "malformed message alerts: an error at the JSON path, nothing waits",
    arguments: [
      (#"{"id":"m","text":"Hi"}"#, "$.alert", "missing"),
      (#"{"id":"m","sender":"","text":"Hi"}"#, "$.alert.sender", "must not be empty"),
      (#"{"id":"m","sender":"A","text":7}"#, "$.alert.text", "expected a string"),
      (
        #"{"id":"m","sender":"A","text":"\#(String(repeating: "t", count: 501))"}"#,
        "$.alert.text", "at most 500 characters"
      ),
      (
        #"{"id":"m","sender":"A","text":"Hi","actions":[{"id":"1","title":"1"},{"id":"2","title":"2"},{"id":"3","title":"3"}]}"#,
        "$.alert.actions", "at most 2 actions"
      ),
      (#"{"id":"m","sender":"A","text":"Hi","duration":600}"#, "$.alert.duration", "60"),
      (#"{"id":"m","sender":"A","text":"Hi","sound":"ding"}"#, "$.alert.sound", "unknown key"),
    ])
  func malformedAlert(_ alert: String, path: String, words: String) throws {
    var clock = Self.clock()
    clock.send(T.line(#"{"type":"showMessageAlert","id":3,"alert":\#(alert)}"#), at: 2)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 2).first)
    #expect(error.code == BridgeError.Code.invalidRequest)
    #expect(error.path?.hasPrefix(path) == true, "\(error)")
    #expect(error.message.contains(words), "\(error.message)")
    #expect(clock.core.bridge.messages.isEmpty)
  }

  @Test func onlyCommunicationAppsAnnounceMessages() throws {
    var clock = BridgeCategoryTests.clock("audio")
    clock.send(
      T.line(#"{"type":"showMessageAlert","id":3,"alert":{"id":"m","sender":"A","text":"Hi"}}"#),
      at: 1)
    let error = try #require(BridgeCategoryTests.errors(clock, from: 1).first)
    #expect(error.code == BridgeError.Code.invalidRequest)
    #expect(
      error.message
        == "an audio app has no message alerts: only communication apps announce messages")
    #expect(clock.core.bridge.messages.isEmpty && clock.core.bridge.shownMessage == nil)
  }
}
