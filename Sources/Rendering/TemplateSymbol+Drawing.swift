import CCairo
import Canvas
import Foundation

extension TemplateSymbol {
  /// Draws the symbol centred in the largest square inside `rect`, in `color` (`accent`
  /// for the parts that stand out: a red cross, a warning mark).
  func draw(in canvas: CairoCanvas, rect: ScreenRect, color: Color, accent: Color) {
    let pen = ManeuverSymbol.Pen.icon(in: rect, canvas: canvas, color: color, accent: accent)
    let box = pen.box
    let side = box.width
    let w = 0.1
    switch self {
    case .star:
      let points = (0..<10).map { i -> (x: Double, y: Double) in
        let a = Double(i) * .pi / 5 - .pi / 2
        let r = i % 2 == 0 ? 0.46 : 0.19
        return (0.5 + cos(a) * r, 0.54 + sin(a) * r)
      }
      pen.polygon(points)
    case .clock:
      pen.line(ManeuverSymbol.Pen.arc((0.5, 0.5), radius: 0.38, from: 0, to: 360), width: w)
      pen.line([(0.5, 0.26), (0.5, 0.5), (0.68, 0.62)], width: w)
    case .pin:
      pen.teardrop(tip: (0.5, 0.94), center: (0.5, 0.38), radius: 0.3)
    case .home:
      pen.polygon([
        (0.5, 0.1), (0.92, 0.48), (0.8, 0.48), (0.8, 0.9), (0.2, 0.9), (0.2, 0.48), (0.08, 0.48),
      ])
      pen.square(x: 0.42, y: 0.62, width: 0.16, height: 0.28, dimmed: true)
    case .work:
      pen.line([(0.36, 0.3), (0.36, 0.16), (0.64, 0.16), (0.64, 0.3)], width: 0.08)
      pen.polygon([(0.08, 0.3), (0.92, 0.3), (0.92, 0.86), (0.08, 0.86)])
    case .fuel:
      pen.polygon([(0.14, 0.9), (0.14, 0.16), (0.6, 0.16), (0.6, 0.9)])
      pen.square(x: 0.22, y: 0.24, width: 0.3, height: 0.2, dimmed: true)
      pen.line(
        [(0.6, 0.36), (0.76, 0.36), (0.76, 0.78), (0.86, 0.78), (0.86, 0.3), (0.76, 0.2)],
        width: 0.07)
    case .parking:
      pen.line([(0.12, 0.12), (0.88, 0.12), (0.88, 0.88), (0.12, 0.88), (0.12, 0.12)], width: 0.08)
      pen.line([(0.38, 0.76), (0.38, 0.26), (0.55, 0.26)], width: 0.11)
      pen.line(ManeuverSymbol.Pen.arc((0.55, 0.39), radius: 0.13, from: -90, to: 90), width: 0.11)
      pen.line([(0.55, 0.52), (0.38, 0.52)], width: 0.11)
    case .food:
      pen.line([(0.3, 0.1), (0.3, 0.9)], width: w)
      pen.line([(0.18, 0.1), (0.18, 0.36), (0.42, 0.36), (0.42, 0.1)], width: 0.07)
      pen.polygon([
        (0.66, 0.1), (0.8, 0.1), (0.8, 0.9), (0.68, 0.9), (0.68, 0.56), (0.6, 0.56), (0.6, 0.3),
      ])
    case .search:
      pen.line(ManeuverSymbol.Pen.arc((0.42, 0.42), radius: 0.26, from: 0, to: 360), width: 0.11)
      pen.line([(0.61, 0.61), (0.88, 0.88)], width: 0.14)
    case .settings:
      for i in 0..<8 {
        let a = Double(i) * .pi / 4
        pen.line(
          [(0.5 + cos(a) * 0.3, 0.5 + sin(a) * 0.3), (0.5 + cos(a) * 0.44, 0.5 + sin(a) * 0.44)],
          width: 0.13)
      }
      pen.dot((0.5, 0.5), radius: 0.32)
      let hole = ManeuverSymbol.Pen(
        canvas: canvas, color: accent, dimmed: accent, mirrored: false, box: box)
      hole.dot((0.5, 0.5), radius: 0.13)
    case .navigation:
      pen.polygon([(0.5, 0.06), (0.88, 0.92), (0.5, 0.72), (0.12, 0.92)])
    case .phone:
      pen.line(
        [(0.24, 0.14), (0.14, 0.3), (0.22, 0.52), (0.46, 0.78), (0.7, 0.86), (0.86, 0.76)],
        width: 0.16)
    case .warning:
      pen.polygon([(0.5, 0.08), (0.94, 0.88), (0.06, 0.88)])
      let mark = ManeuverSymbol.Pen(
        canvas: canvas, color: accent, dimmed: accent, mirrored: false, box: box)
      mark.line([(0.5, 0.38), (0.5, 0.62)], width: 0.09)
      mark.dot((0.5, 0.76), radius: 0.05)
    case .speaker:
      ButtonSymbol(symbol: .speaker).draw(in: canvas, rect: box, color: color, accent: accent)
    case .list:
      for y in [0.24, 0.5, 0.76] {
        pen.dot((0.14, y), radius: 0.07)
        pen.line([(0.32, y), (0.9, y)], width: w)
      }
    case .grid:
      for (x, y) in [(0.1, 0.1), (0.56, 0.1), (0.1, 0.56), (0.56, 0.56)] {
        pen.square(x: x, y: y, width: 0.34, height: 0.34, dimmed: false)
      }
    case .info:
      pen.line(ManeuverSymbol.Pen.arc((0.5, 0.5), radius: 0.42, from: 0, to: 360), width: 0.08)
      pen.dot((0.5, 0.3), radius: 0.065)
      pen.line([(0.5, 0.45), (0.5, 0.74)], width: 0.12)
    case .music:
      pen.dot((0.3, 0.78), radius: 0.13)
      pen.dot((0.76, 0.68), radius: 0.13)
      pen.line([(0.41, 0.78), (0.41, 0.2)], width: w)
      pen.line([(0.87, 0.68), (0.87, 0.1)], width: w)
      pen.polygon([(0.41, 0.14), (0.87, 0.04), (0.87, 0.2), (0.41, 0.3)])
    case .folder:
      pen.polygon([
        (0.06, 0.2), (0.38, 0.2), (0.46, 0.3), (0.94, 0.3), (0.94, 0.84), (0.06, 0.84),
      ])
    case .person:
      pen.dot((0.5, 0.3), radius: 0.2)
      pen.polygon([
        (0.14, 0.92), (0.2, 0.66), (0.38, 0.56), (0.62, 0.56), (0.8, 0.66), (0.86, 0.92),
      ])
    case .map(let symbol):
      ButtonSymbol(symbol: symbol).draw(in: canvas, rect: box, color: color, accent: accent)
    case .number(let n):
      canvas.circle(center: ScreenPoint(x: box.midX, y: box.midY), radius: side * 0.47)
      canvas.fill(color)
      let text = String(n)
      let style = TextStyle.bold((side * (text.count > 1 ? 0.46 : 0.56)).rounded())
      let width = canvas.textWidth(text, style)
      canvas.drawText(
        text, style, x: (box.midX - width / 2).rounded(),
        baseline: canvas.baseline(centering: style, on: box.midY), accent)
    case .letters(let text):
      ButtonSymbol(symbol: .letters(text)).draw(in: canvas, rect: box, color: color, accent: accent)
    }
  }
}
