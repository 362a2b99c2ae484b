import CCairo
import Canvas
import Foundation
import Navigation
import Templates

extension TemplatePainter {
  /// One line of a scrolling list: a section header or an item, with the symbol drawn at
  /// its leading edge and whether its handler runs (a spinner in place of its accessory).
  enum Row {
    case header(String)
    case item(ListItem, symbol: TemplateSymbol?, isLoading: Bool)

    /// `item` with the symbol its image names.
    static func item(_ item: ListItem, isLoading: Bool = false) -> Row {
      .item(item, symbol: item.image.map(TemplateSymbol.init(named:)), isLoading: isLoading)
    }
  }

  /// The rows a list shows now (fewer while the driving limits are on), with a spinner on
  /// the row whose handler runs, or "No items".
  func list(_ list: ListTemplate, in area: ScreenRect) {
    let body = header(title: list.title, in: area)
    var rows: [Row] = []
    for section in list.visibleSections {
      if let h = section.header { rows.append(.header(h)) }
      rows += section.items.map { .item($0, isLoading: $0.id == list.loadingItemID) }
    }
    if rows.isEmpty {
      let style = TextStyle.regular(px(24))
      let text = canvas.ellipsized(text[.noItems], style, maxWidth: body.width - 2 * margin)
      drawCentered(
        text, style, midX: body.midX, baseline: canvas.baseline(centering: style, on: body.midY),
        theme.panelSecondaryText)
      return
    }
    rowList(rows, in: body)
  }

  func rowHeight(_ row: Row) -> Double {
    switch row {
    case .header: px(38)
    case .item(let item, _, _): item.detailText == nil && item.message == nil ? px(62) : px(78)
    }
  }

  /// Draws as many whole rows as fit in `area`, scrolled so the focused one shows, with
  /// a scroll indicator when some do not.
  func rowList(_ rows: [Row], in area: ScreenRect) {
    let inner = ScreenRect(
      x: area.x + margin, y: area.y + px(8), width: area.width - 2 * margin - px(14),
      height: area.height - px(8) - margin)
    let heights = rows.map(rowHeight)
    let focusedRow = rows.firstIndex {
      if case .item(let item, _, _) = $0 { item.id == focusedID } else { false }
    }
    var first = 0
    if let f = focusedRow {
      while first < f, heights[first...f].reduce(0, +) > inner.height { first += 1 }
      // Keep a section's header with its first row when the window starts on that row.
      if first > 0, first == f, case .header = rows[first - 1],
        heights[(first - 1)...f].reduce(0, +) <= inner.height
      {
        first -= 1
      }
    }
    var y = inner.minY
    var shown = 0
    var ring: ScreenRect?
    for i in first..<rows.count {
      let h = heights[i]
      if y + h > inner.maxY + 0.5 { break }
      let r = ScreenRect(x: inner.x, y: y, width: inner.width, height: h)
      switch rows[i] {
      case .header(let text):
        let style = TextStyle.bold(px(20))
        canvas.drawText(
          canvas.ellipsized(text.uppercased(), style, maxWidth: r.width - px(16)), style,
          x: r.x + px(8), baseline: r.maxY - px(10), theme.panelSecondaryText)
      case .item(let item, let symbol, let isLoading):
        let separator = i + 1 < rows.count && isItem(rows[i + 1])
        if listItem(item, symbol: symbol, isLoading: isLoading, in: r, separator: separator) {
          ring = r
        }
      }
      y += h
      shown += 1
    }
    scrollIndicator(
      in: ScreenRect(x: inner.maxX + px(6), y: inner.minY, width: px(6), height: inner.height),
      first: first, shown: shown, total: rows.count)
    if let ring { focusRing(ring.insetBy(px(2)), radius: px(10)) }
  }

  private func isItem(_ row: Row) -> Bool {
    if case .item = row { true } else { false }
  }

  /// Draws one list row; returns whether it has the focus (its ring is drawn later, over
  /// the rows around it).
  func listItem(
    _ item: ListItem, symbol: TemplateSymbol?, isLoading: Bool, in r: ScreenRect, separator: Bool
  ) -> Bool {
    if let message = item.message {
      return messageItem(item, message, in: r, separator: separator)
    }
    // Disabled rows are skipped by the knob, so they are not targets.
    let focused = item.isEnabled && focusable(item.id, r.insetBy(px(2)))
    fill(r, theme.templateSurface)
    if focused { fill(r, theme.focusFill) }
    let pad = px(16)
    var x = r.x + pad
    let textColor = item.isEnabled ? theme.panelText : theme.panelSecondaryText
    if let symbol {
      let side = px(36)
      symbol.draw(
        in: canvas, rect: ScreenRect(x: x, y: r.midY - side / 2, width: side, height: side),
        color: item.isEnabled ? theme.highlight : theme.panelSecondaryText,
        accent: theme.templateSurface)
      x += side + px(16)
    }
    var right = r.maxX - pad
    let side = px(28)
    let box = ScreenRect(x: right - side, y: r.midY - side / 2, width: side, height: side)
    switch isLoading ? nil : item.accessory {
    case .none?: break
    case .disclosureIndicator?:
      canvas.moveTo(box.midX - side * 0.18, box.midY - side * 0.36)
      canvas.lineTo(box.midX + side * 0.18, box.midY)
      canvas.lineTo(box.midX - side * 0.18, box.midY + side * 0.36)
      canvas.stroke(theme.panelSecondaryText, width: px(3.5))
      right = box.minX - px(10)
    case .checkmark?:
      canvas.moveTo(box.minX + side * 0.1, box.midY)
      canvas.lineTo(box.minX + side * 0.4, box.midY + side * 0.3)
      canvas.lineTo(box.maxX - side * 0.05, box.midY - side * 0.32)
      canvas.stroke(theme.highlight, width: px(4))
      right = box.minX - px(10)
    case .cloud?:
      let c = ScreenPoint(x: box.midX, y: box.midY + side * 0.08)
      canvas.circle(
        center: ScreenPoint(x: c.x - side * 0.2, y: c.y + side * 0.04), radius: side * 0.2)
      canvas.circle(
        center: ScreenPoint(x: c.x + side * 0.04, y: c.y - side * 0.1), radius: side * 0.26)
      canvas.circle(
        center: ScreenPoint(x: c.x + side * 0.26, y: c.y + side * 0.06), radius: side * 0.18)
      canvas.fill(theme.panelSecondaryText)
      canvas.fillRoundedRect(
        ScreenRect(x: c.x - side * 0.4, y: c.y, width: side * 0.84, height: side * 0.24),
        radius: side * 0.12, theme.panelSecondaryText)
      right = box.minX - px(10)
    case nil:
      spinner(center: ScreenPoint(x: box.midX, y: box.midY), radius: side / 2, theme.panelText)
      right = box.minX - px(10)
    }
    let width = right - x
    let title = canvas.fit([item.text], .regular(px(26)), minimumSize: px(24), maxWidth: width)
    if let detail = item.detailText {
      canvas.drawText(title.text, title.style, x: x, baseline: r.y + px(34), textColor)
      let style = TextStyle.regular(px(20))
      canvas.drawText(
        canvas.ellipsized(detail, style, maxWidth: width), style, x: x, baseline: r.y + px(62),
        theme.panelSecondaryText)
    } else {
      canvas.drawText(
        title.text, title.style, x: x,
        baseline: canvas.baseline(centering: title.style, on: r.midY),
        textColor)
    }
    if separator {
      fill(
        ScreenRect(x: x, y: r.maxY - 1, width: r.maxX - x, height: 1), theme.templateSeparator)
    }
    return focused
  }
}
