import Canvas
import Testing

@testable import Rendering

/// Text from files and bridge apps is cut before layout, so a road name or an alert title
/// of tens of thousands of characters costs what any other does.
@Suite("Text capped before layout")
struct TextLimitTests {
  @Test("text over the limit is cut to it with an ellipsis; shorter text is untouched")
  func capped() {
    #expect(CairoCanvas.capped("Mannerheimintie") == "Mannerheimintie")
    let long = String(repeating: "Ä", count: 40_000)
    let cut = CairoCanvas.capped(long)
    #expect(cut.count == CairoCanvas.textLimit + 1)
    #expect(cut.hasSuffix("…") && cut.hasPrefix("ÄÄÄ"))
    // Characters, not bytes: a flag is one character of eight bytes.
    let flags = String(repeating: "🇫🇮", count: CairoCanvas.textLimit)
    #expect(CairoCanvas.capped(flags) == flags)
  }

  @Test("a 40,000-character name is ellipsized to the width, as the longest prefix that fits")
  func ellipsizedLongText() throws {
    let canvas = try CairoCanvas(width: 400, height: 100)
    let style = TextStyle.bold(24)
    let name = String(repeating: "Mannerheimintie ", count: 2_500)
    let shown = canvas.ellipsized(name, style, maxWidth: 300)
    #expect(shown.hasSuffix("…"))
    #expect(canvas.textWidth(shown, style) <= 300)
    #expect(name.hasPrefix(String(shown.dropLast())))
    // One character more would not fit.
    let kept = shown.dropLast().count
    let longer = String(name.prefix(kept + 1)) + "…"
    #expect(canvas.textWidth(longer, style) > 300 || name.prefix(kept + 1).last == " ")
    // Wrapping is bounded the same way.
    #expect(canvas.textWidth(name, style) == canvas.textWidth(CairoCanvas.capped(name), style))
  }
}
