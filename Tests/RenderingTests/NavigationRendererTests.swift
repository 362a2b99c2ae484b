import Canvas
import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Rendering

@Suite struct NavigationRendererTests {
  /// The drive at `seconds` with the camera held still (north-up on the first frame's
  /// spot), so only the vehicle moves between two moments.
  static func fixedCameraScenes(_ a: Double, _ b: Double) throws -> (
    NavigationScene, NavigationScene
  ) {
    var first = try RenderingFixtures.scene(at: a)
    var second = try RenderingFixtures.scene(at: b)
    first.camera.heading = 0
    second.camera = first.camera
    // Same words on the card, so only the map part differs.
    second.maneuver = first.maneuver
    second.secondary = first.secondary
    second.trip = first.trip
    second.status = first.status
    second.driver = first.driver
    return (first, second)
  }

  @Test func theSameSceneTwiceChangesNothing() throws {
    let scene = try RenderingFixtures.scene(at: 40)
    let renderer = try NavigationRenderer(size: .standard)
    let first = renderer.render(scene)
    #expect(first.isFullFrame && first.changedRows == [0..<480])
    #expect(first.overlaysDrawn >= 8)
    let again = renderer.render(scene)
    #expect(again.changedRows.isEmpty && again.overlaysDrawn == 0)
  }

  @Test func aMovedVehicleRepaintsOnlyItsRowsAndMatchesAFullFrame() throws {
    let (a, b) = try Self.fixedCameraScenes(30, 30.2)
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(a)
    let frame = renderer.render(b)
    #expect(!frame.isFullFrame)
    #expect(frame.overlaysDrawn == 0)
    #expect(frame.changedRowCount > 0 && frame.changedRowCount < 120, "\(frame.changedRows)")

    let fresh = try NavigationRenderer(size: .standard)
    fresh.render(b)
    let difference = try #require(renderer.pixelBuffer().difference(from: fresh.pixelBuffer()))
    #expect(difference.maximum == 0, "incremental frame differs by \(difference)")
  }

  @Test func aFollowingCameraRedrawsTheMapButReusesTheCards() throws {
    let a = try RenderingFixtures.scene(at: 30)
    var b = try RenderingFixtures.scene(at: 31)
    b.maneuver = a.maneuver
    b.trip = a.trip
    b.secondary = a.secondary
    b.driver = a.driver
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(a)
    let frame = renderer.render(b)
    // Only what follows the camera: the compass as the map turns, the scale bar as it zooms.
    #expect(frame.isFullFrame && frame.overlaysDrawn <= 2)
  }

  @Test func switchingThemeRedrawsEverything() throws {
    var scene = try RenderingFixtures.scene(at: 30)
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(scene)
    let day = renderer.pixelBuffer()
    scene.theme = .night
    let frame = renderer.render(scene)
    #expect(frame.isFullFrame && frame.overlaysDrawn >= 8)
    // Night is darker on average.
    #expect(Self.meanLuminance(renderer.pixelBuffer()) < Self.meanLuminance(day) - 60)
  }

  @Test func aChangedDistanceRedrawsOnlyTheCard() throws {
    let (a, _) = try Self.fixedCameraScenes(30, 31)
    var b = a
    b.maneuver?.distance = "250 m"
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(a)
    let frame = renderer.render(b)
    #expect(frame.overlaysDrawn == 1 && !frame.isFullFrame)
    let card = renderer.layout.card
    #expect(frame.changedRows.allSatisfy { $0.upperBound <= Int(card.maxY) + 10 })
  }

  @Test func trafficColoursTheRouteWhenTheRouteCarriesCongestion() throws {
    var scene = try RenderingFixtures.scene(at: 30)
    let route = try #require(scene.route)
    scene.route = MapRoute(
      route.guidance,
      congestion: Array(repeating: .heavy, count: route.guidance.line.segmentCount))
    let heavy = try #require(scene.theme.map.traffic[.heavy])
    let plain = try NavigationRenderer(size: .standard)
    var without = scene
    without.route = route
    plain.render(without)
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(scene)
    // (The end-route button's cross shares the colour.)
    #expect(
      Self.count(heavy, in: renderer.pixelBuffer()) > Self.count(heavy, in: plain.pixelBuffer())
        + 500)
  }

  @Test func hiddenPolylinesAndMarkersAreNotDrawn() throws {
    var scene = try RenderingFixtures.scene(at: 30)
    let active = try #require(scene.theme.map.polylines[.active])
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(scene)
    #expect(Self.count(active.color, in: renderer.pixelBuffer()) > 500)
    scene.theme.name = "day-without-route"
    scene.theme.map.polylines[.active]?.isVisible = false
    scene.theme.map.markers[.vehicle]?.isVisible = false
    renderer.render(scene)
    #expect(Self.count(active.color, in: renderer.pixelBuffer()) == 0)
  }

  @Test func everyManeuverTypeHasItsOwnSymbol() throws {
    // Types that mean the same on screen may share a picture.
    let same: [Set<ManeuverType>] = [
      [.noTurn, .straightAhead, .followRoad], [.uTurn, .uTurnWhenPossible],
      [.arriveEndOfNavigation, .arriveEndOfDirections],
      // An off-ramp with no side leaves on the driving side: right here.
      [.offRamp, .highwayOffRampRight],
    ]
    var seen: [[UInt8]: ManeuverType] = [:]
    for type in ManeuverType.allCases {
      let canvas = try CairoCanvas(width: 96, height: 96)
      canvas.clear(Theme.day.cardBackground)
      ManeuverSymbol(type: type).draw(
        in: canvas, rect: ScreenRect(x: 0, y: 0, width: 96, height: 96), color: .white,
        dimmed: Theme.day.symbolDimmed)
      let pixels = canvas.pixelBuffer()
      let white = Self.count(.white, in: pixels)
      #expect(white > 300, "\(type) draws almost nothing (\(white) px)")
      if let other = seen[pixels.bytes] {
        #expect(
          same.contains { $0.contains(type) && $0.contains(other) },
          "\(type) looks exactly like \(other)")
      }
      seen[pixels.bytes] = type
    }
  }

  @Test func pngRoundTripsExactly() throws {
    let renderer = try NavigationRenderer(size: .compact)
    renderer.render(try RenderingFixtures.scene(at: 12, size: .compact))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-render-\(getpid()).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try renderer.writePNG(to: path)
    let back = try PixelBuffer(contentsOfPNG: path)
    #expect(back.difference(from: renderer.pixelBuffer())?.maximum == 0)
    renderer.withPixels { pixels, width, height, stride in
      #expect(width == 748 && height == 456 && stride >= 748 * 4)
      #expect(pixels.count == stride * height)
    }
  }

  @Test func rowsOfRectanglesAreMerged() {
    let rows = NavigationRenderer.rows(of: [
      ScreenRect(x: 0, y: 10, width: 5, height: 10), ScreenRect(x: 50, y: 15, width: 5, height: 10),
      ScreenRect(x: 0, y: 40.5, width: 5, height: 2),
    ])
    #expect(rows == [10..<25, 40..<43])
  }

  static func count(_ color: Color, in pixels: PixelBuffer) -> Int {
    let r = Int((color.red * 255).rounded())
    let g = Int((color.green * 255).rounded())
    let b = Int((color.blue * 255).rounded())
    var n = 0
    for y in 0..<pixels.height {
      for x in 0..<pixels.width {
        let p = pixels.pixel(x: x, y: y)
        if abs(Int((p >> 16) & 0xff) - r) <= 2 && abs(Int((p >> 8) & 0xff) - g) <= 2
          && abs(Int(p & 0xff) - b) <= 2
        {
          n += 1
        }
      }
    }
    return n
  }

  static func meanLuminance(_ pixels: PixelBuffer) -> Double {
    var total = 0.0
    for y in stride(from: 0, to: pixels.height, by: 4) {
      for x in stride(from: 0, to: pixels.width, by: 4) {
        let p = pixels.pixel(x: x, y: y)
        total +=
          0.3 * Double((p >> 16) & 0xff) + 0.59 * Double((p >> 8) & 0xff) + 0.11 * Double(p & 0xff)
      }
    }
    return total / Double((pixels.height / 4) * (pixels.width / 4))
  }
}
