import CCairo
import Canvas
import Foundation

/// The driver's overlays: the road's name, the speed, the limit sign, the scale bar and
/// the compass.
extension OverlayPainter {
  /// Sign colours are the regulatory ones, the same by day and night.
  static let signRed = Color(hex: 0xc8102e)
  static let signFace = Color.white
  static let signText = Color(hex: 0x111111)

  private func size(_ v: Double) -> Double { (v * scale).rounded() }

  /// A pill as wide as the name (at most `r`), centred at the bottom of `r`.
  func roadName(_ name: String, in r: ScreenRect) {
    let pad = size(18)
    let fitted = canvas.fit(
      [name], .bold(size(22)), minimumSize: size(18), maxWidth: r.width - 2 * pad)
    let width = min(r.width, (canvas.textWidth(fitted.text, fitted.style) + 2 * pad).rounded())
    let pill = ScreenRect(
      x: (r.midX - width / 2).rounded(), y: r.minY, width: width, height: r.height)
    canvas.shadow(pill, radius: pill.height / 2, color: theme.shadow, offset: size(2))
    canvas.fillRoundedRect(pill, radius: pill.height / 2, theme.cardBackground)
    canvas.drawText(
      fitted.text, fitted.style, x: pill.minX + pad,
      baseline: canvas.baseline(centering: fitted.style, on: pill.midY), theme.cardText)
  }

  /// The speed, large, its unit under it (where the readout is tall enough for it); white
  /// on red while over the limit.
  func speed(_ content: SpeedContent, in r: ScreenRect) {
    let radius = size(14)
    let background = content.isWarning ? theme.gpsLost : theme.panelBackground
    let text = content.isWarning ? Color.white : theme.panelText
    canvas.shadow(r, radius: radius, color: theme.shadow, offset: size(2))
    canvas.fillRoundedRect(r, radius: radius, background)
    // Sized to the readout (64 design pixels tall where there is room); one too short for
    // a legible unit under the number shows the number alone, larger, in the middle.
    let k = r.height / 64
    let unit = TextStyle.regular((14 * k).rounded())
    let showsUnit = unit.size >= 9
    let numberSize = (showsUnit ? 34 * k : 40 * k).rounded()
    let number = canvas.fit(
      [content.value], .bold(numberSize), minimumSize: (numberSize * 0.7).rounded(),
      maxWidth: r.width - size(8))
    let numberWidth = canvas.textWidth(number.text, number.style)
    canvas.drawText(
      number.text, number.style, x: (r.midX - numberWidth / 2).rounded(),
      baseline: showsUnit
        ? r.minY + (38 * k).rounded() : canvas.baseline(centering: number.style, on: r.midY),
      text)
    guard showsUnit else { return }
    let unitWidth = canvas.textWidth(content.unit, unit)
    canvas.drawText(
      content.unit, unit, x: (r.midX - unitWidth / 2).rounded(),
      baseline: r.maxY - (8 * k).rounded(),
      content.isWarning ? Color.white : theme.panelSecondaryText)
  }

  /// The limit sign: the European roundel, or the US rectangle; its ring (or border)
  /// wider in the pulse's wide phase.
  func speedLimit(_ content: SpeedLimitContent, in r: ScreenRect) {
    switch content.style {
    case .roundel: roundel(content, in: r)
    case .rectangle: rectangleSign(content, in: r)
    }
  }

  private func roundel(_ content: SpeedLimitContent, in r: ScreenRect) {
    let center = ScreenPoint(x: r.midX, y: r.midY)
    let radius = r.width / 2
    canvas.circle(center: ScreenPoint(x: center.x, y: center.y + size(2)), radius: radius)
    canvas.fill(theme.shadow)
    canvas.circle(center: center, radius: radius)
    canvas.fill(Self.signRed)
    let ring = r.width * (content.isPulsing ? 0.17 : 0.11)
    canvas.circle(center: center, radius: radius - ring)
    canvas.fill(Self.signFace)
    let inner = 2 * (radius - ring)
    let number = canvas.fit(
      [content.value], .bold((inner * (content.value.count > 2 ? 0.42 : 0.5)).rounded()),
      minimumSize: size(12), maxWidth: inner - size(6))
    let width = canvas.textWidth(number.text, number.style)
    canvas.drawText(
      number.text, number.style, x: (center.x - width / 2).rounded(),
      baseline: canvas.baseline(centering: number.style, on: center.y), Self.signText)
  }

  private func rectangleSign(_ content: SpeedLimitContent, in r: ScreenRect) {
    let width = (r.width * 0.8).rounded()
    let sign = ScreenRect(
      x: (r.midX - width / 2).rounded(), y: r.minY, width: width, height: r.height)
    canvas.shadow(sign, radius: size(6), color: theme.shadow, offset: size(2))
    canvas.fillRoundedRect(sign, radius: size(6), Self.signFace)
    let border = content.isPulsing ? size(5) : size(2)
    canvas.roundedRect(sign.insetBy(border / 2 + size(2)), radius: size(4))
    canvas.stroke(content.isPulsing ? Self.signRed : Self.signText, width: border)
    let small = TextStyle.bold(size(9))
    for (index, line) in DriverLabels.speedLimit.split(separator: "\n").enumerated() {
      let text = String(line)
      let w = canvas.textWidth(text, small)
      canvas.drawText(
        text, small, x: (sign.midX - w / 2).rounded(),
        baseline: sign.minY + size(15) + Double(index) * size(10), Self.signText)
    }
    let number = canvas.fit(
      [content.value], .bold(size(26)), minimumSize: size(14), maxWidth: sign.width - size(10))
    let w = canvas.textWidth(number.text, number.style)
    canvas.drawText(
      number.text, number.style, x: (sign.midX - w / 2).rounded(), baseline: sign.maxY - size(8),
      Self.signText)
  }

  /// The bar at the bottom left of `r` with its label over it, on a faint panel.
  func scaleBar(_ bar: ScaleBar, in r: ScreenRect) {
    let label = TextStyle.bold(size(13))
    let pad = size(6)
    let length = min(Double(bar.pixels), r.width - 2 * pad)
    let width = max(length, canvas.textWidth(bar.label, label)) + 2 * pad
    let back = ScreenRect(x: r.minX, y: r.minY, width: min(r.width, width), height: r.height)
    canvas.fillRoundedRect(back, radius: size(6), theme.panelBackground.opacity(0.8))
    canvas.drawText(
      bar.label, label, x: back.minX + pad, baseline: back.minY + size(13), theme.panelText)
    let y = back.maxY - size(6)
    let tick = size(5)
    let x0 = back.minX + pad
    canvas.moveTo(x0, y - tick)
    canvas.lineTo(x0, y)
    canvas.lineTo(x0 + length, y)
    canvas.lineTo(x0 + length, y - tick)
    canvas.stroke(theme.panelText, width: max(2, size(2.5)), cap: CAIRO_LINE_CAP_SQUARE)
  }

  /// A round dial whose needle points north: red half to the north, with an "N" beyond
  /// its tip; `mapHeading` is the bearing pointing up on screen (0 when north-up).
  func compass(mapHeading: Double, in r: ScreenRect) {
    let center = ScreenPoint(x: r.midX, y: r.midY)
    let radius = r.width / 2
    canvas.circle(center: ScreenPoint(x: center.x, y: center.y + size(2)), radius: radius)
    canvas.fill(theme.shadow)
    canvas.circle(center: center, radius: radius)
    canvas.fill(theme.panelBackground)
    let angle = -mapHeading * .pi / 180
    // Screen vectors (y down) towards north and across it.
    let nx = sin(angle)
    let ny = -cos(angle)
    let length = radius * 0.5
    let half = radius * 0.2
    func point(_ along: Double, _ across: Double) -> (Double, Double) {
      (center.x + nx * along - ny * across, center.y + ny * along + nx * across)
    }
    let tip = point(length, 0)
    let tail = point(-length, 0)
    let left = point(0, -half)
    let right = point(0, half)
    canvas.moveTo(tip.0, tip.1)
    canvas.lineTo(left.0, left.1)
    canvas.lineTo(right.0, right.1)
    canvas.fill(Self.signRed)
    canvas.moveTo(tail.0, tail.1)
    canvas.lineTo(left.0, left.1)
    canvas.lineTo(right.0, right.1)
    canvas.fill(theme.panelSecondaryText)
    let letter = TextStyle.bold(size(11))
    let at = point(radius * 0.78, 0)
    let w = canvas.textWidth(text[.north], letter)
    canvas.drawText(
      text[.north], letter, x: (at.0 - w / 2).rounded(),
      baseline: canvas.baseline(centering: letter, on: at.1), theme.panelText)
  }
}
