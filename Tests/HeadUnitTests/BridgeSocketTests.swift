import Bridge
import Foundation
import Rigs
import Synchronization
import Testing

@testable import Core
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
    rig.press(.select)
    let selected = try #require(client.wait(for: "itemSelected").match)
    #expect(selected["templateId"] as? String == "songs")
    #expect(selected["itemId"] as? String == "b")
    try rig.snapshot(
      to: FileManager.default.temporaryDirectory.appendingPathComponent("bridge-list.png").path)
  }

  /// Turns the knob one detent at a time until `id` has the focus.
  static func focus(_ id: String, in rig: BridgeRig) {
    for _ in 0..<30 {
      if rig.read({ $0.activeController.focusedElementID }) == id { return }
      rig.turn(1)
      _ = rig.waitFor(timeout: .milliseconds(200)) { _ in false }
    }
  }

  /// Sends `line` and returns the reply or error with `id`.
  static func ask(_ client: BridgeClient, _ id: Int, _ line: String) -> [String: Any]? {
    do { try client.send(line) } catch { return nil }
    return client.answer(to: id, timeout: .seconds(3))
  }

  /// Sets a bare map as the client's root template (request 1); true when accepted.
  static func setMapRoot(_ client: BridgeClient) -> Bool {
    ask(client, 1, #"{"type":"setRootTemplate","id":1,"template":\#(map)}"#)?["ok"] as? Bool
      == true
  }

  static let trip = """
    {"id":"work","origin":{"latitude":60.17,"longitude":24.94},\
    "destination":{"latitude":60.18,"longitude":24.95},"destinationName":"Work",\
    "routeChoices":[{"summary":"4.2 km","selectionSummary":"11 min","additionalInformation":"Fastest"},\
    {"summary":"5.0 km","selectionSummary":"13 min"}]}
    """

  @Test("the socket: mode 0660, a stale one replaced, a live one or a plain file refused")
  func socketFile() throws {
    let rig = try BridgeRig()
    var status = stat()
    #expect(stat(rig.socket, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o660)
    #expect(status.st_mode & S_IFMT == S_IFSOCK)
    let logger = Logger(label: "t", level: .error) { _ in }
    #expect(throws: BridgeSocketError.self) {
      _ = try BridgeServer(path: rig.socket, group: nil, logger: logger) { _ in }
    }
    let plain = rig.folder.appendingPathComponent("plain").path
    _ = FileManager.default.createFile(atPath: plain, contents: Data("x".utf8))
    #expect(throws: BridgeSocketError.self) {
      _ = try BridgeServer(path: plain, group: nil, logger: logger) { _ in }
    }
    #expect(throws: BridgeSocketError.self) {
      _ = try BridgeServer(path: rig.socket + ".g", group: "no-such-group-here", logger: logger) {
        _ in
      }
    }
    // A socket file left behind by a process that died: nobody answers, it is replaced.
    let stale = rig.folder.appendingPathComponent("stale.sock").path
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    let address = try UnixSocketAddress(path: stale)
    #expect(address.withSockaddr { bind(descriptor, $0, $1) } == 0)
    close(descriptor)
    let server = try BridgeServer(path: stale, group: nil, logger: logger) { _ in }
    #expect(try BridgeClient(path: stale).descriptor >= 0)
    server.stop()
    #expect(!FileManager.default.fileExists(atPath: stale), "removed on stop")
    rig.stop()
  }

  /// Connects to `path` as user `uid` with groups `gid` (a Python child that drops root);
  /// "ok" or the error it got.
  static func connect(_ path: String, uid: Int, gid: Int) throws -> String {
    let script = """
      import os, socket, sys
      os.setgroups([]); os.setgid(\(gid)); os.setuid(\(uid))
      s = socket.socket(socket.AF_UNIX)
      try:
          s.connect(sys.argv[1])
      except OSError as e:
          print(e.strerror); sys.exit()
      s.settimeout(0.5)
      try:
          said = s.recv(4096)
      except socket.timeout:
          said = b""
      print("ok" if not said else "refused " + said.decode())
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    process.waitUntilExit()
    return String(decoding: out.fileHandleForReading.bytesToEnd(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(
    "only the socket's owner and group can connect",
    .enabled(if: getuid() == 0, "needs root to connect as other users"))
  func access() throws {
    let logger = Logger(label: "t", level: .error) { _ in }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bridge-access-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bridge.sock").path
    let server = try BridgeServer(path: path, group: "nogroup", logger: logger) { _ in }
    defer { server.stop() }
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_gid == 65534, "the configured group")
    #expect(status.st_mode & 0o777 == 0o660)
    // `daemon` (uid 1, gid 1) is neither the owner nor in the group.
    #expect(try Self.connect(path, uid: 1, gid: 1) == "Permission denied")
    // The same user with the socket's group may.
    #expect(try Self.connect(path, uid: 1, gid: 65534) == "ok")
  }

  @Test("every template request: replies, rule errors with the controller's codes")
  func templateRequests() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.greetedClient()
    let grid = #"{"type":"grid","id":"g","title":"Grid","buttons":[{"id":"g1","title":"One"}]}"#
    let info =
      #"{"type":"information","id":"i","title":"Info","items":[{"title":"A","detail":"1"}],"actions":[{"id":"ok","title":"OK"}]}"#
    let poi =
      #"{"type":"pointOfInterest","id":"p","title":"Places","points":[{"id":"p1","title":"Cafe","latitude":60.17,"longitude":24.94}]}"#
    let alert =
      #"{"type":"alert","id":"al","title":["Really?"],"actions":[{"id":"yes","title":"Yes","style":"destructive"}]}"#
    // A list cannot be the root: the controller's rule, its code and sentence.
    let root = try #require(
      Self.ask(client, 1, #"{"type":"setRootTemplate","id":1,"template":\#(Self.list)}"#))
    #expect(root["type"] as? String == "error")
    #expect(root["code"] as? String == "unsupportedRoot")
    #expect((root["message"] as? String)?.contains("root") == true)
    #expect(
      Self.ask(client, 2, #"{"type":"setRootTemplate","id":2,"template":\#(Self.map)}"#)?["ok"]
        as? Bool == true)
    #expect(
      Self.ask(client, 3, #"{"type":"pushTemplate","id":3,"template":\#(grid)}"#)?["ok"] as? Bool
        == true)
    #expect(
      Self.ask(client, 4, #"{"type":"pushTemplate","id":4,"template":\#(info)}"#)?["ok"] as? Bool
        == true)
    #expect(
      Self.ask(client, 5, #"{"type":"pushTemplate","id":5,"template":\#(poi)}"#)?["ok"] as? Bool
        == true)
    #expect(
      Self.ask(client, 6, #"{"type":"pushTemplate","id":6,"template":\#(Self.list)}"#)?["ok"]
        as? Bool == true)
    let deep = Self.ask(
      client, 7,
      #"{"type":"pushTemplate","id":7,"template":{"type":"list","id":"l2","items":[]}}"#)
    #expect(deep?["code"] as? String == "depthExceeded")
    #expect(
      rig.read { $0.activeController.stack.map(\.id) } == ["app-map", "g", "i", "p", "songs"])
    #expect(Self.ask(client, 8, #"{"type":"popTemplate","id":8}"#)?["ok"] as? Bool == true)
    #expect(
      Self.ask(client, 9, #"{"type":"popToTemplate","id":9,"templateId":"g"}"#)?["ok"] as? Bool
        == true)
    #expect(
      Self.ask(client, 10, #"{"type":"popToTemplate","id":10,"templateId":"zz"}"#)?["code"]
        as? String == "notInStack")
    let updated = grid.replacingOccurrences(of: "\"One\"", with: "\"Uno\"")
    #expect(
      Self.ask(client, 11, #"{"type":"updateTemplate","id":11,"template":\#(updated)}"#)?["ok"]
        as? Bool == true)
    #expect(Self.ask(client, 12, #"{"type":"popToRootTemplate","id":12}"#)?["ok"] as? Bool == true)
    #expect(
      Self.ask(client, 13, #"{"type":"popTemplate","id":13}"#)?["code"] as? String
        == "cannotPopRoot")
    #expect(
      Self.ask(client, 14, #"{"type":"presentTemplate","id":14,"template":\#(alert)}"#)?["ok"]
        as? Bool == true)
    #expect(
      Self.ask(client, 15, #"{"type":"presentTemplate","id":15,"template":\#(alert)}"#)?["code"]
        as? String == "alreadyPresenting")
    #expect(Self.ask(client, 16, #"{"type":"dismissTemplate","id":16}"#)?["ok"] as? Bool == true)
    #expect(
      Self.ask(client, 17, #"{"type":"presentTemplate","id":17,"template":\#(grid)}"#)?["code"]
        as? String == "unsupportedPresent")
    #expect(
      Self.ask(client, 18, #"{"type":"setPanning","id":18,"on":true}"#)?["ok"] as? Bool == true)
    #expect(rig.read { $0.activeController.isPanning })
    #expect(
      Self.ask(client, 19, #"{"type":"setPanning","id":19,"on":false}"#)?["ok"] as? Bool == true)
    let navigationAlert =
      #"{"id":"na","title":"Traffic ahead","primaryAction":{"id":"na.ok","title":"OK"},"duration":0}"#
    #expect(
      Self.ask(
        client, 20, #"{"type":"presentNavigationAlert","id":20,"alert":\#(navigationAlert)}"#)?[
          "ok"] as? Bool == true)
    #expect(
      Self.ask(
        client, 21, #"{"type":"presentNavigationAlert","id":21,"alert":\#(navigationAlert)}"#)?[
          "code"] as? String == "navigationAlertVisible")
    // Held back to the alert's 5 s minimum: the reply comes when it goes, with the event.
    try client.send(#"{"type":"dismissNavigationAlert","id":22}"#)
    let dismissed = client.wait(for: "reply", id: 22, timeout: .seconds(8))
    #expect(dismissed.match != nil)
    #expect(
      dismissed.before.contains {
        $0["type"] as? String == "alertDismissed" && $0["context"] as? String == "systemDismissed"
      })
    #expect(
      Self.ask(client, 23, #"{"type":"showTripPreviews","id":23,"trips":[\#(Self.trip)]}"#)?["ok"]
        as? Bool == true)
    #expect(rig.read { $0.activeController.map?.tripPreview?.trips.count } == 1)
    #expect(Self.ask(client, 24, #"{"type":"hideTripPreviews","id":24}"#)?["ok"] as? Bool == true)
    #expect(rig.read { $0.activeController.map?.tripPreview == nil })
    try client.send(#"{"type":"goodbye","id":25}"#)
    #expect(client.wait(for: "reply", id: 25).match != nil)
    #expect(client.receive(timeout: .seconds(2)) == nil, "the unit closes the connection")
    #expect(rig.waitFor { $0.bridge.screen == nil && $0.bridge.clients.isEmpty })
  }

  @Test("navigateTo hands a destination to the built-in router; the built-in app has the screen")
  func navigateTo() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.greetedClient()
    #expect(Self.setMapRoot(client))
    let place = try #require(DriveFixtures.provider.places.first)
    let line = """
      {"type":"navigateTo","id":2,"destination":{"latitude":\(place.coordinate.latitude),\
      "longitude":\(place.coordinate.longitude),"name":"There"},"start":true}
      """
    let reply = try #require(Self.ask(client, 2, line))
    #expect(reply["ok"] as? Bool == true, "\(reply)")
    #expect(reply["state"] as? String == "navigating")
    #expect(rig.read { $0.bridge.screen == nil && $0.app.phase.isNavigating })
    let far = #"{"type":"navigateTo","id":3,"destination":{"latitude":10,"longitude":10}}"#
    #expect(Self.ask(client, 3, far)?["code"] as? String == "noRoute")
  }

}

/// What the navigation tests read off the map scene.
struct NavigationSceneSummary: Sendable {
  var maneuver: String?
  var road: String?
  var trip: String?
  var banner: Bool
}
