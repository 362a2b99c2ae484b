import CCairo
import Canvas
import Foundation
import Navigation
import Templates

/// Draws template screens into a canvas and records where each focusable element went.
///
/// One painter draws one frame; its `targets` are that frame's focusable rectangles, in
/// drawing order. Not thread-safe (it draws with one cairo context).
final class TemplatePainter {
  let canvas: CairoCanvas
  let theme: Theme
  let layout: TemplateLayout
  let focusedID: String?
  /// The back button's title in every header; nil draws none.
  let backTitle: String?
  /// The words the painter adds itself.
  let text: ScreenText
  private(set) var targets: [FocusTarget] = []

  init(
    canvas: CairoCanvas, theme: Theme, layout: TemplateLayout, focusedID: String?,
    backTitle: String? = nil, text: ScreenText = ScreenText()
  ) {
    self.text = text
    self.canvas = canvas
    self.theme = theme
    self.layout = layout
    self.focusedID = focusedID
    self.backTitle = backTitle
  }

  func px(_ v: Double) -> Double { layout.px(v) }
  var margin: Double { layout.margin }
  var cr: OpaquePointer { canvas.cr }

  // MARK: - Focus

  /// Records `rect` as focusable under `id` and says whether the knob is on it.
  @discardableResult
  func focusable(_ id: String, _ rect: ScreenRect) -> Bool {
    targets.append(FocusTarget(id: id, rect: rect))
    return id == focusedID
  }

  /// Records targets drawn by someone else (the navigation renderer's buttons).
  func addTargets(_ more: [FocusTarget]) { targets += more }

  /// Forgets the targets so far (a modal takes the knob from the screen under it).
  func dropTargets() { targets.removeAll() }

  /// The knob's ring around `r`, as the map buttons draw it: just outside, 4 px wide.
  func focusRing(_ r: ScreenRect, radius: Double) {
    canvas.roundedRect(r.insetBy(-px(1)), radius: radius + px(1))
    canvas.stroke(theme.focusRing, width: px(4))
  }

  // MARK: - Areas

  func fill(_ r: ScreenRect, _ color: Color) {
    canvas.setColor(color)
    cairo_rectangle(cr, r.x, r.y, r.width, r.height)
    cairo_fill(cr)
  }

  func panel(_ r: ScreenRect, radius: Double, _ color: Color) {
    canvas.shadow(r, radius: radius, color: theme.shadow, offset: px(2))
    canvas.fillRoundedRect(r, radius: radius, color)
  }

  /// The title row of a pushed screen: a back button when there is somewhere to go back
  /// to, the title beside it. Returns what is left of `area` under it.
  func header(title: String, in area: ScreenRect) -> ScreenRect {
    let h = layout.headerHeight
    let band = ScreenRect(x: area.x, y: area.y, width: area.width, height: h)
    var x = band.x + margin
    if let backTitle {
      let style = TextStyle.bold(px(20))
      let chevron = px(14)
      let text = canvas.ellipsized(backTitle, style, maxWidth: px(150))
      let width = chevron + px(10) + canvas.textWidth(text, style) + px(32)
      let r = ScreenRect(
        x: x, y: band.y + px(8), width: width.rounded(), height: h - px(16))
      let focused = focusable(InterfaceController.backElementID, r)
      canvas.fillRoundedRect(r, radius: r.height / 2, theme.templateControl)
      let cx = r.x + px(16)
      canvas.moveTo(cx + chevron * 0.55, r.midY - chevron * 0.6)
      canvas.lineTo(cx, r.midY)
      canvas.lineTo(cx + chevron * 0.55, r.midY + chevron * 0.6)
      canvas.stroke(theme.panelText, width: px(3))
      canvas.drawText(
        text, style, x: cx + chevron + px(4),
        baseline: canvas.baseline(centering: style, on: r.midY), theme.panelText)
      if focused { focusRing(r, radius: r.height / 2) }
      x = r.maxX + px(16)
    }
    let style = canvas.fit(
      [title], .bold(px(28)), minimumSize: px(24), maxWidth: band.maxX - margin - x)
    canvas.drawText(
      style.text, style.style, x: x,
      baseline: canvas.baseline(centering: style.style, on: band.midY),
      theme.panelText)
    fill(
      ScreenRect(x: band.x, y: band.maxY - 1, width: band.width, height: 1),
      theme.templateSeparator)
    return ScreenRect(x: area.x, y: band.maxY, width: area.width, height: area.height - h)
  }

  // MARK: - Buttons

  /// A rounded text button for `action`; focusable under the action's id.
  func actionButton(_ action: TemplateAction, in r: ScreenRect, on background: Color? = nil) {
    let focused = focusable(action.id, r)
    let radius = px(12)
    let fillColor: Color
    var textColor = theme.panelText
    var style = TextStyle.bold(px(24))
    switch action.style {
    case .primary:
      fillColor = theme.highlight
      textColor = theme.highlightText
    case .destructive:
      fillColor = theme.templateControl
      textColor = theme.destructive
    case .cancel:
      fillColor = theme.templateControl
      style = .regular(px(24))
    case .normal:
      fillColor = theme.templateControl
    }
    canvas.fillRoundedRect(r, radius: radius, fillColor)
    let fitted = canvas.fit([action.title], style, minimumSize: px(20), maxWidth: r.width - px(20))
    let w = canvas.textWidth(fitted.text, fitted.style)
    canvas.drawText(
      fitted.text, fitted.style, x: (r.midX - w / 2).rounded(),
      baseline: canvas.baseline(centering: fitted.style, on: r.midY), textColor)
    if focused { focusRing(r, radius: radius) }
  }

  // MARK: - Text

  /// `text` broken at spaces into at most `maxLines` lines of `maxWidth`, the last one
  /// shortened with "…" when the text does not fit.
  func wrap(_ text: String, _ style: TextStyle, maxWidth: Double, maxLines: Int) -> [String] {
    var lines: [String] = []
    var words = CairoCanvas.capped(text).split(separator: " ").map(String.init)
    while !words.isEmpty, lines.count < maxLines {
      if lines.count == maxLines - 1 {
        lines.append(canvas.ellipsized(words.joined(separator: " "), style, maxWidth: maxWidth))
        break
      }
      var line = words.removeFirst()
      while let next = words.first, canvas.textWidth(line + " " + next, style) <= maxWidth {
        line += " " + next
        words.removeFirst()
      }
      lines.append(canvas.ellipsized(line, style, maxWidth: maxWidth))
    }
    return lines
  }

  /// Draws `text` centred on `midX`.
  func drawCentered(
    _ text: String, _ style: TextStyle, midX: Double, baseline: Double, _ color: Color
  ) {
    let w = canvas.textWidth(text, style)
    canvas.drawText(text, style, x: (midX - w / 2).rounded(), baseline: baseline, color)
  }

  /// A round badge with `text` (a count, a pin number).
  func badge(_ text: String, center: ScreenPoint, radius: Double, fill: Color, color: Color) {
    canvas.circle(center: center, radius: radius)
    canvas.fill(fill)
    let style = TextStyle.bold((radius * (text.count > 1 ? 0.95 : 1.15)).rounded())
    drawCentered(
      text, style, midX: center.x, baseline: canvas.baseline(centering: style, on: center.y), color)
  }

  /// A busy spinner: twelve spokes fading round the circle.
  func spinner(center: ScreenPoint, radius: Double, _ color: Color) {
    for i in 0..<12 {
      let a = Double(i) * .pi / 6 - .pi / 2
      canvas.moveTo(center.x + cos(a) * radius * 0.5, center.y + sin(a) * radius * 0.5)
      canvas.lineTo(center.x + cos(a) * radius, center.y + sin(a) * radius)
      canvas.stroke(color.opacity(0.2 + 0.8 * Double(i) / 11), width: max(2, radius * 0.2))
    }
  }

  /// A vertical scroll indicator at the right of `track` for `first..<first+shown` of `total`.
  func scrollIndicator(in track: ScreenRect, first: Int, shown: Int, total: Int) {
    guard total > shown, total > 0 else { return }
    canvas.fillRoundedRect(track, radius: track.width / 2, theme.templateSeparator)
    let h = max(track.width * 3, track.height * Double(shown) / Double(total))
    let y = track.minY + (track.height - h) * Double(first) / Double(max(1, total - shown))
    canvas.fillRoundedRect(
      ScreenRect(x: track.x, y: y, width: track.width, height: h), radius: track.width / 2,
      theme.panelSecondaryText)
  }
}
