import Foundation
import Synchronization
import Testing

@testable import HeadUnit

/// The bridge over a real Unix socket: a `BridgeServer`, the core on the real clock, and
/// clients that connect, write lines and read what comes back.
@Suite("Bridge over a socket", .serialized)
struct BridgeSocketTests {
  static let map = #"{"type":"map","id":"app-map","mapButtons":[{"id":"menu","letters":"Mnu"}]}"#
  static let list = """
    {"type":"list","id":"songs","title":"Songs","sections":[{"header":"Today","items":[\
    {"id":"a","text":"Alpha","detail":"first"},{"id":"b","text":"Bravo"},\
    {"id":"c","text":"Charlie","accessory":"disclosure"}]}]}
    """

  @Test("hello, a map root, a list pushed, the knob selects a row: itemSelected")
  func verticalSlice() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.client()
    try client.send(#"{"type":"hello","id":1,"version":1,"app":"slice"}"#)
    let hello = try #require(client.wait(for: "hello", id: 1).match)
    #expect(hello["version"] as? Int == 1)
    #expect(hello["ok"] as? Bool == true)
    #expect((hello["screen"] as? [String: Any])?["width"] as? Int == 800)
    #expect(hello["heartbeatSeconds"] as? Double == 0.5)

    try client.send(#"{"type":"setRootTemplate","id":2,"template":\#(Self.map)}"#)
    #expect(client.wait(for: "reply", id: 2).match?["ok"] as? Bool == true)
    try client.send(#"{"type":"pushTemplate","id":3,"template":\#(Self.list)}"#)
    #expect(client.wait(for: "reply", id: 3).match != nil)
    #expect(rig.read { $0.activeController.stack.map(\.id) } == ["app-map", "songs"])

    // The focus starts on the first row: one detent on.
    rig.turn(1)
    rig.press("select")
    let selected = try #require(client.wait(for: "itemSelected").match)
    #expect(selected["templateId"] as? String == "songs")
    #expect(selected["itemId"] as? String == "b")
    try rig.snapshot(
      to: FileManager.default.temporaryDirectory.appendingPathComponent("bridge-list.png").path)
  }
}
