import Canvas
import Foundation
import Geo
import MapLayers
import Templates
import Testing

@testable import Rendering

/// The cached map: a frame that begins a view is the map drawn afresh, frames within the
/// view are it turned and moved, and what leaves the view begins another.
@Suite struct MapCacheTests {
  /// The scene at `seconds` with the cards of the scene at 30 s, so frames differ by the map.
  static func scene(at seconds: Double) throws -> NavigationScene {
    let first = try RenderingFixtures.scene(at: 30)
    var scene = try RenderingFixtures.scene(at: seconds)
    scene.maneuver = first.maneuver
    scene.secondary = first.secondary
    scene.trip = first.trip
    scene.status = first.status
    return scene
  }

  /// How `scene` drawn after `before` by one renderer differs from it drawn afresh.
  static func difference(_ scene: NavigationScene, after before: NavigationScene) throws
    -> (maximum: Int, pixels: Int)
  {
    let renderer = try NavigationRenderer(size: scene.size)
    renderer.render(before)
    renderer.render(scene)
    let fresh = try NavigationRenderer(size: scene.size)
    fresh.render(scene)
    return try #require(renderer.pixelBuffer().difference(from: fresh.pixelBuffer()))
  }

  @Test func aFollowingCameraShowsTheCachedMapTurnedAndMoved() throws {
    let a = try Self.scene(at: 30)
    var b = a
    b.camera.heading += 3
    b.camera.center = WebMercator.unproject(
      WebMercator.project(a.camera.center).offset(dx: 6, dy: 9))
    let difference = try Self.difference(b, after: a)
    // Resampled with the nearest pixel: edges move by up to half a pixel, nothing else.
    #expect(difference.pixels > 0)
    #expect(difference.pixels < 480 * 800 / 10, "\(difference)")
  }

  /// Changes that take a frame out of the view the last one began.
  enum Change: String, CaseIterable, Sendable {
    case turnPastTheView, zoomPastTheView, nightTheme, farAway

    func apply(to scene: inout NavigationScene) {
      switch self {
      case .turnPastTheView: scene.camera.heading += 20
      case .zoomPastTheView: scene.camera.metresPerPixel *= 1.3
      case .nightTheme: scene.theme = .night
      case .farAway:
        scene.camera.center = WebMercator.unproject(
          WebMercator.project(scene.camera.center).offset(dx: 2000, dy: 0))
      }
    }
  }

  @Test(arguments: Change.allCases)
  func leavingTheViewDrawsTheMapAfresh(_ change: Change) throws {
    let a = try Self.scene(at: 30)
    var b = a
    change.apply(to: &b)
    let difference = try Self.difference(b, after: a)
    #expect(difference.maximum == 0, "\(change): \(difference)")
  }

  @Test func stoppingTurningAtAnAngleDrawsTheViewSquareAgain() throws {
    let a = try Self.scene(at: 30)
    var b = a
    b.camera.heading += 4
    // Turned by 4°, then moved a little without turning: the camera has stopped turning.
    let renderer = try NavigationRenderer(size: .standard)
    renderer.render(a)
    renderer.render(b)
    b.camera.center = WebMercator.unproject(
      WebMercator.project(b.camera.center).offset(dx: 2, dy: 0))
    renderer.render(b)
    let fresh = try NavigationRenderer(size: .standard)
    fresh.render(b)
    let difference = try #require(renderer.pixelBuffer().difference(from: fresh.pixelBuffer()))
    #expect(difference.maximum == 0, "\(difference)")
  }

  @Test func theMarginsHoldTheMapAreaTurnedEitherWay() {
    let layout = NavigationLayout(size: .standard)
    let area = layout.mapArea
    let anchor = layout.vehicleAnchor
    let m = MapCache.margins(of: area, turningAbout: anchor, scale: layout.scale)
    let surface = ScreenRect(
      x: area.minX - m.left, y: area.minY - m.top, width: area.width + m.left + m.right,
      height: area.height + m.top + m.bottom)
    for degrees in stride(from: -MapCache.maximumTurn, through: MapCache.maximumTurn, by: 1) {
      let angle = degrees * .pi / 180
      for (x, y) in [(area.minX, area.minY), (area.maxX, area.minY), (area.minX, area.maxY)]
        + [(area.maxX, area.maxY)]
      {
        let p = ScreenPoint(
          x: anchor.x + (x - anchor.x) * cos(angle) - (y - anchor.y) * sin(angle),
          y: anchor.y + (x - anchor.x) * sin(angle) + (y - anchor.y) * cos(angle))
        #expect(surface.holds(p), "\(degrees)°: \(p) outside \(surface)")
      }
    }
    // What the surface costs: under three frames' worth at 800×480.
    #expect(MapCache(layout: layout).byteCount < 3 * 800 * 480 * 4)
  }

  @Test func aViewGrowsOnlyOnTheSidesAFrameNeeds() {
    let drawn = ScreenRect(x: 100, y: 100, width: 800, height: 480)
    // 10 pixels above and 10 to the right of what is drawn.
    let needed = ScreenRect(x: 120, y: 90, width: 790, height: 480)
    #expect(
      MapCache.grown(drawn, toHold: needed, by: 48)
        == ScreenRect(x: 100, y: 42, width: 858, height: 538))
    #expect(MapCache.grown(.zero, toHold: needed, by: 48) == needed)
  }

  @Test func bandsTileTheStripInWholeRows() {
    let strip = ScreenRect(x: 10, y: 20, width: 900, height: 611)
    let bands = MapCache.bands(of: strip)
    #expect(bands.first?.minY == strip.minY && bands.last?.maxY == strip.maxY)
    for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.maxY == b.minY) }
    #expect(bands.allSatisfy { $0.minX == strip.minX && $0.width == strip.width })
    #expect(bands.allSatisfy { $0.minY == $0.minY.rounded() && $0.height >= 96 })
    #expect(
      MapCache.bands(of: ScreenRect(x: 0, y: 0, width: 800, height: 40)) == [
        ScreenRect(x: 0, y: 0, width: 800, height: 40)
      ])
  }

  @Test func namesArePlacedOnScreenFirstThenInTheMarginClearOfIt() throws {
    let layout = NavigationLayout(size: .standard)
    let center = Coordinate(latitude: 60.17, longitude: 24.94)
    let origin = WebMercator.project(center)
    func road(_ name: String, y: Double, from x0: Double, to x1: Double) -> MapFeature {
      MapFeature(
        kind: .road,
        points: [origin.offset(dx: x0, dy: y), origin.offset(dx: x1, dy: y)], name: name)
    }
    // One metre a pixel at this latitude is two mercator metres.
    let across = MapFeature(
      kind: .road,
      points: stride(from: -1200.0, through: 1200, by: 200).map {
        origin.offset(dx: $0, dy: 0)
      }, name: "Across")
    let features = [across, road("Beyond", y: 600, from: -600, to: 600)]
    var scene = try Self.scene(at: 30)
    scene.camera = MapCamera(center: center, heading: 0, metresPerPixel: 1, anchor: .freeArea)
    let canvas = try CairoCanvas(width: 1200, height: 900)
    let surface = ScreenRect(x: 0, y: 0, width: 1200, height: 900)
    let visible = ScreenRect(x: 200, y: 300, width: 800, height: 480)
    let painter = MapPainter(
      canvas: canvas, scene: scene, layout: layout,
      transform: MapTransform(camera: scene.camera, anchor: ScreenPoint(x: 600, y: 450)),
      area: surface, view: surface)
    let labels = painter.placeLabels(features, visible: visible)
    #expect(labels.map(\.name).sorted() == ["Across", "Beyond"])
    let onScreen = try #require(labels.first { $0.name == "Across" })
    let inMargin = try #require(labels.first { $0.name == "Beyond" })
    #expect(visible.holds(onScreen.mid))
    #expect(!inMargin.bounds.intersects(visible))
    // Drawn without a margin, only what the screen shows.
    let alone = MapPainter(
      canvas: canvas, scene: scene, layout: layout, transform: painter.transform,
      area: visible, view: visible)
    #expect(alone.placeLabels(features, visible: visible).map(\.name) == ["Across"])
  }
}

extension PlanePoint {
  fileprivate func offset(dx: Double, dy: Double) -> PlanePoint {
    PlanePoint(x: x + dx, y: y + dy)
  }
}
