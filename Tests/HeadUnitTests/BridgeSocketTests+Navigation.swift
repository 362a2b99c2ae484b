import Bridge
import Foundation
import Synchronization
import Testing

@testable import Core
@testable import HeadUnit

/// App-driven navigation and the events a bridge app hears.
extension BridgeSocketTests {
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
}
