import Foundation
import Geo
import Testing

@testable import Templates

@Suite struct TouchInputTests {
  /// A screen state to tap on, by name.
  struct Screen: CustomStringConvertible, Sendable {
    var description: String
    var make: @Sendable () -> InterfaceController
  }

  static let screens: [Screen] = [
    Screen(description: "guidance map") { Fixture.onMap() },
    Screen(description: "list") { pushed(Fixture.list("l", items: 4)) },
    Screen(description: "grid") { pushed(Fixture.grid("g")) },
    Screen(description: "information") { pushed(Fixture.information("i", actions: 2)) },
    Screen(description: "points") { pushed(Fixture.points("p", count: 3)) },
    Screen(description: "speller") {
      pushed(.search(SearchTemplate(id: "s", placeNames: SpellerTests.names)))
    },
    Screen(description: "alert over a list") {
      var c = pushed(Fixture.list("l"))
      _ = c.handle(.present(2, Fixture.alert("a")), at: Fixture.t0)
      return c
    },
    Screen(description: "tab bar") {
      var c = InterfaceController()
      _ = c.handle(.setRoot(0, Fixture.tabBar()), at: Fixture.t0)
      return c
    },
    Screen(description: "trip preview") {
      var c = Fixture.onMap()
      _ = c.handle(
        .showTripPreviews(1, TripPreview(trips: [Fixture.trip("a"), Fixture.trip("b")])),
        at: Fixture.t0)
      return c
    },
    Screen(description: "navigation alert") {
      var c = Fixture.onMap()
      _ = c.handle(.presentNavigationAlert(1, Fixture.navigationAlert()), at: Fixture.t0)
      return c
    },
  ]

  static func pushed(_ template: Template) -> InterfaceController {
    var c = Fixture.onMap()
    _ = c.handle(.push(1, template), at: Fixture.t0)
    return c
  }

  /// What the knob does to choose `element`: on the bare map a press first hands it to the
  /// controls; then it turns until `element` has the focus, and presses.
  static func knob(to element: String, _ c: inout InterfaceController) -> [UIEffect] {
    var effects: [UIEffect] = []
    if c.focusedElementID == nil, c.mapIsTop {
      effects += c.handle(.press(.select, long: false), at: Fixture.t0)
    }
    for _ in 0..<64 where c.focusedElementID != element {
      effects += c.handle(.encoder(1), at: Fixture.t0)
    }
    #expect(c.focusedElementID == element)
    return effects + c.handle(.press(.select, long: false), at: Fixture.t0)
  }

  /// Redraws aside (the knob's path redraws the focus as it moves), the effects the app sees.
  static func outcome(_ effects: [UIEffect]) -> [UIEffect] {
    effects.filter { if case .render = $0 { false } else { true } }
  }

  @Test("a tap on any element does what the knob's press on it does", arguments: screens)
  func tapIsTheKnobsPress(_ screen: Screen) {
    let elements = screen.make().topTemplate?.focusOrder ?? []
    #expect(!elements.isEmpty)
    for element in elements {
      var knobbed = screen.make()
      var tapped = screen.make()
      let pressed = Self.knob(to: element, &knobbed)
      let touched = tapped.handle(.tap(element), at: Fixture.t0)
      #expect(Self.outcome(touched) == Self.outcome(pressed), "\(screen): \(element)")
      #expect(tapped == knobbed, "\(screen): \(element)")
    }
  }

  @Test func aTapOnTheBackButtonIsTheBackButtonsPress() {
    var tapped = Self.pushed(Fixture.list("l"))
    var pressed = tapped
    #expect(
      tapped.handle(.tap(InterfaceController.backElementID), at: Fixture.t0)
        == pressed.handle(.press(.back, long: false), at: Fixture.t0))
    #expect(tapped == pressed)
    #expect(Fixture.ids(tapped) == ["map"])
  }

  @Test func aTapOnSomethingNoLongerOnScreenDoesNothing() {
    var c = Self.pushed(Fixture.list("l"))
    let before = c
    // A map button under the list, from a frame drawn before the list came.
    #expect(c.handle(.tap("mute"), at: Fixture.t0) == [])
    #expect(c == before)
  }

  @Test func aTapOnALetterTypesIt() {
    var c = Self.pushed(.search(SearchTemplate(id: "s", placeNames: SpellerTests.names)))
    let effects = c.handle(.tap("key.t"), at: Fixture.t0)
    #expect(effects.contains(.searchTextChanged(templateID: "s", text: "t")))
    guard case .search(let s) = c.topTemplate else { return #expect(Bool(false)) }
    #expect(s.speller.text == "t")
  }

  @Test func inPanModeDoneLeavesItAndAMapButtonActs() {
    var c = PanningTests.panning()
    #expect(c.handle(.tap("in"), at: Fixture.at(1)).contains(.render(.viewport)))
    #expect(c.map?.viewport.zoom == 16)
    #expect(c.isPanning, "still panning; the timer starts again")
    #expect(c.handle(.tap("out"), at: Fixture.at(1)) == [], "not shown while panning")
    let effects = c.handle(.tap(InterfaceController.panExitElementID), at: Fixture.at(2))
    #expect(effects.contains(.panningChanged(false)))
    #expect(!c.isPanning)
  }

  @Test func aDragMovesTheMapWithTheFinger() {
    var c = Fixture.onMap()
    let effects = c.handle(.drag(ScreenOffset(dx: 30, dy: -10)), at: Fixture.t0)
    // The finger went right and up: the view goes left and down under it.
    let moved = ScreenOffset(dx: -30, dy: 10)
    let viewport = MapViewport(offset: moved, isFollowing: false)
    #expect(
      effects == [
        .panned([.left, .down], offset: moved), .cameraChanged(viewport), .render(.viewport),
      ])
    _ = c.handle(.drag(ScreenOffset(dx: 5, dy: 0)), at: Fixture.t0)
    #expect(c.map?.viewport.offset == ScreenOffset(dx: -35, dy: 10))
    #expect(!c.isPanning, "a drag pans without pan mode")
  }

  @Test func dragsAndPinchesAreForTheMapOnly() {
    var c = Self.pushed(Fixture.list("l"))
    let before = c
    #expect(c.handle(.drag(ScreenOffset(dx: 30, dy: 0)), at: Fixture.t0) == [])
    #expect(c.handle(.zoom(1), at: Fixture.t0) == [])
    #expect(c == before)
  }

  @Test func aPinchZoomsAsTheKnobDoesOnTheBareMap() {
    var pinched = Fixture.onMap()
    var turned = pinched
    _ = pinched.handle(.zoom(1), at: Fixture.t0)
    _ = turned.handle(.encoder(1), at: Fixture.t0)
    #expect(pinched.map?.viewport.zoom == 16)
    #expect(pinched == turned)
    _ = pinched.handle(.zoom(-100), at: Fixture.t0)
    #expect(pinched.map?.viewport.zoom == MapViewport.zoomRange.lowerBound)
    #expect(pinched.handle(.zoom(.nan), at: Fixture.t0) == [])
  }

  @Test func aDragInPanModeKeepsItOn() {
    var c = PanningTests.panning()
    let effects = c.handle(.drag(ScreenOffset(dx: 0, dy: 40)), at: Fixture.at(5))
    #expect(effects.contains(.timer(.schedule(.panTimeout, at: Fixture.at(15)))))
  }
}

@Suite struct MapCameraViewportTests {
  static let camera = MapCamera(
    center: Coordinate(latitude: 60.17, longitude: 24.94), heading: 0, metresPerPixel: 2,
    anchor: .vehicle)

  @Test func theDefaultViewportLeavesTheCamera() {
    #expect(Self.camera.moved(by: MapViewport()) == Self.camera)
  }

  @Test func eachZoomLevelHalvesTheMetresPerPixel() {
    #expect(Self.camera.moved(by: MapViewport(zoom: 16)).metresPerPixel == 1)
    #expect(Self.camera.moved(by: MapViewport(zoom: 13)).metresPerPixel == 8)
  }

  /// The ground the offset pointed at is at the anchor: north-up, 100 px right and 50 px
  /// down is 200 m east and 100 m south at 2 m a pixel.
  @Test func theOffsetMovesTheCentreAlongTheScreensAxes() {
    let moved = Self.camera.moved(by: MapViewport(offset: ScreenOffset(dx: 100, dy: 50)))
    let center = Self.camera.center
    #expect(abs(Earth.distance(center, moved.center) - (200.0 * 200 + 100 * 100).squareRoot()) < 1)
    #expect(moved.center.longitude > center.longitude)
    #expect(moved.center.latitude < center.latitude)
    // Heading east: the screen's right is south.
    var east = Self.camera
    east.heading = 90
    let turned = east.moved(by: MapViewport(offset: ScreenOffset(dx: 100, dy: 0)))
    #expect(abs(Earth.distance(center, turned.center) - 200) < 1)
    #expect(turned.center.latitude < center.latitude)
    #expect(abs(turned.center.longitude - center.longitude) < 1e-6)
  }
}
