import Foundation
import Geo
import HeadUnit
import MapFile
import Navigation
import Readers
import Rendering
import Routing
import Templates
import TestSupport
import Testing

/// The embedded Helsinki map drawn whole — the sea, the harbour, parks, buildings, roads,
/// tunnels and bridges — compared with golden images checked by eye once
/// (`UPDATE_GOLDENS=1` writes them anew).
@Suite struct MapGoldenTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let helsinki = root.appendingPathComponent("Sources/HeadUnit/Resources/Helsinki")
  static let goldens = root.appendingPathComponent("Tests/Fixtures/goldens")
  static let layer: RoadLayer? = {
    (try? RoadMap(contentsOf: helsinki.appendingPathComponent("helsinki.map"))).map {
      RoadLayer(graph: $0)
    }
  }()

  static func scene(_ camera: MapCamera, theme: Theme, route: Route? = nil) throws
    -> NavigationScene
  {
    let layer = try #require(layer)
    return NavigationScene(
      size: .standard, theme: theme, camera: camera, route: route.map { MapRoute($0) },
      vehicle: camera.anchor == .vehicle
        ? VehiclePose(coordinate: camera.center, heading: camera.heading) : nil,
      layers: [layer], status: StatusContent(gps: .good, isMuted: false, clock: "12:00"))
  }

  static func compare(_ scene: NavigationScene, _ name: String) throws {
    let renderer = try NavigationRenderer(size: scene.size)
    renderer.render(scene)
    try check(renderer.pixelBuffer(), name)
  }

  /// Compares `image` with the golden `name` (a few pixels or a faint difference pass);
  /// writes it anew when updating.
  static func check(_ image: PixelBuffer, _ name: String) throws {
    let url = goldens.appendingPathComponent(name)
    if Golden.updating {
      try image.writePNG(to: url.path)
      return
    }
    let golden = try PixelBuffer(contentsOfPNG: url.path)
    let difference = try #require(image.difference(from: golden))
    #expect(difference.maximum <= 8 || difference.pixels <= 200, "\(name): \(difference)")
  }

  /// The bay by Siltasaari at street level, heading north-east: the sea (from the
  /// extract's coastline, closed along its edge), the Pitkäsilta bridge, the shore's streets
  /// and buildings faint under them.
  static let harbour = MapCamera(
    center: Coordinate(latitude: 60.1768, longitude: 24.9478), heading: 30, metresPerPixel: 1.3,
    anchor: .vehicle)

  @Test(arguments: ["day", "night"])
  func harbourAtStreetLevel(_ theme: String) throws {
    try Self.compare(
      Self.scene(Self.harbour, theme: Theme.named(theme)!), "map-harbour-800x480-\(theme).png")
  }

  /// The longest embedded route whole, north up: the overview's lines over the areas.
  @Test func routeOverview() throws {
    let route = try #require(
      try RouteReader.read(contentsOf: Self.helsinki.appendingPathComponent("helsinki-3.json"))
        .first)
    let camera = try #require(MapCamera.fitting(route.geometry, width: 800, height: 480))
    try Self.compare(
      Self.scene(camera, theme: .day, route: route), "map-overview-800x480-day.png")
  }
}
