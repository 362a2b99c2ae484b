import Canvas
import Navigation
import Rendering
import Templates
import Testing

/// The screen text of every language is drawn with real glyphs: each catalog text on its
/// own, and the template screens with the words they add in each language.
extension GlyphCoverageTests {
  @Test(arguments: Phrasebook.supportedLanguages)
  func everyScreenTextHasGlyphs(language: String) throws {
    let text = try ScreenText(language: language)
    let canvas = try CairoCanvas(width: 800, height: 60)
    let values = ["place": "Kamppi", "number": "1", "count": "2", "minutes": "5", "hours": "1"]
    for key in ScreenTextKey.allCases {
      for variant in text.variants(key, values.merging(["server": "Valhalla"]) { $1 }) {
        let before = Fonts.shared.unknownGlyphs
        canvas.drawText(variant, .bold(24), x: 0, baseline: 40, .black)
        #expect(Fonts.shared.unknownGlyphs == before, "\(language) \(key): \(variant)")
      }
    }
    for count in [1, 2, 5] {
      let before = Fonts.shared.unknownGlyphs
      canvas.drawText(text.routes(count), .regular(18), x: 0, baseline: 40, .black)
      #expect(Fonts.shared.unknownGlyphs == before, "\(language): \(text.routes(count))")
    }
  }

  static var templateCases: [(String, ScreenSize)] {
    Phrasebook.supportedLanguages.flatMap { language in
      [ScreenSize.standard, ScreenSize.all.min { $0.width * $0.height < $1.width * $1.height }!]
        .map { (language, $0) }
    }
  }

  @Test(arguments: templateCases)
  func templateScreensHaveGlyphs(language: String, size: ScreenSize) throws {
    let text = try ScreenText(language: language)
    let renderer = try TemplateRenderer(size: size)
    for name in TemplateFixtures.names {
      var scene = try TemplateFixtures.scene(name, size, .day)
      scene.text = text
      if case .map(var map) = scene.content {
        map.scene.text = text
        scene.content = .map(map)
      }
      let before = Fonts.shared.unknownGlyphs
      renderer.render(scene)
      #expect(
        Fonts.shared.unknownGlyphs == before, "\(language) \(size) \(name): characters as boxes")
    }
  }
}
