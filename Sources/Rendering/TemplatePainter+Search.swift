import CCairo
import Canvas
import Foundation
import Navigation
import Templates

extension TemplatePainter {
  /// The query field in the title row, the results under it and the speller strip along
  /// the bottom (a message in its place while the driving limits turn it off).
  func search(_ search: SearchTemplate, in area: ScreenRect) {
    fill(
      ScreenRect(x: area.x, y: area.y + layout.headerHeight - 1, width: area.width, height: 1),
      theme.templateSeparator)
    // The back button first, then the field in the rest of the title row.
    let titleRow = ScreenRect(
      x: area.x, y: area.y, width: area.width, height: layout.headerHeight)
    var fieldLeft = titleRow.x + margin
    if backTitle != nil {
      // Draw the header for its back button only; the field covers its empty title.
      _ = header(title: "", in: area)
      let back = targets.last { $0.id == InterfaceController.backElementID }
      fieldLeft = (back?.rect.maxX ?? fieldLeft) + px(12)
    }
    let field = ScreenRect(
      x: fieldLeft, y: titleRow.y + px(8), width: titleRow.maxX - margin - fieldLeft,
      height: titleRow.height - px(16))
    let query = search.speller.text.uppercased()
    queryField(query, in: field)

    let stripHeight = px(88)
    let strip = ScreenRect(
      x: area.x, y: area.maxY - stripHeight, width: area.width, height: stripHeight)
    speller(search.speller.keys, disabledMessage: search.disabledMessage, in: strip)

    let results = ScreenRect(
      x: area.x, y: titleRow.maxY, width: area.width, height: strip.minY - titleRow.maxY)
    let rows = search.results
    if rows.isEmpty {
      let style = TextStyle.regular(px(22))
      let text = query.isEmpty ? self.text[.spellHint] : self.text[.noResults]
      drawCentered(
        text, style, midX: results.midX,
        baseline: canvas.baseline(centering: style, on: results.midY), theme.panelSecondaryText)
    } else {
      rowList(rows.map { .item($0) }, in: results)
    }
  }

  /// The search field: `query` (its end in view) with a caret, or a placeholder.
  private func queryField(_ query: String, in r: ScreenRect) {
    canvas.fillRoundedRect(r, radius: r.height / 2, theme.templateSurface)
    let side = px(26)
    TemplateSymbol.search.draw(
      in: canvas,
      rect: ScreenRect(x: r.x + px(14), y: r.midY - side / 2, width: side, height: side),
      color: theme.panelSecondaryText, accent: theme.templateSurface)
    let x = r.x + px(14) + side + px(12)
    let right = r.maxX - px(18)
    if query.isEmpty {
      let style = TextStyle.regular(px(26))
      canvas.drawText(
        canvas.ellipsized(text[.search], style, maxWidth: right - x), style, x: x,
        baseline: canvas.baseline(centering: style, on: r.midY), theme.panelSecondaryText)
    } else {
      // Keep the end of a long query, where the next letter goes, in view.
      let style = TextStyle.bold(px(28))
      var text = query
      while text.count > 1, canvas.textWidth("…" + text, style) > right - x - px(8) {
        text.removeFirst()
      }
      if text != query { text = "…" + text }
      canvas.drawText(
        text, style, x: x, baseline: canvas.baseline(centering: style, on: r.midY),
        theme.panelText)
      let caret = x + canvas.textWidth(text, style) + px(3)
      fill(
        ScreenRect(x: caret, y: r.midY - px(15), width: px(3), height: px(30)), theme.highlight)
    }
  }

  /// The keys on a strip centred on the one the knob points at, which is drawn large on
  /// a highlight disc (the first key while the focus is on none); the others fade
  /// towards the ends. Every key shown is focusable.
  private func speller(
    _ keys: [RotarySpeller.Key], disabledMessage: String?, in strip: ScreenRect
  ) {
    fill(strip, theme.templateSurface)
    fill(
      ScreenRect(x: strip.x, y: strip.y, width: strip.width, height: 1), theme.templateSeparator)
    if let message = disabledMessage {
      let style = canvas.fit(
        [message], .regular(px(24)), minimumSize: px(20), maxWidth: strip.width - 2 * margin)
      drawCentered(
        style.text, style.style, midX: strip.midX,
        baseline: canvas.baseline(centering: style.style, on: strip.midY),
        theme.panelSecondaryText)
      return
    }
    guard !keys.isEmpty else { return }
    let index = keys.firstIndex { $0.elementID == focusedID } ?? 0
    // Keys stay 40 px touch targets on small screens.
    let cell = max(px(54), 46)
    let center = ScreenPoint(x: strip.midX.rounded(), y: strip.midY.rounded())
    let focusSide = px(76)
    let half = Int(((strip.width / 2 - focusSide / 2 - px(8)) / cell).rounded(.down))
    let small = TextStyle.bold(px(28))
    // The keys are a ring: past the last comes the first again, when there are enough
    // keys to fill the strip without showing one twice.
    let wraps = keys.count > 2 * half + 1
    for offset in -half...half where offset != 0 {
      var i = index + offset
      if wraps { i = (i % keys.count + keys.count) % keys.count }
      guard keys.indices.contains(i) else { continue }
      let x = center.x + Double(offset) * cell + (offset > 0 ? 1 : -1) * (focusSide - cell) / 2
      focusable(
        keys[i].elementID,
        ScreenRect(
          x: x - cell / 2 + px(3), y: center.y - cell / 2, width: cell - px(6), height: cell))
      let fade = 1 - 0.65 * Double(abs(offset)) / Double(max(1, half))
      key(
        keys[i], style: small, center: ScreenPoint(x: x, y: center.y),
        color: theme.panelText.opacity(fade))
    }
    let r = ScreenRect(
      x: center.x - focusSide / 2, y: center.y - focusSide / 2, width: focusSide,
      height: focusSide)
    let focused = focusable(keys[index].elementID, r)
    canvas.circle(center: center, radius: focusSide / 2)
    canvas.fill(theme.highlight)
    key(keys[index], style: .bold(px(40)), center: center, color: theme.highlightText)
    if focused {
      canvas.circle(center: center, radius: focusSide / 2 + px(1))
      canvas.stroke(theme.focusRing, width: px(4))
    }
  }

  private func key(
    _ key: RotarySpeller.Key, style: TextStyle, center: ScreenPoint, color: Color
  ) {
    let s = style.size
    switch key {
    case .space:
      canvas.moveTo(center.x - s * 0.4, center.y - s * 0.05)
      canvas.lineTo(center.x - s * 0.4, center.y + s * 0.2)
      canvas.lineTo(center.x + s * 0.4, center.y + s * 0.2)
      canvas.lineTo(center.x + s * 0.4, center.y - s * 0.05)
      canvas.stroke(color, width: max(2, s * 0.09))
    case .delete:
      let h = s * 0.32
      canvas.moveTo(center.x - s * 0.5, center.y)
      canvas.lineTo(center.x - s * 0.22, center.y - h)
      canvas.lineTo(center.x + s * 0.45, center.y - h)
      canvas.lineTo(center.x + s * 0.45, center.y + h)
      canvas.lineTo(center.x - s * 0.22, center.y + h)
      cairo_close_path(cr)
      canvas.stroke(color, width: max(2, s * 0.08))
      canvas.moveTo(center.x - s * 0.05, center.y - h * 0.5)
      canvas.lineTo(center.x + s * 0.25, center.y + h * 0.5)
      canvas.moveTo(center.x + s * 0.25, center.y - h * 0.5)
      canvas.lineTo(center.x - s * 0.05, center.y + h * 0.5)
      canvas.stroke(color, width: max(2, s * 0.08))
    case .letter(let c):
      drawCentered(
        String(c).uppercased(), style, midX: center.x,
        baseline: canvas.baseline(centering: style, on: center.y), color)
    }
  }
}
