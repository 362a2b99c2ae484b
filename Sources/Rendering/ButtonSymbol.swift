import Canvas
import Foundation
import Templates

/// The vector icon of a map button.
struct ButtonSymbol {
  var symbol: MapButton.Symbol

  func draw(in canvas: CairoCanvas, rect: ScreenRect, color: Color, accent: Color) {
    let pen = ManeuverSymbol.Pen.icon(in: rect, canvas: canvas, color: color, accent: accent)
    let box = pen.box
    let side = box.width
    let width = 0.12
    switch symbol {
    case .speaker, .speakerMuted:
      pen.polygon([
        (0.06, 0.36), (0.26, 0.36), (0.5, 0.12), (0.5, 0.88), (0.26, 0.64), (0.06, 0.64),
      ])
      if symbol == .speaker {
        pen.line(ManeuverSymbol.Pen.arc((0.5, 0.5), radius: 0.2, from: -45, to: 45), width: width)
        pen.line(ManeuverSymbol.Pen.arc((0.5, 0.5), radius: 0.38, from: -45, to: 45), width: width)
      } else {
        pen.line([(0.64, 0.34), (0.94, 0.66)], dimmed: true, width: width)
        pen.line([(0.94, 0.34), (0.64, 0.66)], dimmed: true, width: width)
      }
    case .overview:
      pen.line([(0.16, 0.84), (0.16, 0.5), (0.5, 0.5), (0.5, 0.2), (0.84, 0.2)], width: width)
      pen.dot((0.16, 0.84), radius: 0.1)
      pen.dot((0.84, 0.2), radius: 0.1)
    case .recenter:
      pen.polygon([(0.5, 0.06), (0.88, 0.92), (0.5, 0.72), (0.12, 0.92)])
    case .zoomIn:
      pen.line([(0.5, 0.12), (0.5, 0.88)], width: 0.14)
      pen.line([(0.12, 0.5), (0.88, 0.5)], width: 0.14)
    case .zoomOut:
      pen.line([(0.12, 0.5), (0.88, 0.5)], width: 0.14)
    case .endRoute:
      pen.line([(0.16, 0.16), (0.84, 0.84)], dimmed: true, width: 0.16)
      pen.line([(0.84, 0.16), (0.16, 0.84)], dimmed: true, width: 0.16)
    case .letters(let text):
      var style = TextStyle.bold((side * 0.55).rounded())
      let shown = String(text.prefix(4))
      // A word wider than the button (four letters, in some languages) is set smaller.
      let natural = canvas.textWidth(shown, style)
      if natural > side * 0.9 { style.size = (style.size * side * 0.9 / natural).rounded(.down) }
      let w = canvas.textWidth(shown, style)
      canvas.drawText(
        shown, style, x: (box.midX - w / 2).rounded(),
        baseline: canvas.baseline(centering: style, on: box.midY), color)
    }
  }
}
