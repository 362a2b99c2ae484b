import Canvas
import Templates

extension TemplatePainter {
  /// Label/value pairs in one column (two on landscape screens when there are more than
  /// five), the actions in a row along the bottom.
  func information(_ screen: InformationTemplate, in area: ScreenRect) {
    let body = header(title: screen.title, in: area)
    let buttonHeight = px(60)
    let actionsTop = body.maxY - margin - buttonHeight
    let slots = buttonRow(
      screen.actions.count, in: body, top: actionsTop, height: buttonHeight, widest: px(260),
      gap: px(12))
    for (action, slot) in zip(screen.actions, slots) { actionButton(action, in: slot) }
    let items = screen.items
    guard !items.isEmpty else { return }
    let columns = !layout.isPortrait && items.count > 5 ? 2 : 1
    let perColumn = (items.count + columns - 1) / columns
    let bottom = screen.actions.isEmpty ? body.maxY - margin : actionsTop - px(8)
    let top = body.minY + px(6)
    let rowHeight = min(px(68), ((bottom - top) / Double(perColumn)).rounded(.down))
    let gap = px(24)
    let columnWidth = ((body.width - 2 * margin - gap * Double(columns - 1)) / Double(columns))
      .rounded(.down)
    let labelStyle = TextStyle.regular(px(18))
    for (i, item) in items.enumerated() {
      let column = i / perColumn
      let row = i % perColumn
      let x = body.x + margin + Double(column) * (columnWidth + gap) + px(8)
      let y = top + Double(row) * rowHeight
      let width = columnWidth - px(16)
      // The label on its own small line, the value large under it.
      let labelBaseline = y + (rowHeight - px(52)) / 2 + px(18)
      canvas.drawText(
        canvas.ellipsized(item.title, labelStyle, maxWidth: width), labelStyle, x: x,
        baseline: labelBaseline.rounded(), theme.panelSecondaryText)
      let value = canvas.fit([item.detail], .bold(px(26)), minimumSize: px(24), maxWidth: width)
      canvas.drawText(
        value.text, value.style, x: x, baseline: (labelBaseline + px(30)).rounded(),
        theme.panelText)
    }
  }
}

extension TemplatePainter {
  /// Slots for `count` buttons side by side, centred in `body` within its margins, each at
  /// most `widest` wide and `gap` apart, from `top` and `height` high; none for none.
  func buttonRow(
    _ count: Int, in body: ScreenRect, top: Double, height: Double, widest: Double,
    gap: Double
  ) -> [ScreenRect] {
    guard count > 0 else { return [] }
    let n = Double(count)
    let width = body.width - 2 * margin
    let w = min(widest, ((width - gap * (n - 1)) / n).rounded(.down))
    let left = (body.midX - (w * n + gap * (n - 1)) / 2).rounded()
    return (0..<count).map {
      ScreenRect(x: left + Double($0) * (w + gap), y: top, width: w, height: height)
    }
  }
}
