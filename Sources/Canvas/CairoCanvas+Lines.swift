/// A text laid out to fit a width on a few lines (`CairoCanvas.fitLines`).
package struct FittedLines: Equatable, Sendable {
  package var text: String
  package var style: TextStyle
  package var width: Double
  package var lines: Int
  /// From one line's baseline to the next, pixels.
  package var lineHeight: Double
  /// Whether the text was cut with "…".
  package var isEllipsized: Bool
}

extension CairoCanvas {
  /// The first of `candidates` (in order) laid out to fit `maxWidth` on at most `maxLines`
  /// lines, by rule: on one line in `style`; else wrapped (between words, or between
  /// characters in scripts without spaces); else the same in the condensed cut and in
  /// sizes down to `minimumSize`, one line tried before wrapping at each; and when none
  /// fits even so, the last candidate wrapped at `minimumSize` and ended with "…".
  package func fitLines(
    _ candidates: [String], _ style: TextStyle, minimumSize: Double, maxWidth: Double,
    maxLines: Int
  ) -> FittedLines {
    let layouts = textLayout
    let styles = fallbackStyles(style, minimumSize: minimumSize)
    for text in candidates.map(Self.capped) where !text.isEmpty {
      for s in styles {
        for lines in 1...max(1, maxLines) {
          let laid = layouts.paragraph(text, s, width: maxWidth, lines: lines)
          if !laid.isEllipsized && laid.lineCount <= lines && laid.size.width <= maxWidth {
            return fitted(text, s, laid)
          }
        }
      }
    }
    let last = styles.last ?? style
    let text = Self.capped(candidates.last ?? "")
    return fitted(text, last, layouts.paragraph(text, last, width: maxWidth, lines: maxLines))
  }

  /// Draws `fitted` with its first baseline at (`x`, `baseline`).
  package func draw(_ fitted: FittedLines, x: Double, baseline: Double, _ color: Color) {
    let layouts = textLayout
    let laid = layouts.paragraph(
      fitted.text, fitted.style, width: fitted.width, lines: max(1, fitted.lines))
    setColor(color)
    layouts.noteDrawn(fitted.text, isEllipsized: fitted.isEllipsized)
    layouts.draw(laid, on: cr, x: x, baseline: baseline)
  }

  private func fitted(_ text: String, _ style: TextStyle, _ laid: TextLayout.Laid)
    -> FittedLines
  {
    FittedLines(
      text: text, style: style, width: laid.wrapWidth, lines: laid.lineCount,
      lineHeight: laid.lineCount > 0 ? laid.size.height / Double(laid.lineCount) : 0,
      isEllipsized: laid.isEllipsized)
  }
}
