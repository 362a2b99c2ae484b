import Core
import Foundation
import Geo
import HeadUnit
import Navigation
import Rendering
import Templates

extension DemoCommand {
  /// Draws each screen of the navigation app tour (`NavigationAppTour`: knob presses
  /// through Destinations, a preview, start, end trip and a search, fed to the car's core)
  /// as the daemon composes it, the car standing at `position` from `start`, into `folder`, named
  /// `NN-app.png` from `firstNumber`. Blocks on file writes.
  ///
  /// - Returns: the cells for the contact sheet.
  static func appCells(
    phrases: Phrasebook, position: Coordinate?, start: Date, folder: URL, firstNumber: Int
  ) throws -> [ContactSheet.Cell] {
    let provider = try EmbeddedRouteProvider.loadEmbedded()
    let renderer = try TemplateRenderer(size: .standard)
    var composer = FrameComposer(layers: FrameComposer.embeddedLayers)
    var cells: [ContactSheet.Cell] = []
    let frames = NavigationAppTour.run(
      provider: provider, phrases: phrases, position: position, start: start)
    for (i, frame) in frames.enumerated() {
      guard
        case .scene(let scene) = composer.frame(
          of: frame.core, at: frame.at, size: .standard, theme: .day)
      else { continue }
      _ = renderer.render(scene)
      let name = String(format: "%02d-app.png", firstNumber + i)
      try renderer.writePNG(to: folder.appendingPathComponent(name).path)
      cells.append(ContactSheet.Cell(image: renderer.pixelBuffer(), caption: frame.caption))
    }
    return cells
  }
}
