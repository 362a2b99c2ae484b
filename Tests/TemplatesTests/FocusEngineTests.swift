import Foundation
import Testing

@testable import Templates

@Suite struct FocusEngineTests {
  /// (state, event) → (state, effects) for the knob on the map and a list.
  @Test func theKnobWalksTheTopTemplateInReadingOrder() {
    var c = Fixture.onMap()
    // Bare map: the knob zooms.
    #expect(c.focusedElementID == nil)
    #expect(c.handle(.encoder(1), at: Fixture.t0).contains(.cameraChanged(MapViewport(zoom: 16))))
    // A press hands the knob to the controls, in reading order.
    #expect(c.handle(.press(.select, long: false), at: Fixture.t0) == [.render(.focus)])
    #expect(c.focusedElementID == "menu" && c.map?.focusedID == "menu")
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "route")
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "mute")
    _ = c.handle(.encoder(4), at: Fixture.t0)
    #expect(c.focusedElementID == "menu", "wraps")
    _ = c.handle(.encoder(-1), at: Fixture.t0)
    #expect(c.focusedElementID == "end")
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0) == [
        .selected(templateID: "map", elementID: "end")
      ])
    // Back hands the knob back to zooming.
    _ = c.handle(.press(.back, long: false), at: Fixture.t0)
    #expect(c.focusedElementID == nil && c.map?.focusedID == nil)
  }

  /// A display with room for three map buttons and one bar button: the knob walks only
  /// those, a tap on a control not drawn does nothing, and a map update keeps the room.
  @Test func theKnobSkipsControlsTheDisplayHasNoRoomFor() {
    let room = MapControlRoom(mapButtons: 3, barButtons: 1)
    var c = Fixture.onMap(InterfaceConfiguration(mapControls: room))
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    var walked: [String] = []
    for _ in 0..<5 {
      walked.append(c.focusedElementID ?? "-")
      _ = c.handle(.encoder(1), at: Fixture.t0)
    }
    #expect(walked == ["menu", "mute", "overview", "recenter", "menu"])
    #expect(c.map?.mapButtons.map(\.id) == ["mute", "overview", "recenter"])
    #expect(c.map?.shownBarButtons.trailing.isEmpty == true)
    #expect(c.handle(.tap("end"), at: Fixture.t0).isEmpty)
    #expect(c.handle(.tap("route"), at: Fixture.t0).isEmpty)
    _ = c.handle(.update(2, .map(.guidance(muted: true))), at: Fixture.t0)
    #expect(c.map?.room == room)
    #expect(c.map?.focusOrder == ["menu", "mute", "overview", "recenter"])
    // Two bar buttons of room: Route comes back after Menu.
    var wide = Fixture.onMap(InterfaceConfiguration(mapControls: MapControlRoom(barButtons: 2)))
    #expect(wide.map?.focusOrder == ["menu", "route", "mute", "overview", "recenter", "end"])
    _ = wide.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(wide.focusedElementID == "menu")
  }

  @Test func aListItemStaysLoadingUntilTheAppAnswers() {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, Fixture.list("l")), at: Fixture.t0)
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "l.i1")
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0) == [
        .selected(templateID: "l", elementID: "l.i1"), .render(.template("l")),
      ])
    guard case .list(let loading) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(loading.loadingItemID == "l.i1")
    // A second press while loading is ignored.
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.handle(.press(.select, long: false), at: Fixture.t0) == [])
    #expect(c.handle(.itemHandled("other"), at: Fixture.t0) == [])
    #expect(c.handle(.itemHandled("l.i1"), at: Fixture.t0) == [.render(.template("l"))])
    guard case .list(let done) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(done.loadingItemID == nil)
  }

  @Test func aPresentedAlertTakesTheKnobFirst() {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, Fixture.grid("g")), at: Fixture.t0)
    _ = c.handle(.encoder(2), at: Fixture.t0)
    #expect(c.focusedElementID == "g.b2")
    _ = c.handle(.present(2, Fixture.alert("a")), at: Fixture.t0)
    #expect(c.focusedElementID == "a.a0")
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0) == [
        .selected(templateID: "a", elementID: "a.a1")
      ])
    // Back dismisses the alert, and the grid gets its focus back.
    #expect(
      c.handle(.press(.back, long: false), at: Fixture.t0) == [
        .dismissedByUser(templateID: "a"), .render(.presentation), .render(.focus),
      ])
    #expect(c.presented == nil && c.focusedElementID == "g.b2")
  }

  @Test func backPopsAndRestoresTheFocus() {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, Fixture.list("a")), at: Fixture.t0)
    _ = c.handle(.encoder(2), at: Fixture.t0)
    _ = c.handle(.push(2, Fixture.list("b")), at: Fixture.t0)
    #expect(c.focusedElementID == "b.i0")
    _ = c.handle(.press(.back, long: false), at: Fixture.t0)
    #expect(Fixture.ids(c) == ["map", "a"] && c.focusedElementID == "a.i2")
  }

  @Test func longBackAndHomeGoToTheMap() {
    for press in [UIEvent.press(.back, long: true), .press(.home, long: false)] {
      var c = Fixture.onMap()
      _ = c.handle(.push(1, Fixture.list("a")), at: Fixture.t0)
      _ = c.handle(.push(2, Fixture.grid("b")), at: Fixture.t0)
      _ = c.handle(.present(3, Fixture.sheet("s")), at: Fixture.t0)
      let effects = c.handle(press, at: Fixture.t0)
      #expect(effects.contains(.dismissedByUser(templateID: "s")))
      #expect(effects.completions.isEmpty)
      #expect(Fixture.ids(c) == ["map"] && c.presented == nil && c.focusedElementID == nil)
      #expect(c.mapIsTop)
    }
  }

  @Test func muteTogglesVoiceAndTheButton() {
    var c = Fixture.onMap()
    let effects = c.handle(.press(.mute, long: false), at: Fixture.t0)
    #expect(effects.first == .muteToggled(true))
    #expect(c.isMuted && c.map?.mapButtons.first?.symbol == .speakerMuted)
    // The mute map button does the same.
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    _ = c.handle(.encoder(2), at: Fixture.t0)
    #expect(c.focusedElementID == "mute")
    #expect(c.handle(.press(.select, long: false), at: Fixture.t0).first == .muteToggled(false))
    #expect(c.map?.mapButtons.first?.symbol == .speaker)
  }

  @Test func tabsComeFirstThenTheSelectedTabsContent() {
    var c = InterfaceController()
    _ = c.handle(.setRoot(1, Fixture.tabBar()), at: Fixture.t0)
    #expect(c.focusedElementID == "tab.0")
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0).contains(
        .selected(templateID: "tabs", elementID: "tab.1")))
    guard case .tabBar(let bar) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(bar.selectedIndex == 1)
    #expect(
      bar.focusOrder == ["tab.0", "tab.1", "tabs.g.b0", "tabs.g.b1", "tabs.g.b2", "tabs.g.b3"])
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0) == [
        .selected(templateID: "tabs.g", elementID: "tabs.g.b0")
      ])
  }

  @Test func disabledElementsAreSkipped() {
    var c = Fixture.onMap()
    let list = ListTemplate(
      id: "l", title: "L",
      sections: [
        ListSection(items: [
          ListItem(id: "x", text: "X"), ListItem(id: "off", text: "Off", isEnabled: false),
          ListItem(id: "y", text: "Y", image: "star", accessory: .disclosureIndicator),
        ])
      ])
    _ = c.handle(.push(1, .list(list)), at: Fixture.t0)
    _ = c.handle(.encoder(1), at: Fixture.t0)
    #expect(c.focusedElementID == "y")
  }
}
