import Canvas
import Foundation
import Navigation

/// The vector icon of a banner: a crosshair while locating, a circling arrow while
/// (re)computing, an arrow onto a dashed route, a flag on arrival.
struct BannerSymbol {
  var banner: Banner

  func draw(in canvas: CairoCanvas, rect: ScreenRect, color: Color) {
    let side = min(rect.width, rect.height)
    let box = ScreenRect(
      x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    let pen = ManeuverSymbol.Pen(
      canvas: canvas, color: color, dimmed: color.opacity(0.45), mirrored: false, box: box)
    switch banner {
    case .paused(.locating):
      pen.ring((0.5, 0.5), radius: 0.28, dimmed: false)
      pen.dot((0.5, 0.5), radius: 0.09)
      for (a, b) in [((0.5, 0.04), (0.5, 0.2)), ((0.5, 0.8), (0.5, 0.96))] {
        pen.line([a, b])
      }
      pen.line([(0.04, 0.5), (0.2, 0.5)])
      pen.line([(0.8, 0.5), (0.96, 0.5)])
    case .paused(.rerouting), .paused(.loading):
      pen.arrow(ManeuverSymbol.Pen.arc((0.5, 0.52), radius: 0.32, from: -60, to: 230))
    case .paused(.proceedToRoute):
      for i in 0..<5 {
        let y = 0.06 + Double(i) * 0.19
        pen.line([(0.76, y), (0.76, y + 0.1)], dimmed: true)
      }
      pen.arrow([(0.18, 0.92), (0.18, 0.62), (0.62, 0.3)])
    case .paused(.arrived), .arrived:
      ManeuverSymbol(type: .arriveEndOfDirections).draw(
        in: canvas, rect: rect, color: color, dimmed: color.opacity(0.35))
    }
  }
}
