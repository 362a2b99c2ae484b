import Geo
import Testing

@testable import Templates

@Suite struct MapTemplateTests {
  @Test func keepsAtMostFourMapButtonsAndTwoBarButtonsASide() {
    let buttons = (0..<6).map { MapButton(id: "b\($0)", symbol: .zoomIn) }
    let bar = (0..<3).map { BarButton(id: "t\($0)", title: "T") }
    let template = MapTemplate(mapButtons: buttons, leadingBarButtons: bar, trailingBarButtons: bar)
    #expect(template.mapButtons.map(\.id) == ["b0", "b1", "b2", "b3"])
    #expect(template.leadingBarButtons.count == 2 && template.trailingBarButtons.count == 2)
  }

  @Test func theKnobMovesFocusInOrderSkippingDisabledControls() {
    var template = MapTemplate(
      mapButtons: [
        MapButton(id: "mute", symbol: .speaker),
        MapButton(id: "off", symbol: .zoomIn, isEnabled: false),
        MapButton(id: "end", symbol: .endRoute),
      ],
      leadingBarButtons: [BarButton(id: "menu", title: "Menu")])
    #expect(template.focusOrder == ["menu", "mute", "end"])
    template.moveFocus(by: 1)
    #expect(template.focusedID == "menu")
    template.moveFocus(by: 2)
    #expect(template.focusedID == "end")
    template.moveFocus(by: 1)
    #expect(template.focusedID == "menu")
    template.moveFocus(by: -1)
    #expect(template.focusedID == "end")
  }
}

@Suite struct CameraTests {
  @Test func aheadGrowsWithSpeedAndShrinksNearTheManeuver() {
    let policy = FollowingCamera()
    let slow = policy.distanceAhead(speed: 5, distanceToManeuver: nil)
    let fast = policy.distanceAhead(speed: 25, distanceToManeuver: nil)
    #expect(slow == policy.minimumAhead && fast > slow && fast <= policy.maximumAhead)
    let near = policy.distanceAhead(speed: 25, distanceToManeuver: 100)
    #expect(near < fast && 100 <= near * policy.maneuverFraction + 1e-9)
  }

  @Test func headingUpTurnsTheMapAndNorthUpDoesNot() {
    let here = Coordinate(latitude: 60.17, longitude: 24.94)
    let up = FollowingCamera().camera(
      position: here, heading: 275, speed: 10, distanceToManeuver: 500, pixelsAhead: 300)
    #expect(up.heading == 275 && up.anchor == .vehicle)
    let north = FollowingCamera(orientation: .northUp).camera(
      position: here, heading: 275, speed: 10, distanceToManeuver: 500, pixelsAhead: 300)
    #expect(north.heading == 0)
    #expect(abs(up.metresPerPixel - 250.0 / 300) < 1e-9)
  }

  @Test func anOverviewFitsEveryPoint() throws {
    let points = [
      Coordinate(latitude: 60.16, longitude: 24.93), Coordinate(latitude: 60.18, longitude: 24.96),
    ]
    let camera = try #require(MapCamera.fitting(points, width: 800, height: 480, margin: 20))
    #expect(camera.heading == 0 && camera.anchor == .freeArea)
    let scale = WebMercator.scale(atLatitude: camera.center.latitude)
    let c = WebMercator.project(camera.center)
    for p in points.map(WebMercator.project) {
      #expect(abs(p.x - c.x) / (camera.metresPerPixel * scale) <= 380 + 1e-6)
      #expect(abs(p.y - c.y) / (camera.metresPerPixel * scale) <= 220 + 1e-6)
    }
  }

  @Test func webMercatorRoundTripsAndScales() {
    let c = Coordinate(latitude: 60.1699, longitude: 24.9384)
    let back = WebMercator.unproject(WebMercator.project(c))
    #expect(abs(back.latitude - c.latitude) < 1e-9 && abs(back.longitude - c.longitude) < 1e-9)
    #expect(abs(WebMercator.scale(atLatitude: 60) - 2) < 1e-9)
    // 1 km north on the ground is 2 km in the plane at 60° N.
    let north = Earth.destination(from: c, bearing: 0, distance: 1000)
    let dy = WebMercator.project(north).y - WebMercator.project(c).y
    #expect(abs(dy / WebMercator.scale(atLatitude: 60.174) - 1000) < 5)
  }
}
