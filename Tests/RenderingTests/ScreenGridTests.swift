import Foundation
import Rendering
import Templates
import Testing

/// The navigation screen and three template screens (destinations list, trip preview,
/// end-trip sheet) at every supported size, day and night, in English, Russian and
/// Chinese, compared with goldens checked by eye once. The goldens are kept at half size,
/// at most 480 px wide (`Tests/Fixtures/goldens/grid`): enough to catch a part that
/// moves, grows or is cut; `ScreenLayoutTests` checks the pixels' geometry exactly.
/// `UPDATE_GOLDENS=1` rewrites them; `UPDATE_SCREEN_SHEETS=1` redraws the contact
/// sheets `docs/screens-LANG.png` the README shows.
@Suite struct ScreenGridTests {
  static let screens = ["nav", "list", "preview", "actionsheet"]
  static let languages = ["en", "ru", "zh"]

  struct Case: Sendable, CustomStringConvertible {
    var size: ScreenSize
    var theme: String
    var language: String
    var description: String { "\(size)-\(theme)-\(language)" }
  }

  static var cases: [Case] {
    DisplayProfile.supportedSizes.flatMap { size in
      ["day", "night"].flatMap { theme in
        languages.map { Case(size: size, theme: theme, language: $0) }
      }
    }
  }

  /// The goldens' width: half the screen's, at most 480 px (192 of them stay small).
  static func goldenWidth(_ size: ScreenSize) -> Int { min(size.width / 2, 480) }

  /// `screen` drawn at `size` in `theme` and `language`.
  static func render(
    _ screen: String, _ size: ScreenSize, _ theme: Theme, language: String
  ) throws -> PixelBuffer {
    if screen == "nav" {
      let scene = try RenderingFixtures.scene(
        at: 100, size: size, theme: theme, language: language)
      let renderer = try NavigationRenderer(size: size)
      renderer.render(scene)
      return renderer.pixelBuffer()
    }
    let renderer = try TemplateRenderer(size: size)
    renderer.render(try LocalizedFixtures.scene(screen, size, theme, language: language))
    return renderer.pixelBuffer()
  }

  @Test(arguments: cases)
  func screens(_ c: Case) throws {
    let theme = try #require(Theme.named(c.theme))
    for screen in Self.screens {
      let image = try Self.render(screen, c.size, theme, language: c.language)
      try GoldenImageTests.compare(
        image.scaled(toWidth: Self.goldenWidth(c.size)), golden: "grid/\(screen)-\(c).png")
    }
  }

  /// One sheet per language: every supported size (a row each) with its four screens,
  /// by day. Writes `docs/screens-LANG.png` when `UPDATE_SCREEN_SHEETS=1`.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["UPDATE_SCREEN_SHEETS"] == "1"))
  func contactSheets() throws {
    let docs = RenderingFixtures.packageRoot.appendingPathComponent("docs")
    for language in Self.languages {
      var cells: [ContactSheet.Cell] = []
      for size in DisplayProfile.supportedSizes {
        let profile = DisplayProfile.nearest(to: size)
        for screen in Self.screens {
          cells.append(
            ContactSheet.Cell(
              image: try Self.render(screen, size, .day, language: language),
              caption: "\(screen) · \(profile)"))
        }
      }
      let sheet = try ContactSheet.render(
        cells, columns: Self.screens.count, cellWidth: 300,
        title: "headunit screens at every supported size (\(language))")
      try sheet.writePNG(to: docs.appendingPathComponent("screens-\(language).png").path)
    }
  }
}
