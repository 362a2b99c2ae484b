import Canvas
import Foundation
import Navigation
import Rendering
import Templates
import Testing

/// The template screens (list, grid, alert, action sheet, search, trip preview) at every
/// supported size, in every language: their focusable parts stay on screen, apart and
/// big enough to hit, and no text is cut.
@Suite struct TemplateScreenLayoutTests {
  static var cases: [(ScreenSize, String)] {
    DisplayProfile.supportedSizes.flatMap { size in
      Phrasebook.supportedLanguages.map { (size, $0) }
    }
  }

  @Test(arguments: cases)
  func partsFitAndNoTextIsCut(_ size: ScreenSize, _ language: String) throws {
    let screen = ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    for name in LocalizedFixtures.names {
      let scene = try LocalizedFixtures.scene(name, size, .day, language: language)
      let renderer = try TemplateRenderer(size: size)
      let before = TextLayout.current.cutTexts
      let targets = renderer.render(scene)
      let cut = TextLayout.current.cutTexts - before
      #expect(cut == 0, "\(size) \(language) \(name): \(cut) texts cut")
      #expect(!targets.isEmpty)
      // The focus ring is drawn 3 px outside its element: keep that on screen too.
      for t in targets {
        #expect(screen.insetBy(3).contains(t.rect), "\(name) \(t) off screen at \(size)")
        #expect(
          min(t.rect.width, t.rect.height) >= 40, "\(name) \(t) too small to aim at \(size)")
      }
      for (i, a) in targets.enumerated() {
        for b in targets[(i + 1)...] where a.rect.intersects(b.rect) {
          Issue.record("\(name) \(a) overlaps \(b) at \(size) \(language)")
        }
      }
    }
  }
}
