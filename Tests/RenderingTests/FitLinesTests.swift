import Canvas
import Testing

/// Long text fits by rule: one line, then wrapped, then smaller, then cut with "…".
@Suite struct FitLinesTests {
  let canvas: CairoCanvas
  init() throws { canvas = try CairoCanvas(width: 400, height: 200) }

  @Test func shortTextStaysOnOneLineAtFullSize() {
    let fitted = canvas.fitLines(
      ["Turn left"], .regular(24), minimumSize: 18, maxWidth: 300, maxLines: 2)
    #expect(fitted.lines == 1)
    #expect(fitted.style == .regular(24))
    #expect(!fitted.isEllipsized)
  }

  @Test func longTextWrapsBeforeItShrinks() {
    let text = "Поверните направо на Маннергейминтие"
    let oneLine = canvas.textWidth(text, .regular(24))
    let width = oneLine * 0.7
    let fitted = canvas.fitLines(
      [text], .regular(24), minimumSize: 18, maxWidth: width, maxLines: 2)
    #expect(fitted.lines == 2)
    #expect(fitted.style == .regular(24))
    #expect(fitted.text == text)
    #expect(!fitted.isEllipsized)
  }

  @Test func withOneLineAllowedItShrinksThenTakesAShorterVariant() {
    let long = "Поверните направо на Маннергейминтие"
    let short = "Поверните направо"
    let width = canvas.textWidth(short, .regular(24)) * 0.95
    let fitted = canvas.fitLines(
      [long, short], .regular(24), minimumSize: 18, maxWidth: width, maxLines: 1)
    #expect(fitted.text == short)
    #expect(fitted.lines == 1)
    // Narrower: the condensed cut, or a smaller size.
    #expect(fitted.style != .regular(24))
    #expect(canvas.textWidth(short, fitted.style) <= width)
    #expect(!fitted.isEllipsized)
  }

  @Test func whatFitsNowhereIsCutAtTheSmallestSize() {
    let text = String(repeating: "Mannerheimintie ", count: 20)
    let fitted = canvas.fitLines([text], .regular(24), minimumSize: 18, maxWidth: 200, maxLines: 2)
    #expect(fitted.isEllipsized)
    #expect(fitted.lines == 2)
    #expect(fitted.style.size == 18)
  }

  @Test func chineseWrapsBetweenCharacters() {
    let text = "在曼纳海姆路向右转然后继续直行两公里"
    let width = canvas.textWidth(text, .regular(24)) * 0.6
    let fitted = canvas.fitLines(
      [text], .regular(24), minimumSize: 18, maxWidth: width, maxLines: 2)
    #expect(fitted.lines == 2)
    #expect(!fitted.isEllipsized)
  }
}
