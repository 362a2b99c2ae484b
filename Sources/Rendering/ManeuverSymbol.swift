import CCairo
import Canvas
import Foundation
import Navigation

/// Draws the symbol of every `ManeuverType` as vectors: the path taken bright with an
/// arrowhead, roads not taken dimmed.
///
/// Shapes are laid out in a unit box (y down) and scaled to the target square. Roundabouts
/// turn counter-clockwise for right-hand traffic and clockwise for left-hand traffic
/// (the whole symbol is mirrored); U-turns and ramps follow the driving side the same way.
struct ManeuverSymbol {
  typealias P = (x: Double, y: Double)

  var type: ManeuverType
  var drivingSide: Maneuver.Side = .right

  private static let lineWidth = 0.11
  private static let headLength = 0.2
  private static let headHalfWidth = 0.16

  func draw(in canvas: CairoCanvas, rect: ScreenRect, color: Color, dimmed: Color) {
    let side = min(rect.width, rect.height)
    let box = ScreenRect(
      x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    var pen = Pen(canvas: canvas, color: color, dimmed: dimmed, mirrored: false, box: box)
    shapes(&pen)
  }

  private func shapes(_ pen: inout Pen) {
    let leftHand = drivingSide == .left
    switch type {
    case .noTurn, .straightAhead, .followRoad:
      pen.arrow([(0.5, 0.92), (0.5, 0.08)])
    case .leftTurn: turn(&pen, -90)
    case .rightTurn: turn(&pen, 90)
    case .sharpLeftTurn: turn(&pen, -135)
    case .sharpRightTurn: turn(&pen, 135)
    case .slightLeftTurn: turn(&pen, -45)
    case .slightRightTurn: turn(&pen, 45)
    case .uTurn, .uTurnWhenPossible:
      pen.mirrored = leftHand
      uTurn(&pen, x: 0.68)
    case .startRoute:
      pen.dot((0.5, 0.84), radius: 0.1)
      pen.arrow([(0.5, 0.7), (0.5, 0.08)])
    case .startRouteWithUTurn:
      pen.mirrored = leftHand
      pen.dot((0.68, 0.86), radius: 0.09)
      uTurn(&pen, x: 0.68, from: 0.74)
    case .arriveAtDestination:
      pen.line([(0.5, 0.94), (0.5, 0.6)])
      pin(&pen, at: (0.5, 0.58), size: 0.5)
    case .arriveAtDestinationLeft, .arriveAtDestinationRight:
      pen.mirrored = type == .arriveAtDestinationRight
      pen.line([(0.68, 0.94), (0.68, 0.06)], dimmed: true)
      pen.line([(0.68, 0.94), (0.68, 0.62)])
      pin(&pen, at: (0.32, 0.62), size: 0.46)
    case .arriveEndOfNavigation, .arriveEndOfDirections:
      flag(&pen)
    case .keepLeft, .keepRight:
      pen.mirrored = type == .keepRight
      pen.line([(0.5, 0.62), (0.7, 0.4), (0.7, 0.1)], dimmed: true)
      pen.arrow([(0.5, 0.92), (0.5, 0.62), (0.3, 0.4), (0.3, 0.08)])
    case .offRamp, .highwayOffRampLeft, .highwayOffRampRight:
      pen.mirrored =
        type == .highwayOffRampLeft || (type == .offRamp && leftHand)
      pen.line([(0.38, 0.94), (0.38, 0.06)], dimmed: true)
      pen.arrow([(0.38, 0.94), (0.38, 0.6), (0.46, 0.46), (0.66, 0.32), (0.78, 0.12)])
    case .onRamp:
      pen.mirrored = leftHand
      pen.line([(0.4, 0.94), (0.4, 0.06)], dimmed: true)
      pen.arrow([(0.8, 0.94), (0.8, 0.78), (0.62, 0.6), (0.44, 0.46), (0.4, 0.34), (0.4, 0.08)])
    case .changeHighway:
      pen.line([(0.14, 0.9), (0.5, 0.5)], dimmed: true)
      pen.line([(0.86, 0.9), (0.5, 0.5)], dimmed: true)
      pen.arrow([(0.5, 0.94), (0.5, 0.08)])
    case .changeHighwayLeft, .changeHighwayRight:
      pen.mirrored = type == .changeHighwayRight
      pen.line([(0.68, 0.94), (0.68, 0.06)], dimmed: true)
      pen.line([(0.32, 0.94), (0.32, 0.06)], dimmed: true)
      pen.arrow([(0.68, 0.94), (0.68, 0.66), (0.5, 0.5), (0.32, 0.34), (0.32, 0.08)])
    case .leftTurnAtEnd, .rightTurnAtEnd:
      pen.mirrored = type == .rightTurnAtEnd
      pen.line([(0.06, 0.3), (0.94, 0.3)], dimmed: true)
      pen.arrow([(0.56, 0.94), (0.56, 0.3), (0.08, 0.3)])
    case .enterRoundabout:
      pen.mirrored = leftHand
      roundabout(&pen, exit: nil)
    case .exitRoundabout:
      pen.mirrored = leftHand
      let c: P = (0.5, 0.66)
      pen.ring(c, radius: 0.2, dimmed: true)
      pen.arrow(Pen.arc(c, radius: 0.2, from: 0, to: -90) + [(0.5, 0.06)])
    case .uTurnAtRoundabout:
      pen.mirrored = leftHand
      roundabout(&pen, exit: 0)
    case .enterFerry, .exitFerry, .changeFerry:
      ferry(&pen)
    default:
      let n = type.rawValue - ManeuverType.roundaboutExit1.rawValue + 1
      pen.mirrored = leftHand
      roundabout(&pen, exit: (1...19).contains(n) ? n : nil)
    }
  }

  /// A turn of `degrees` (negative left): up the stem, then off at that angle.
  private func turn(_ pen: inout Pen, _ degrees: Double) {
    let shift = degrees < 0 ? 1.0 : -1.0
    let sharp = abs(degrees) > 100
    let stemX = 0.5 + shift * (abs(degrees) > 60 ? 0.17 : 0.1)
    let junction: P = (stemX, sharp ? 0.36 : 0.5)
    let length = sharp ? 0.5 : (abs(degrees) > 60 ? 0.44 : 0.42)
    let radians = degrees * .pi / 180
    let end: P = (junction.x + sin(radians) * length, junction.y - cos(radians) * length)
    pen.arrow([(stemX, 0.94), junction, end])
  }

  /// A U-turn towards the left (mirrored for left-hand traffic) up the lane at `x`.
  private func uTurn(_ pen: inout Pen, x: Double, from bottom: Double = 0.94) {
    let radius = 0.18
    let top = 0.4
    let center: P = (x - radius, top)
    pen.arrow(
      [(x, bottom)] + Pen.arc(center, radius: radius, from: 0, to: -180)
        + [(x - 2 * radius, 0.74)])
  }

  /// A ring with the entry at the bottom and exit `exit` (nil: just entering; 0: back
  /// out beside the entry), counter-clockwise as seen from above.
  private func roundabout(_ pen: inout Pen, exit: Int?) {
    let c: P = (0.5, 0.44)
    let r = 0.19
    pen.ring(c, radius: r, dimmed: true)
    // Travel angles (degrees round the ring from the entry) of the exits shown.
    let count = max(exit ?? 3, 3) + 1
    let travel: (Int) -> Double = { 360 * Double($0) / Double(count) }
    // Past five exits the spokes crowd the ring; the number says which one.
    for j in 1..<count where j != exit && count <= 6 {
      let a = (90 - travel(j)) * .pi / 180
      pen.line(
        [(c.x + cos(a) * r, c.y + sin(a) * r), (c.x + cos(a) * 0.42, c.y + sin(a) * 0.42)],
        dimmed: true)
    }
    let entry: [P] = [(0.5, 0.96)]
    guard let exit else {
      pen.arrow(entry + Pen.arc(c, radius: r, from: 90, to: 90 - 215))
      return
    }
    // Far exits stop short of the entry, or the arrowhead would sit on it; the number
    // tells them apart.
    let sweep = exit == 0 ? 318 : min(travel(exit), 292)
    let a = (90 - sweep) * .pi / 180
    let out: P = (c.x + cos(a) * 0.43, c.y + sin(a) * 0.43)
    pen.arrow(entry + Pen.arc(c, radius: r, from: 90, to: 90 - sweep) + [out])
    if exit > 0 {
      pen.number(exit, at: c, size: exit > 9 ? 0.17 : 0.2)
    }
  }

  /// A map pin standing on its tip at `tip`, `size` tall.
  private func pin(_ pen: inout Pen, at tip: P, size: Double) {
    let r = size * 0.3
    let center: P = (tip.x, tip.y - size + r)
    pen.teardrop(tip: tip, center: center, radius: r)
  }

  private func flag(_ pen: inout Pen) {
    pen.line([(0.26, 0.94), (0.26, 0.08)])
    let columns = 4
    let rows = 3
    let w = 0.56 / Double(columns)
    let h = 0.36 / Double(rows)
    for row in 0..<rows {
      for column in 0..<columns {
        pen.square(
          x: 0.26 + Double(column) * w, y: 0.1 + Double(row) * h, width: w, height: h,
          dimmed: (row + column) % 2 == 1)
      }
    }
  }

  private func ferry(_ pen: inout Pen) {
    let boatDimmed = type == .exitFerry
    pen.polygon([(0.1, 0.6), (0.9, 0.6), (0.76, 0.8), (0.24, 0.8)], dimmed: boatDimmed)
    pen.polygon([(0.3, 0.44), (0.64, 0.44), (0.64, 0.56), (0.3, 0.56)], dimmed: boatDimmed)
    var wave: [P] = []
    for i in 0...16 {
      let x = 0.1 + 0.8 * Double(i) / 16
      wave.append((x, 0.9 + 0.03 * sin(Double(i) * .pi / 2)))
    }
    pen.line(wave, dimmed: true, width: 0.06)
    switch type {
    case .enterFerry: pen.arrow([(0.5, 0.04), (0.5, 0.38)], width: 0.09)
    case .exitFerry: pen.arrow([(0.5, 0.5), (0.5, 0.04)], width: 0.09)
    default: pen.arrow([(0.18, 0.22), (0.84, 0.22)], width: 0.09)
    }
  }

  /// Draws in unit-box coordinates, mirroring x when asked.
  struct Pen {
    let canvas: CairoCanvas
    let color: Color
    let dimmed: Color
    var mirrored: Bool
    /// The square the unit box is drawn into, in screen pixels.
    let box: ScreenRect

    /// A pen drawing into the largest square centred in `rect`, in `color` (`accent` for
    /// the parts that stand out): how the buttons' and the templates' icons are drawn.
    static func icon(in rect: ScreenRect, canvas: CairoCanvas, color: Color, accent: Color) -> Pen {
      let side = min(rect.width, rect.height)
      let box = ScreenRect(
        x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
      return Pen(canvas: canvas, color: color, dimmed: accent, mirrored: false, box: box)
    }

    private func map(_ p: P) -> P {
      ((mirrored ? 1 - p.x : p.x) * box.width + box.x, p.y * box.height + box.y)
    }

    static func arc(_ c: P, radius: Double, from a0: Double, to a1: Double) -> [P] {
      let steps = max(2, Int(abs(a1 - a0) / 10))
      return (0...steps).map { i in
        let a = (a0 + (a1 - a0) * Double(i) / Double(steps)) * .pi / 180
        return (c.x + cos(a) * radius, c.y + sin(a) * radius)
      }
    }

    func line(_ points: [P], dimmed: Bool = false, width: Double = ManeuverSymbol.lineWidth) {
      guard let first = points.first else { return }
      let cr = canvas.cr
      let p0 = map(first)
      cairo_move_to(cr, p0.x, p0.y)
      for p in points.dropFirst().map(map) { cairo_line_to(cr, p.x, p.y) }
      canvas.stroke(dimmed ? self.dimmed : color, width: width * box.width)
    }

    /// A path ending in an arrowhead.
    func arrow(_ points: [P], width: Double = ManeuverSymbol.lineWidth) {
      guard points.count >= 2 else { return }
      let tip = points[points.count - 1]
      let before = points[points.count - 2]
      let dx = tip.x - before.x
      let dy = tip.y - before.y
      let length = (dx * dx + dy * dy).squareRoot()
      guard length > 0 else { return }
      let head = ManeuverSymbol.headLength * width / ManeuverSymbol.lineWidth
      let half = ManeuverSymbol.headHalfWidth * width / ManeuverSymbol.lineWidth
      let (ux, uy) = (dx / length, dy / length)
      let base: P = (tip.x - ux * head, tip.y - uy * head)
      var shaft = Array(points.dropLast())
      shaft.append((base.x + ux * 0.02, base.y + uy * 0.02))
      line(shaft, width: width)
      polygon([
        tip, (base.x - uy * half, base.y + ux * half), (base.x + uy * half, base.y - ux * half),
      ])
    }

    func polygon(_ points: [P], dimmed: Bool = false) {
      guard let first = points.first else { return }
      let cr = canvas.cr
      let p0 = map(first)
      cairo_move_to(cr, p0.x, p0.y)
      for p in points.dropFirst().map(map) { cairo_line_to(cr, p.x, p.y) }
      cairo_close_path(cr)
      canvas.fill(dimmed ? self.dimmed : color)
    }

    func square(x: Double, y: Double, width: Double, height: Double, dimmed: Bool) {
      polygon([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], dimmed: dimmed)
    }

    func dot(_ c: P, radius: Double) {
      let m = map(c)
      canvas.circle(center: ScreenPoint(x: m.x, y: m.y), radius: radius * box.width)
      canvas.fill(color)
    }

    func ring(_ c: P, radius: Double, dimmed: Bool) {
      let m = map(c)
      canvas.circle(center: ScreenPoint(x: m.x, y: m.y), radius: radius * box.width)
      canvas.stroke(dimmed ? self.dimmed : color, width: ManeuverSymbol.lineWidth * box.width)
    }

    /// A pin: a disc joined to a point below it, with a dimmed hole.
    func teardrop(tip: P, center: P, radius: Double) {
      let cr = canvas.cr
      let t = map(tip)
      let c = map(center)
      let r = radius * box.width
      let spread = asin(min(1, r / max(r, t.y - c.y)))
      cairo_move_to(cr, t.x, t.y)
      cairo_arc(cr, c.x, c.y, r, .pi - spread, 2 * .pi + spread)
      cairo_close_path(cr)
      canvas.fill(color)
      canvas.circle(center: ScreenPoint(x: c.x, y: c.y), radius: r * 0.4)
      canvas.fill(dimmed)
    }

    /// An exit number in the middle of a roundabout.
    func number(_ n: Int, at c: P, size: Double) {
      let m = map(c)
      let style = TextStyle.bold((size * box.width).rounded())
      let text = String(n)
      let width = canvas.textWidth(text, style)
      canvas.drawText(
        text, style, x: (m.x - width / 2).rounded(),
        baseline: canvas.baseline(centering: style, on: m.y), color)
    }
  }
}
