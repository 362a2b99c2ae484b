import Canvas
import Navigation
import Rendering
import Templates
import Testing

/// Every language's text is drawn with real glyphs: Pango counts the characters no
/// installed font has (each drawn as a box), and the navigation screen at every golden
/// moment, in every language and at every size, draws none. Serialized: the count is the
/// whole process's, and the second test adds to it on purpose.
@Suite(.serialized) struct GlyphCoverageTests {
  static var cases: [(String, ScreenSize)] {
    Phrasebook.supportedLanguages.flatMap { language in
      ScreenSize.all.map { (language, $0) }
    }
  }

  @Test(arguments: cases)
  func noMissingGlyphs(language: String, size: ScreenSize) throws {
    let renderer = try NavigationRenderer(size: size)
    for moment in GoldenImageTests.moments {
      let before = Fonts.shared.unknownGlyphs
      let scene = try RenderingFixtures.scene(
        drive: moment.drive, at: moment.seconds, size: size, language: language)
      renderer.render(scene)
      #expect(
        Fonts.shared.unknownGlyphs == before,
        "\(language) \(size) \(moment.name): characters drawn as boxes")
    }
  }

  /// The count is real: a character of a script no installed font covers is counted.
  @Test func aCharacterNoFontHasIsCounted() throws {
    let canvas = try CairoCanvas(width: 200, height: 40)
    let before = Fonts.shared.unknownGlyphs
    // Old Hungarian: no Debian font this project installs covers it.
    canvas.drawText("\u{10C80}\u{10C81}", .regular(16), x: 0, baseline: 30, .black)
    #expect(Fonts.shared.unknownGlyphs >= before + 2)
  }
}
