import CCairo
import Canvas
import Foundation
import Navigation
import Templates

/// Draws the floating parts of the navigation screen (cards, estimates, status chip,
/// buttons) into a canvas, each inside the rectangle it is given.
struct OverlayPainter {
  let canvas: CairoCanvas
  let theme: Theme
  let scale: Double
  /// The smallest sizes drawn, whatever the scale.
  var minimums = DisplayClass.standard.minimums
  /// The words of the labels.
  var text = ScreenText()

  func px(_ v: Double) -> Double { (v * scale).rounded() }
  /// `v` design pixels of type at this scale, never under 12 px (a label).
  func type(_ v: Double) -> Double { max(min(v, 12), px(v)) }
  private var symbolSide: Double { max(minimums.symbol, px(96)) }
  private var radius: Double { px(14) }

  private func panel(_ r: ScreenRect, _ color: Color) {
    canvas.shadow(r, radius: radius, color: theme.shadow, offset: px(2))
    canvas.fillRoundedRect(r, radius: radius, color)
  }

  // MARK: - Guidance card

  func guidanceCard(_ content: ManeuverContent, in r: ScreenRect) {
    panel(r, theme.cardBackground)
    let pad = px(16)
    ManeuverSymbol(type: content.type, drivingSide: content.drivingSide).draw(
      in: canvas,
      rect: ScreenRect(x: r.x + pad, y: r.y + pad, width: symbolSide, height: symbolSide),
      color: theme.symbol, dimmed: theme.symbolDimmed)
    let textX = r.x + pad + symbolSide + px(14)
    let textWidth = r.maxX - pad - textX
    let distance = canvas.fit(
      [content.distance], .bold(max(minimums.distance, px(48))),
      minimumSize: max(minimums.distance, px(44)), maxWidth: textWidth)
    canvas.drawText(
      distance.text, distance.style, x: textX, baseline: r.y + pad + px(42), theme.cardText)
    // The instruction wraps to a second line where the card has room for one above its
    // bottom line (the road or signpost), then shrinks, then is cut with "…".
    let instructionBaseline = r.y + pad + px(82)
    let hasBottomLine = content.showsSignpost || !content.road.isEmpty
    let bottomTop = hasBottomLine ? r.maxY - pad - px(4) - px(30) * 0.76 : r.maxY - pad
    let room = bottomTop - px(4) - (instructionBaseline + px(24) * 0.24)
    var instruction = canvas.fitLines(
      content.instructionVariants, .regular(px(24)), minimumSize: px(20), maxWidth: textWidth,
      maxLines: room >= px(24) * 1.17 ? 2 : 1)
    if instruction.isEllipsized, room >= px(20) * 1.17 {
      // Two lines of the smallest size fit where two of the largest do not.
      instruction = canvas.fitLines(
        content.instructionVariants, .regular(px(20)), minimumSize: px(20),
        maxWidth: textWidth, maxLines: 2)
    }
    canvas.draw(instruction, x: textX, baseline: instructionBaseline, theme.cardSecondaryText)
    if content.showsSignpost {
      signpost(content, x: r.x + pad, maxX: r.maxX - pad, baseline: r.maxY - pad - px(4))
    } else if !content.road.isEmpty {
      let road = canvas.fit(
        [content.road], .bold(max(minimums.road, px(30))),
        minimumSize: max(minimums.road, px(28)), maxWidth: r.width - 2 * pad)
      canvas.drawText(
        road.text, road.style, x: r.x + pad, baseline: r.maxY - pad - px(4), theme.cardText)
    }
  }

  /// The card's bottom line for a signposted exit: the exit number in a badge the colours
  /// of the card inverted (as exit signs stand out from direction signs), then where it
  /// leads, the longest variant that fits, else the road.
  private func signpost(_ content: ManeuverContent, x: Double, maxX: Double, baseline: Double) {
    var textX = x
    let style = TextStyle.bold(px(30))
    if let exit = content.exitNumber {
      let label = canvas.fit([exit], .bold(px(26)), minimumSize: px(20), maxWidth: px(120))
      let inset = px(8)
      let badge = ScreenRect(
        x: x, y: baseline - px(30), width: canvas.textWidth(label.text, label.style) + 2 * inset,
        height: px(38))
      canvas.fillRoundedRect(badge, radius: px(6), theme.symbol)
      canvas.drawText(
        label.text, label.style, x: badge.x + inset,
        baseline: canvas.baseline(centering: label.style, on: badge.midY), theme.cardBackground)
      textX = badge.maxX + px(10)
    }
    let candidates = content.towardsVariants.isEmpty ? [content.road] : content.towardsVariants
    guard maxX > textX, candidates.contains(where: { !$0.isEmpty }) else { return }
    let text = canvas.fit(
      candidates, style, minimumSize: max(minimums.road, px(24)), maxWidth: maxX - textX)
    canvas.drawText(text.text, text.style, x: textX, baseline: baseline, theme.cardText)
  }

  func banner(_ banner: Banner, in r: ScreenRect) {
    let arrived: Bool
    if case .arrived = banner { arrived = true } else { arrived = false }
    panel(r, arrived ? theme.arrivalBackground : theme.warningBackground)
    let pad = px(16)
    let symbolRect = ScreenRect(x: r.x + pad, y: r.y + pad, width: symbolSide, height: symbolSide)
    BannerSymbol(banner: banner).draw(in: canvas, rect: symbolRect, color: theme.symbol)
    let textX = symbolRect.maxX + px(14)
    let textWidth = r.maxX - pad - textX
    // Some languages' headlines are long ("Перестроение…"): a shorter variant, then
    // condensed and smaller type, before a cut.
    let title = canvas.fit(
      banner.titleVariants(text), .bold(px(34)), minimumSize: type(24), maxWidth: textWidth)
    canvas.drawText(title.text, title.style, x: textX, baseline: r.y + pad + px(40), theme.cardText)
    let detail = canvas.fit(
      banner.detailVariants(text), .regular(px(22)), minimumSize: type(16), maxWidth: textWidth)
    canvas.drawText(
      detail.text, detail.style, x: textX, baseline: r.y + pad + px(76), theme.cardSecondaryText)
    if let road = banner.road {
      let fitted = canvas.fit(
        [road], .bold(max(minimums.road, px(30))), minimumSize: max(minimums.road, px(28)),
        maxWidth: r.width - 2 * pad)
      canvas.drawText(
        fitted.text, fitted.style, x: r.x + pad, baseline: r.maxY - pad - px(4), theme.cardText)
    }
  }

  // MARK: - Under the card

  func thenCard(_ content: ManeuverContent, in r: ScreenRect) {
    panel(r, theme.cardBackground)
    let pad = px(14)
    let label = TextStyle.regular(px(22))
    let baseline = canvas.baseline(centering: label, on: r.midY)
    canvas.drawText(text[.then], label, x: r.x + pad, baseline: baseline, theme.cardSecondaryText)
    let symbolSide = r.height - px(12)
    let symbolX = r.x + pad + canvas.textWidth(text[.then], label) + px(10)
    ManeuverSymbol(type: content.type, drivingSide: content.drivingSide).draw(
      in: canvas,
      rect: ScreenRect(
        x: symbolX, y: r.midY - symbolSide / 2, width: symbolSide, height: symbolSide),
      color: theme.symbol, dimmed: theme.symbolDimmed)
    let textX = symbolX + symbolSide + px(10)
    // The road, else (too long even condensed at the smallest size) the shortest
    // instruction: the symbol beside it shows the turn either way.
    let candidates =
      content.road.isEmpty
      ? content.instructionVariants
      : [content.road] + content.instructionVariants.suffix(1)
    let text = canvas.fit(
      candidates, .bold(px(24)), minimumSize: px(18), maxWidth: r.maxX - pad - textX)
    canvas.drawText(
      text.text, text.style, x: textX, baseline: canvas.baseline(centering: text.style, on: r.midY),
      theme.cardText)
  }

  func lanes(_ lanes: [LaneContent], in r: ScreenRect) {
    panel(r, theme.cardBackground)
    guard !lanes.isEmpty else { return }
    let pad = px(8)
    let cell = min(px(48), (r.width - 2 * pad) / Double(lanes.count))
    let total = cell * Double(lanes.count)
    var x = (r.midX - total / 2).rounded()
    for (i, lane) in lanes.enumerated() {
      if i > 0 {
        canvas.moveTo(x, r.y + px(10))
        canvas.lineTo(x, r.maxY - px(10))
        canvas.stroke(theme.symbolDimmed, width: max(1, px(1.5)), cap: CAIRO_LINE_CAP_BUTT)
      }
      let color =
        lane.isRecommended
        ? theme.symbol : lane.isValid ? theme.symbol.opacity(0.75) : theme.symbolDimmed
      let side = min(cell, r.height) - px(4)
      LaneSymbol(lane: lane).draw(
        in: canvas,
        rect: ScreenRect(x: x + (cell - side) / 2, y: r.midY - side / 2, width: side, height: side),
        color: color)
      x += cell
    }
  }

  // MARK: - Estimates and status

  /// Arrival, time left and distance left; on a panel too narrow for all three at their
  /// smallest (a small screen's), arrival and time left.
  func estimates(_ trip: TripContent, in r: ScreenRect) {
    panel(r, theme.panelBackground)
    let pad = px(14)
    let gap = px(16)
    var big = TextStyle.bold(px(36))
    var medium = TextStyle.bold(px(28))
    var label = TextStyle.regular(type(15))
    // Each column is as wide as its figure or its label ("прибытие" is wider than "08:04").
    func columns() -> [Double] {
      [
        max(canvas.textWidth(trip.arrival, big), canvas.textWidth(text[.arrival], label) + px(1)),
        max(
          canvas.textWidth(trip.timeRemaining, medium), canvas.textWidth(text[.remaining], label)),
        canvas.textWidth(trip.distanceRemaining, medium),
      ]
    }
    func fits(_ count: Int) -> Bool {
      columns().prefix(count).reduce(0, +) + Double(count - 1) * gap <= r.width - 2 * pad
    }
    // Shrink the figures (never below 24 px at 800×480) until all three fit the panel;
    // then (a 12-hour arrival time, "4:04 AM") set them condensed; then, on a small
    // screen, leave the distance out.
    while big.size > px(26), !fits(3) {
      big.size -= 2
      medium.size = max(px(24), medium.size - 2)
    }
    if !fits(3) {
      big.weight = big.weight.condensedForm
      medium.weight = medium.weight.condensedForm
    }
    let showsDistance = fits(3)
    // The labels under the two figures left shrink to their columns' width at the least.
    while !showsDistance, !fits(2), label.size > 9 { label.size -= 1 }
    let widths = columns()
    let baseline = r.y + pad + px(32)
    let labelBaseline = r.maxY - pad + px(2)
    var x = r.x + pad
    canvas.drawText(trip.arrival, big, x: x, baseline: baseline, theme.panelText)
    canvas.drawText(
      text[.arrival], label, x: x + px(1), baseline: labelBaseline, theme.panelSecondaryText)
    x += widths[0] + gap
    canvas.drawText(trip.timeRemaining, medium, x: x, baseline: baseline, theme.accent)
    canvas.drawText(
      text[.remaining], label, x: x, baseline: labelBaseline, theme.panelSecondaryText)
    guard showsDistance else { return }
    x += widths[1] + gap
    canvas.drawText(trip.distanceRemaining, medium, x: x, baseline: baseline, theme.panelText)
  }

  func status(_ status: StatusContent, in r: ScreenRect) {
    panel(r, theme.panelBackground)
    let pad = px(12)
    let style = TextStyle.regular(type(20))
    let clock = TextStyle.bold(type(20))
    let baseline = canvas.baseline(centering: style, on: r.midY)
    var x = r.x + pad
    let dot = ScreenPoint(x: x + px(6), y: r.midY)
    switch status.gps {
    case .good:
      canvas.circle(center: dot, radius: px(6))
      canvas.fill(theme.gpsGood)
    case .estimated:
      canvas.circle(center: dot, radius: px(5))
      canvas.stroke(theme.gpsEstimated, width: px(3))
    case .lost:
      canvas.moveTo(dot.x - px(5), dot.y - px(5))
      canvas.lineTo(dot.x + px(5), dot.y + px(5))
      canvas.moveTo(dot.x + px(5), dot.y - px(5))
      canvas.lineTo(dot.x - px(5), dot.y + px(5))
      canvas.stroke(theme.gpsLost, width: px(3))
    }
    x += px(18)
    let clockWidth = canvas.textWidth(status.clock, clock)
    let clockX = r.maxX - pad - clockWidth
    let side = px(22)
    let mutedX = clockX - px(8) - side
    // A small screen's chip has room for the dot and the clock only: the mute button
    // shows the muting there.
    let showsMuted = status.isMuted && mutedX >= x
    let labelRight = showsMuted ? mutedX : clockX
    if x + canvas.textWidth(text[.gps], style) <= labelRight {
      canvas.drawText(text[.gps], style, x: x, baseline: baseline, theme.panelText)
    }
    canvas.drawText(status.clock, clock, x: clockX, baseline: baseline, theme.panelText)
    if showsMuted {
      ButtonSymbol(symbol: .speakerMuted).draw(
        in: canvas,
        rect: ScreenRect(
          x: mutedX, y: r.midY - side / 2, width: side,
          height: side),
        color: theme.panelText, accent: theme.gpsLost)
    }
  }

  // MARK: - Buttons

  func mapButton(_ button: MapButton, focused: Bool, in r: ScreenRect) {
    let center = ScreenPoint(x: r.midX, y: r.midY)
    canvas.circle(center: ScreenPoint(x: center.x, y: center.y + px(2)), radius: r.width / 2)
    canvas.fill(theme.shadow)
    canvas.circle(center: center, radius: r.width / 2)
    canvas.fill(theme.panelBackground)
    let side = r.width * 0.5
    let color = button.isEnabled ? theme.panelText : theme.panelSecondaryText
    ButtonSymbol(symbol: button.symbol).draw(
      in: canvas,
      rect: ScreenRect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side),
      color: color, accent: theme.gpsLost)
    if focused {
      canvas.circle(center: center, radius: r.width / 2 + px(1))
      canvas.stroke(theme.focusRing, width: px(4))
    }
  }

  func barButton(_ button: BarButton, focused: Bool, in r: ScreenRect) {
    canvas.shadow(r, radius: r.height / 2, color: theme.shadow, offset: px(2))
    canvas.fillRoundedRect(r, radius: r.height / 2, theme.panelBackground)
    // A long word (some languages' "Route") is set condensed or smaller before it is cut.
    let (title, style) = canvas.fit(
      [button.title], .bold(type(18)), minimumSize: 12, maxWidth: r.width - px(12))
    let width = canvas.textWidth(title, style)
    canvas.drawText(
      title, style, x: (r.midX - width / 2).rounded(),
      baseline: canvas.baseline(centering: style, on: r.midY),
      button.isEnabled ? theme.panelText : theme.panelSecondaryText)
    if focused {
      canvas.roundedRect(r.insetBy(-px(1)), radius: r.height / 2 + px(1))
      canvas.stroke(theme.focusRing, width: px(4))
    }
  }

  /// The band behind the card on portrait screens.
  func header(_ r: ScreenRect) {
    canvas.setColor(theme.headerBackground)
    cairo_rectangle(canvas.cr, r.x, r.y, r.width, r.height)
    cairo_fill(canvas.cr)
  }
}
