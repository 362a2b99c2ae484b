import Foundation
import Testing

@testable import Templates

@Suite struct PanningTests {
  static let panButtons = [
    MapButton(id: "pan", symbol: .letters("PAN"), role: .pan),
    MapButton(id: "in", symbol: .zoomIn), MapButton(id: "out", symbol: .zoomOut),
    MapButton(id: "me", symbol: .recenter),
  ]

  /// A controller on the map with pan, zoom and "my location" buttons, pan mode entered
  /// from the pan button at t0.
  static func panning() -> InterfaceController {
    var c = Fixture.onMap()
    _ = c.handle(
      .setMapButtons(1, mapButtons: panButtons, leading: [], trailing: []), at: Fixture.t0)
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(c.focusedElementID == "pan")
    let effects = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(effects.contains(.panningChanged(true)))
    #expect(effects.contains(.timer(.schedule(.panTimeout, at: Fixture.at(10)))))
    return c
  }

  @Test func panStepsAre80PixelsAndDiagonalsAreScaled() {
    let s = (0.5).squareRoot() * 80
    let table: [(PanDirection, ScreenOffset)] = [
      (.left, ScreenOffset(dx: -80, dy: 0)), (.right, ScreenOffset(dx: 80, dy: 0)),
      (.up, ScreenOffset(dx: 0, dy: -80)), (.down, ScreenOffset(dx: 0, dy: 80)),
      ([.up, .right], ScreenOffset(dx: s, dy: -s)), ([.down, .left], ScreenOffset(dx: -s, dy: s)),
      ([.left, .right], ScreenOffset(dx: 0, dy: 0)),
    ]
    for (direction, offset) in table {
      #expect(direction.offset(step: 80) == offset, "\(direction)")
    }
    #expect(PanDirection.left.rawValue == 1 && PanDirection.down.rawValue == 8)
  }

  @Test func panModeShowsTwoButtonsAndTheKnobPansAlongAnAxis() {
    var c = Self.panning()
    #expect(c.isPanning && c.map?.mapButtons.map(\.id) == ["pan", "in"])
    #expect(c.focusedElementID == nil)
    let effects = c.handle(.encoder(2), at: Fixture.at(1))
    let step = ScreenOffset(dx: 80, dy: 0)
    #expect(
      effects == [
        .panned(.right, offset: step), .panned(.right, offset: step),
        .cameraChanged(MapViewport(offset: ScreenOffset(dx: 160, dy: 0), isFollowing: false)),
        .render(.viewport), .timer(.schedule(.panTimeout, at: Fixture.at(11))),
      ])
    // A press switches to the vertical axis; anticlockwise pans up.
    _ = c.handle(.press(.select, long: false), at: Fixture.at(2))
    #expect(c.panAxis == .vertical)
    #expect(
      c.handle(.encoder(-1), at: Fixture.at(3)).first
        == .panned(.up, offset: ScreenOffset(dx: 0, dy: -80)))
    #expect(c.map?.viewport.offset == ScreenOffset(dx: 160, dy: -80))
    // A diagonal nudge.
    let s = (0.5).squareRoot() * 80
    #expect(
      c.handle(.nudge([.down, .left]), at: Fixture.at(4)).first
        == .panned([.down, .left], offset: ScreenOffset(dx: -s, dy: s)))
  }

  @Test func panModeEndsAfterTheTimeoutWithoutInput() {
    var c = Self.panning()
    _ = c.handle(.encoder(1), at: Fixture.at(4))  // timer now due at 14
    #expect(c.handle(.timer(.panTimeout), at: Fixture.at(10)) == [], "stale timer")
    #expect(c.isPanning)
    let effects = c.handle(.timer(.panTimeout), at: Fixture.at(14))
    #expect(effects == [.panningChanged(false), .render(.template("map"))])
    #expect(!c.isPanning && c.map?.mapButtons.count == 4)
  }

  @Test func theTimeoutIsConfigurable() {
    var c = Fixture.onMap(InterfaceConfiguration(panTimeout: 3))
    #expect(
      c.handle(.setPanning(1, true), at: Fixture.t0).contains(
        .timer(.schedule(.panTimeout, at: Fixture.at(3)))))
    #expect(c.handle(.timer(.panTimeout), at: Fixture.at(3)).contains(.panningChanged(false)))
  }

  @Test func backLeavesPanMode() {
    var c = Self.panning()
    let effects = c.handle(.press(.back, long: false), at: Fixture.at(1))
    #expect(
      effects == [.timer(.cancel(.panTimeout)), .panningChanged(false), .render(.template("map"))])
    #expect(!c.isPanning)
  }

  @Test func zoomAndMyLocation() {
    var c = Fixture.onMap()
    _ = c.handle(
      .setMapButtons(1, mapButtons: Self.panButtons, leading: [], trailing: []), at: Fixture.t0)
    _ = c.handle(.encoder(-3), at: Fixture.t0)
    #expect(c.map?.viewport.zoom == 12)
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    _ = c.handle(.encoder(1), at: Fixture.t0)  // "in"
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0).first
        == .cameraChanged(MapViewport(zoom: 13)))
    _ = c.handle(.encoder(1), at: Fixture.t0)  // "out"
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    #expect(c.map?.viewport.zoom == 11)
    // Pan away, then "my location" recentres at zoom 15.
    _ = c.handle(.setPanning(2, true), at: Fixture.t0)
    _ = c.handle(.encoder(3), at: Fixture.t0)
    _ = c.handle(.setPanning(3, false), at: Fixture.t0)
    #expect(c.map?.viewport.isFollowing == false)
    _ = c.handle(.press(.select, long: false), at: Fixture.t0)
    _ = c.handle(.encoder(3), at: Fixture.t0)
    #expect(c.focusedElementID == "me")
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0).first == .cameraChanged(MapViewport()))
    #expect(c.map?.viewport == MapViewport(offset: .zero, zoom: 15, isFollowing: true))
  }

  @Test func zoomStaysInRange() {
    var c = Fixture.onMap()
    _ = c.handle(.encoder(100), at: Fixture.t0)
    #expect(c.map?.viewport.zoom == MapViewport.zoomRange.upperBound)
    #expect(c.handle(.encoder(1), at: Fixture.t0) == [])
  }
}

@Suite struct NavigationAlertTests {
  @Test func aTimedAlertIsDismissedByTimeout() {
    var c = Fixture.onMap()
    let effects = c.handle(
      .presentNavigationAlert(1, Fixture.navigationAlert(duration: 8)), at: Fixture.t0)
    #expect(effects.contains(.timer(.schedule(.navigationAlert("nav"), at: Fixture.at(8)))))
    #expect(c.focusedElementID == "nav.reroute", "the alert takes the knob")
    #expect(
      c.handle(.timer(.navigationAlert("nav")), at: Fixture.at(8)) == [
        .navigationAlertDismissed(alertID: "nav", .timeout), .render(.template("map")),
        .render(.focus),
      ])
    #expect(c.map?.navigationAlert == nil && c.focusedElementID == nil)
  }

  @Test func aShortDurationStillShowsFiveSeconds() {
    var c = Fixture.onMap()
    let effects = c.handle(
      .presentNavigationAlert(1, Fixture.navigationAlert(duration: 2)), at: Fixture.t0)
    #expect(effects.contains(.timer(.schedule(.navigationAlert("nav"), at: Fixture.at(5)))))
  }

  @Test func theAppCannotDismissBeforeFiveSeconds() {
    var c = Fixture.onMap()
    _ = c.handle(.presentNavigationAlert(1, Fixture.navigationAlert(duration: 0)), at: Fixture.t0)
    #expect(
      c.handle(.dismissNavigationAlert(2), at: Fixture.at(1)) == [
        .timer(.schedule(.navigationAlert("nav"), at: Fixture.at(5)))
      ])
    #expect(c.map?.navigationAlert != nil)
    #expect(
      c.handle(.timer(.navigationAlert("nav")), at: Fixture.at(5)) == [
        .navigationAlertDismissed(alertID: "nav", .systemDismissed), .render(.template("map")),
        .completion(2, .success(())), .render(.focus),
      ])
    // After five seconds, at once.
    _ = c.handle(.presentNavigationAlert(3, Fixture.navigationAlert("b")), at: Fixture.at(10))
    let now = c.handle(.dismissNavigationAlert(4), at: Fixture.at(15))
    #expect(now.contains(.navigationAlertDismissed(alertID: "b", .systemDismissed)))
    #expect(now.completions.count == 1)
  }

  @Test func theDriverDismissesAtOnce() {
    var c = Fixture.onMap()
    _ = c.handle(.presentNavigationAlert(1, Fixture.navigationAlert(duration: 30)), at: Fixture.t0)
    _ = c.handle(.dismissNavigationAlert(2), at: Fixture.at(1))  // held back
    _ = c.handle(.encoder(1), at: Fixture.at(2))
    #expect(c.focusedElementID == "nav.ignore")
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.at(2)) == [
        .selected(templateID: "nav", elementID: "nav.ignore"),
        .timer(.cancel(.navigationAlert("nav"))),
        .navigationAlertDismissed(alertID: "nav", .userDismissed), .render(.template("map")),
        .completion(2, .success(())), .render(.focus),
      ])
    // Back dismisses too.
    _ = c.handle(.presentNavigationAlert(3, Fixture.navigationAlert("b")), at: Fixture.at(3))
    #expect(
      c.handle(.press(.back, long: false), at: Fixture.at(3)).contains(
        .navigationAlertDismissed(alertID: "b", .userDismissed)))
  }
}

@Suite struct TripPreviewTests {
  @Test func theDriverPicksARouteAndStarts() {
    var c = Fixture.onMap()
    let preview = TripPreview(trips: [Fixture.trip("home"), Fixture.trip("work", choices: 3)])
    #expect(c.handle(.showTripPreviews(1, preview), at: Fixture.t0).succeeded)
    #expect(c.focusedElementID == "preview.home.0")
    #expect(c.map?.focusOrder.last == TripPreview.startElementID)
    _ = c.handle(.encoder(3), at: Fixture.t0)
    #expect(c.focusedElementID == "preview.work.1")
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0).first
        == .previewSelected(tripID: "work", choiceIndex: 1))
    _ = c.handle(.encoder(-1), at: Fixture.t0)
    #expect(c.focusedElementID == "preview.work.0")
    _ = c.handle(.encoder(3), at: Fixture.t0)
    #expect(c.focusedElementID == TripPreview.startElementID)
    #expect(
      c.handle(.press(.select, long: false), at: Fixture.t0).first
        == .tripStarted(tripID: "work", choiceIndex: 1))
    #expect(c.map?.tripPreview == nil && c.focusedElementID == nil)
  }

  @Test func twelveTripsAreAllowed() {
    var c = Fixture.onMap()
    let preview = TripPreview(trips: (0..<12).map { Fixture.trip("t\($0)") })
    #expect(c.handle(.showTripPreviews(1, preview), at: Fixture.t0).succeeded)
    #expect(
      c.map?.tripPreview?.selectedTrip?.routeChoices[0].additionalInformationVariants == ["fastest"]
    )
  }
}
