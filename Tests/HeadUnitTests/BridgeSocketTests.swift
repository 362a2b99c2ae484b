import Foundation
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
          s.connect(sys.argv[1]); print("ok")
      except OSError as e:
          print(e.strerror)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    process.waitUntilExit()
    return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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

  @Test("app-driven navigation: preview, start on the knob, maneuvers, estimates, pause, finish")
  func appNavigation() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.greetedClient()
    #expect(Self.setMapRoot(client))
    #expect(
      Self.ask(client, 2, #"{"type":"updateManeuvers","id":2,"maneuvers":[]}"#)?["code"] as? String
        == "noNavigation")
    #expect(
      Self.ask(
        client, 3,
        #"{"type":"showTripPreviews","id":3,"trips":[\#(Self.trip)],"startButtonTitle":"Go"}"#)?[
          "ok"] as? Bool == true)
    try rig.snapshot(
      to: FileManager.default.temporaryDirectory.appendingPathComponent("bridge-preview.png").path)
    Self.focus("preview.work.1", in: rig)
    rig.press(.select)
    let chosen = try #require(client.wait(for: "routeChoiceSelected").match)
    #expect(chosen["routeChoice"] as? Int == 1)
    Self.focus("preview.start", in: rig)
    rig.press(.select)
    let started = try #require(client.wait(for: "tripStarted").match)
    #expect(started["tripId"] as? String == "work")
    #expect(started["routeChoice"] as? Int == 1)
    #expect(started["summary"] as? String == "5.0 km")
    #expect(
      Self.ask(client, 4, #"{"type":"startNavigation","id":4,"tripId":"home"}"#)?["path"] as? String
        == "$.tripId")
    #expect(
      Self.ask(client, 5, #"{"type":"startNavigation","id":5,"tripId":"work","routeChoice":1}"#)?[
        "ok"] as? Bool == true)
    let maneuvers = """
      {"type":"updateManeuvers","id":6,"maneuvers":[\
      {"id":"m1","type":"rightTurn","instruction":["Turn right onto Mannerheimintie","Turn right"],"road":"Mannerheimintie","distance":320,"time":40},\
      {"id":"m2","type":"roundaboutExit2","instruction":"Take the second exit","road":"Kaivokatu","distance":90,"time":15}]}
      """
    #expect(Self.ask(client, 6, maneuvers)?["ok"] as? Bool == true)
    #expect(
      Self.ask(
        client, 7,
        #"{"type":"updateEstimates","id":7,"trip":{"distance":4200,"time":660},"maneuver":{"distance":250,"time":30}}"#
      )?["ok"] as? Bool == true)
    let scene = try #require(
      rig.read { core -> NavigationSceneSummary? in
        guard case .scene(let s) = core.frame(at: Date(), size: .standard, theme: .day),
          case .map(let m) = s.content
        else { return nil }
        return NavigationSceneSummary(
          maneuver: m.scene.maneuver?.distance, road: m.scene.maneuver?.road,
          trip: m.scene.trip?.distanceRemaining, banner: m.scene.banner != nil)
      })
    #expect(scene.maneuver == "250 m")
    #expect(scene.road == "Mannerheimintie")
    #expect(scene.trip == "4.2 km")
    try rig.snapshot(
      to: FileManager.default.temporaryDirectory.appendingPathComponent("bridge-nav.png").path)
    #expect(
      Self.ask(
        client, 8,
        #"{"type":"pauseNavigation","id":8,"reason":"rerouting","description":"Finding a new route"}"#
      )?["ok"] as? Bool == true)
    #expect(rig.read { $0.bridge.screen?.navigation?.pause == .rerouting })
    #expect(
      Self.ask(client, 9, #"{"type":"pauseNavigation","id":9,"reason":"lunch"}"#)?["path"]
        as? String == "$.reason")
    #expect(Self.ask(client, 10, #"{"type":"resumeNavigation","id":10}"#)?["ok"] as? Bool == true)
    #expect(Self.ask(client, 11, #"{"type":"finishNavigation","id":11}"#)?["ok"] as? Bool == true)
    #expect(rig.read { $0.bridge.screen?.navigation == nil })
    #expect(
      Self.ask(client, 12, #"{"type":"startNavigation","id":12,"tripId":"work"}"#)?["ok"] as? Bool
        == true)
    #expect(Self.ask(client, 13, #"{"type":"cancelNavigation","id":13}"#)?["ok"] as? Bool == true)
    #expect(
      Self.ask(client, 14, #"{"type":"resumeNavigation","id":14}"#)?["code"] as? String
        == "noNavigation")
  }

  @Test("events: buttonPressed, panned, alertDismissed, navigationCancelled, heartbeat")
  func events() throws {
    let rig = try BridgeRig()
    defer { rig.stop() }
    let client = try rig.greetedClient("first")
    let map =
      #"{"type":"map","id":"m","mapButtons":[{"id":"pan","symbol":"overview","role":"pan"},{"id":"act","letters":"A"}]}"#
    #expect(
      Self.ask(client, 1, #"{"type":"setRootTemplate","id":1,"template":\#(map)}"#)?["ok"] as? Bool
        == true)
    // The unit's heartbeat comes every 0.5 s here.
    #expect(client.wait(for: "heartbeat", timeout: .seconds(2)).match != nil)
    try client.send(#"{"type":"heartbeat"}"#)
    // A map button of the app: buttonPressed.
    rig.press(.select)  // hands the knob to the map's buttons
    Self.focus("act", in: rig)
    rig.press(.select)
    let pressed = try #require(client.wait(for: "buttonPressed").match)
    #expect(pressed["templateId"] as? String == "m")
    #expect(pressed["buttonId"] as? String == "act")
    // The pan button: the knob pans, each detent a panned event.
    Self.focus("pan", in: rig)
    rig.press(.select)
    #expect(rig.waitFor { $0.activeController.isPanning })
    rig.turn(2)
    let panned = client.wait(for: "panned")
    #expect(panned.match?["direction"] as? [String] == ["right"])
    #expect(panned.match?["dx"] as? Double == 80)
    rig.press(.back)
    #expect(rig.waitFor { !$0.activeController.isPanning })
    // A grid button.
    let grid =
      #"{"type":"grid","id":"g","title":"Grid","buttons":[{"id":"g1","title":"One"},{"id":"g2","title":"Two"}]}"#
    #expect(
      Self.ask(client, 2, #"{"type":"pushTemplate","id":2,"template":\#(grid)}"#)?["ok"] as? Bool
        == true)
    rig.turn(1)
    rig.press(.select)
    let gridPress = try #require(client.wait(for: "buttonPressed").match)
    #expect(gridPress["buttonId"] as? String == "g2")
    // An alert the driver backs out of.
    let alert = #"{"type":"alert","id":"al","title":"Sure?","actions":[{"id":"y","title":"Yes"}]}"#
    #expect(
      Self.ask(client, 3, #"{"type":"presentTemplate","id":3,"template":\#(alert)}"#)?["ok"]
        as? Bool == true)
    rig.press(.back)
    let gone = try #require(client.wait(for: "alertDismissed").match)
    #expect(gone["alertId"] as? String == "al")
    #expect(gone["context"] as? String == "userDismissed")
    // A navigation alert that times out.
    let timed =
      #"{"id":"t","title":"Road works","primaryAction":{"id":"t.ok","title":"OK"},"duration":5}"#
    #expect(
      Self.ask(client, 4, #"{"type":"presentNavigationAlert","id":4,"alert":\#(timed)}"#)?["ok"]
        as? Bool == true)
    for _ in 0..<14 {
      try client.send(#"{"type":"heartbeat"}"#)
      usleep(500_000)
    }
    let timedOut = client.wait(for: "alertDismissed", timeout: .seconds(2)).match
    #expect(timedOut?["context"] as? String == "timeout")
    // Navigating, then another app takes the screen: the first is told its session ended.
    #expect(
      Self.ask(client, 5, #"{"type":"showTripPreviews","id":5,"trips":[\#(Self.trip)]}"#)?["ok"]
        as? Bool == true)
    #expect(
      Self.ask(client, 6, #"{"type":"startNavigation","id":6,"tripId":"work"}"#)?["ok"] as? Bool
        == true)
    let second = try rig.greetedClient("second")
    #expect(Self.setMapRoot(second))
    let cancelled = try #require(client.wait(for: "navigationCancelled").match)
    #expect(cancelled["reason"] as? String == "anotherApp")
    #expect(
      Self.ask(client, 7, #"{"type":"popTemplate","id":7}"#)?["code"] as? String == "notOnScreen")
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
    let bad = try #require(client.receiveObject())
    #expect(bad["type"] as? String == "error")
    #expect(bad["code"] as? String == "badJSON")
    #expect(bad["id"] is NSNull)
    try client.send(#"{"type":"teleport","id":4}"#)
    let unknown = try #require(client.wait(for: "error", id: 4).match)
    #expect(unknown["code"] as? String == "unknownType")
    #expect(unknown["path"] as? String == "$.type")
    try client.send("[1,2,3]")
    #expect(client.receiveObject()?["code"] as? String == "badJSON")
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
    #expect(client.receiveObject()?["path"] as? String == "$.id")

    // Over 1 MiB on one line: an error, the rest of the line skipped, the next one read.
    var huge = Array(#"{"type":"popTemplate","id":7,"pad":""#.utf8)
    huge += [UInt8](repeating: 0x61, count: (1 << 20) + 10)
    huge += Array(#""}"#.utf8) + [0x0A]
    try client.write(huge)
    try client.send(#"{"type":"popToRootTemplate","id":8}"#)
    let tooLong = try #require(client.receiveObject(timeout: .seconds(10)))
    #expect(tooLong["code"] as? String == "lineTooLong")
    let next = try #require(client.receiveObject())
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
    let ready = out.fileHandleForReading.availableData
    #expect(String(decoding: ready, as: UTF8.self).contains("ready"))
    #expect(rig.read { $0.bridge.screen != nil })
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(rig.waitFor { $0.bridge.screen == nil && $0.bridge.clients.isEmpty })
    #expect(rig.read { $0.activeController.stack.first?.id } == NavigationApp.ID.map)
  }

  @Test("heartbeat silence: disconnected after the timeout, the built-in app back, draining")
  func silence() throws {
    let rig = try BridgeRig { $0.bridge.timeout = 1.5 }
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

/// What the navigation tests read off the map scene.
struct NavigationSceneSummary: Sendable {
  var maneuver: String?
  var road: String?
  var trip: String?
  var banner: Bool
}
