import Bridge
import Foundation
import Rigs
import Synchronization
import Testing

@testable import Core
@testable import HeadUnit

/// What the bridge survives: malformed input, bursts, half-closed, slow, killed and silent
/// clients.
extension BridgeSocketTests {
  @Test("malformed input gets an error and the connection stays up")
  func malformed() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.client()
    try client.send(#"{"type":"pushTemplate","id":1,"template":{"type":"list","id":"x"}}"#)
    #expect(client.wait(for: "error", id: 1).match?["code"] as? String == "helloFirst")
    try client.send(#"{"type":"hello","id":2,"version":7,"app":"future"}"#)
    let version = try #require(client.wait(for: "error", id: 2).match)
    #expect(version["code"] as? String == "unsupportedVersion")
    #expect((version["message"] as? String)?.contains("supported: 1") == true)
    try client.send(#"{"type":"hello","id":3,"version":1,"app":"ok"}"#)
    #expect(client.wait(for: "hello", id: 3).match != nil)

    try client.send("{not json")
    let bad = try #require(client.receiveAnswer())
    #expect(bad["type"] as? String == "error")
    #expect(bad["code"] as? String == "badJSON")
    #expect(bad["id"] is NSNull)
    try client.send(#"{"type":"teleport","id":4}"#)
    let unknown = try #require(client.wait(for: "error", id: 4).match)
    #expect(unknown["code"] as? String == "unknownType")
    #expect(unknown["path"] as? String == "$.type")
    try client.send("[1,2,3]")
    #expect(client.receiveAnswer()?["code"] as? String == "badJSON")
    let badItem = """
      {"type":"pushTemplate","id":5,"template":{"type":"list","id":"l","sections":[{"items":[\
      {"id":"a","text":"A"},{"id":"b","text":"B"},{"id":"c","text":3}]}]}}
      """
    try client.send(badItem)
    let item = try #require(client.wait(for: "error", id: 5).match)
    #expect(item["code"] as? String == "invalidRequest")
    #expect(item["path"] as? String == "$.template.sections[0].items[2].text")
    #expect(item["message"] as? String == "expected a string, got the number 3")
    try client.send(#"{"type":"popTemplate","id":6,"colour":"red"}"#)
    #expect(client.wait(for: "error", id: 6).match?["path"] as? String == "$.colour")
    try client.send(#"{"type":"popTemplate"}"#)
    #expect(client.receiveAnswer()?["path"] as? String == "$.id")

    // Over 1 MiB on one line: an error, the rest of the line skipped, the next one read.
    var huge = Array(#"{"type":"popTemplate","id":7,"pad":""#.utf8)
    huge += [UInt8](repeating: 0x61, count: (1 << 20) + 10)
    huge += Array(#""}"#.utf8) + [0x0A]
    try client.write(huge)
    try client.send(#"{"type":"popToRootTemplate","id":8}"#)
    let tooLong = try #require(client.receiveAnswer(timeout: .seconds(10)))
    #expect(tooLong["code"] as? String == "lineTooLong")
    let next = try #require(client.receiveAnswer())
    #expect(next["id"] as? Int == 8, "\(next)")
    #expect(rig.read { $0.bridge.clients.count } == 1, "still connected")
  }

  @Test("1000 requests in a burst: every one answered, in order")
  func burst() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.greetedClient()
    #expect(Self.setMapRoot(client))
    var lines: [UInt8] = []
    for id in 1000..<2000 {
      let line =
        id % 3 == 0
        ? #"{"type":"popTemplate","id":\#(id)}"#
        : id % 3 == 1
          ? #"{"type":"dismissTemplate","id":\#(id)}"#
          : #"{"type":"updateTemplate","id":\#(id),"template":\#(Self.map)}"#
      lines += Array(line.utf8) + [0x0A]
    }
    let burst = lines
    let writer = Thread { try? client.write(burst) }
    writer.start()
    var ids: [Int] = []
    while ids.count < 1000, let object = client.receiveObject(timeout: .seconds(10)) {
      guard let id = object["id"] as? Int else { continue }
      ids.append(id)
      #expect((object["type"] as? String == "error") == (id % 3 == 0), "\(object)")
    }
    #expect(ids == Array(1000..<2000))
  }

  @Test("a client that sends its requests and closes its end still gets every answer")
  func halfClosed() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.client()
    var lines = #"{"type":"hello","id":0,"version":1}"# + "\n"
    lines += #"{"type":"setRootTemplate","id":1,"template":\#(Self.map)}"# + "\n"
    for id in 2..<300 {
      lines += #"{"type":"updateTemplate","id":\#(id),"template":\#(Self.list)}"# + "\n"
    }
    try client.write(Array(lines.utf8))
    client.shutdownWriting()
    var ids: [Int] = []
    while let object = client.receiveObject(timeout: .seconds(5)) {
      if let id = object["id"] as? Int { ids.append(id) }
    }
    #expect(ids == Array(0..<300))
    #expect(rig.waitFor { $0.bridge.clients.isEmpty }, "closed after the last answer")
  }

  @Test("a client that stops reading is disconnected; another is served on")
  func slowReader() throws {
    var limits = BridgeServer.Limits()
    limits.maximumQueuedMessages = 64
    limits.maximumQueuedBytes = 64 * 1024
    let rig = try BridgeRig(limits: limits)
    defer { rig.stop() }
    let lazy = try rig.greetedClient("lazy")
    let busy = try rig.greetedClient("busy")
    // `lazy` writes and never reads: its replies pile up in its queue.
    let big = #"{"type":"updateTemplate","id":1,"template":\#(Self.list)}"#
    var lines: [UInt8] = []
    for _ in 0..<5000 { lines += Array(big.utf8) + [0x0A] }
    let burst = lines
    let writer = Thread { try? lazy.write(burst) }
    writer.start()
    #expect(rig.waitFor(timeout: .seconds(10)) { $0.bridge.clients.count == 1 })
    #expect(rig.logged("too slow a reader"))
    #expect(
      Self.ask(busy, 2, #"{"type":"setRootTemplate","id":2,"template":\#(Self.map)}"#)?["ok"]
        as? Bool == true)
  }

  @Test("a client killed mid-session: the built-in app takes the screen back")
  func killedClient() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let script = """
      import json, socket, sys, time
      s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
      f = s.makefile("rw")
      def ask(m): f.write(json.dumps(m) + "\\n"); f.flush(); return json.loads(f.readline())
      ask({"type": "hello", "id": 1, "version": 1, "app": "doomed"})
      ask({"type": "setRootTemplate", "id": 2, "template": {"type": "map", "id": "m"}})
      print("ready", flush=True)
      time.sleep(60)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, rig.socket]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let ready = out.fileHandleForReading.availableBytes()
    #expect(String(decoding: ready, as: UTF8.self).contains("ready"))
    #expect(rig.read { $0.bridge.screen != nil })
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(rig.waitFor { $0.bridge.screen == nil && $0.bridge.clients.isEmpty })
    #expect(rig.read { $0.activeController.stack.first?.id } == NavigationApp.ID.map)
  }

  @Test("heartbeat silence: disconnected after the timeout, the built-in app back, draining")
  func silence() throws {
    let rig = try BridgeRig { $0.bridge.timeout = .seconds(1.5) }
    defer { rig.stop() }
    let client = try rig.greetedClient()
    #expect(Self.setMapRoot(client))
    let quiet = ContinuousClock.now
    #expect(rig.waitFor(timeout: .seconds(4)) { $0.bridge.screen == nil })
    let took = quiet.duration(to: .now)
    #expect(took >= .seconds(1.2) && took < .seconds(3), "\(took)")
    #expect(rig.logged("no heartbeat for 1.5 s"))
    #expect(rig.read { $0.lifecycle.causes.contains(.bridgeGone) })
    #expect(rig.read { $0.lifecycle.state == .draining })
    #expect(client.receive(timeout: .seconds(1)).map { !$0.contains("reply") } ?? true)
  }
}
