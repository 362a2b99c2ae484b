import Foundation
import Rendering
import Templates
import Testing

/// Every template screen compared with golden images that were checked by eye once
/// (`UPDATE_GOLDENS=1` rewrites them; look at every changed one before keeping it).
@Suite struct TemplateGoldenTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var size: ScreenSize
    var theme: String
    var description: String { "\(name)-\(size)-\(theme)" }
  }

  /// Each screen at 800×480 and 768×1024, a few at night.
  static let cases: [Case] =
    TemplateFixtures.names.flatMap { name in
      [
        Case(name: name, size: .standard, theme: "day"),
        Case(name: name, size: .portrait, theme: "day"),
      ]
    }
    + ["list", "grid", "actionsheet", "search", "poi", "poi-detail", "preview", "navalert"].map {
      Case(name: $0, size: .standard, theme: "night")
    }
    + [Case(name: "poi-detail", size: ScreenSize(width: 480, height: 320), theme: "day")]

  @Test(arguments: cases)
  func screen(_ c: Case) throws {
    let scene = try TemplateFixtures.scene(c.name, c.size, Theme.named(c.theme)!)
    let renderer = try TemplateRenderer(size: c.size)
    renderer.render(scene)
    try GoldenImageTests.compare(renderer.pixelBuffer(), golden: "tpl-\(c).png")
  }
}
