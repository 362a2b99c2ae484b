import Bridge
import Foundation
import Rigs
import Testing

@testable import Core
@testable import HeadUnit

/// A communication app over a real Unix socket: a message alert over the built-in map
/// answered with the knob, then its inbox on screen and a message item chosen.
@Suite("Bridge communication over a socket", .serialized)
struct BridgeCommunicationSocketTests {
  @Test func aMessageAlertThenAMessageItemChosen() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.client()
    try client.send(
      #"{"type":"hello","id":1,"version":1,"app":"chat","category":"communication"}"#)
    #expect(client.wait(for: "hello", id: 1).match?["ok"] as? Bool == true)

    // Not guiding, the built-in map free: the alert shows at once, the knob on Reply.
    try client.send(
      #"{"type":"showMessageAlert","id":2,"alert":{"id":"m1","sender":"Anna","text":"Running late","actions":[{"id":"reply","title":"Reply"}],"duration":0}}"#
    )
    #expect(client.wait(for: "reply", id: 2).match?["ok"] as? Bool == true)
    #expect(rig.waitFor { $0.bridge.shownMessage?.alert.id == "m1" })
    rig.press(.select)
    let pressed = try #require(client.wait(for: "buttonPressed").match)
    #expect(pressed["templateId"] as? String == "m1")
    #expect(pressed["buttonId"] as? String == "reply")
    let dismissed = try #require(client.wait(for: "alertDismissed").match)
    #expect(dismissed["context"] as? String == "userDismissed")

    try client.send(
      #"{"type":"setRootTemplate","id":3,"template":\#(BridgeCommunicationTests.inbox)}"#)
    #expect(client.wait(for: "reply", id: 3).match?["ok"] as? Bool == true)
    rig.turn(1)
    rig.press(.select)
    let selected = try #require(client.wait(for: "messageSelected").match)
    #expect(selected["templateId"] as? String == "inbox")
    #expect(selected["itemId"] as? String == "c2")
    #expect(selected["conversationId"] as? String == "conv-depot")
  }
}
