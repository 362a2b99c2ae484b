import Core
import Foundation
import Navigation
import Rendering
import Templates

extension DemoCommand {
  /// Draws each screen of the navigation app tour (`NavigationAppTour`: knob presses
  /// through Destinations, a preview, start, end trip and a search) over `background`
  /// into `folder`, named `app-NN.png` from `firstNumber`. Blocks on file writes.
  ///
  /// - Returns: the cells for the contact sheet.
  static func appCells(
    background: NavigationScene, folder: URL, firstNumber: Int
  ) throws -> [ContactSheet.Cell] {
    let provider = try EmbeddedRouteProvider.loadEmbedded()
    var routes: [String: [MapRoute]] = [:]
    for place in provider.places {
      let trip = provider.trip(to: place, from: nil)
      routes[place.id] = trip?.routeChoices.compactMap(\.route).map { MapRoute($0) } ?? []
    }
    let guiding = MapContext(scene: background, routes: routes)
    // Without a trip the map shows only the vehicle: no route, cards or arrival time.
    var idle = background
    idle.route = nil
    idle.progress = nil
    idle.nextManeuverOffset = nil
    idle.maneuver = nil
    idle.secondary = nil
    idle.banner = nil
    idle.trip = nil
    let browsing = MapContext(scene: idle, routes: routes)
    let renderer = try TemplateRenderer(size: background.size)
    var cells: [ContactSheet.Cell] = []
    let frames = NavigationAppTour.run(provider: provider, start: Date(timeIntervalSince1970: 0))
    for (i, frame) in frames.enumerated() {
      guard
        let scene = TemplateScene(
          frame.controller, size: background.size, theme: .day,
          map: frame.phase.isNavigating ? guiding : browsing)
      else { continue }
      _ = renderer.render(scene)
      let name = String(format: "%02d-app.png", firstNumber + i)
      try renderer.writePNG(to: folder.appendingPathComponent(name).path)
      cells.append(ContactSheet.Cell(image: renderer.pixelBuffer(), caption: frame.caption))
    }
    return cells
  }
}
