import Canvas
import Templates

extension TemplatePainter {
  /// Up to eight tiles: four to a row on landscape screens, two on portrait ones.
  func grid(_ screen: GridTemplate, in area: ScreenRect) {
    let body = header(title: screen.title, in: area)
    let buttons = screen.buttons.prefix(GridTemplate.maximumButtonCount)
    guard !buttons.isEmpty else { return }
    let columns = layout.isPortrait ? 2 : min(4, buttons.count)
    let rows = (buttons.count + columns - 1) / columns
    let gap = px(14)
    let inner = ScreenRect(
      x: body.x + margin, y: body.y + margin, width: body.width - 2 * margin,
      height: body.height - 2 * margin)
    let tileWidth = ((inner.width - gap * Double(columns - 1)) / Double(columns)).rounded(.down)
    if tileWidth < px(96) {
      compactGrid(Array(buttons), in: inner)
      return
    }
    let maxHeight = ((inner.height - gap * Double(rows - 1)) / Double(rows)).rounded(.down)
    let tileHeight = min(maxHeight, max(px(150), tileWidth * 0.8))
    let totalHeight = tileHeight * Double(rows) + gap * Double(rows - 1)
    let top = (inner.minY + (inner.height - totalHeight) / 2).rounded()
    for (i, button) in buttons.enumerated() {
      let row = i / columns
      let column = i % columns
      let r = ScreenRect(
        x: inner.x + Double(column) * (tileWidth + gap),
        y: top + Double(row) * (tileHeight + gap), width: tileWidth, height: tileHeight)
      gridButton(button, in: r)
    }
  }

  private func gridButton(_ button: GridButton, in r: ScreenRect) {
    let focused = button.isEnabled && focusable(button.id, r)
    let radius = px(16)
    canvas.fillRoundedRect(r, radius: radius, theme.templateSurface)
    if focused { canvas.fillRoundedRect(r, radius: radius, theme.focusFill) }
    // One line if the title fits (condensed, down to 20 px), else two lines.
    var style = TextStyle.bold(px(24))
    var lines = [button.title]
    let fitted = canvas.fit([button.title], style, minimumSize: px(20), maxWidth: r.width - px(20))
    if fitted.text == button.title {
      style = fitted.style
    } else {
      style = TextStyle(weight: .condensedBold, size: px(22))
      lines = wrap(button.title, style, maxWidth: r.width - px(20), maxLines: 2)
    }
    let lineHeight = px(26)
    let lastBaseline = r.maxY - px(16)
    let firstBaseline = lastBaseline - lineHeight * Double(lines.count - 1)
    let textTop = firstBaseline - px(22)
    let side = min(px(64), textTop - r.minY - px(20))
    let symbolRect = ScreenRect(
      x: r.midX - side / 2, y: (r.minY + (textTop - r.minY - side) / 2).rounded(),
      width: side, height: side)
    TemplateSymbol(named: button.image).draw(
      in: canvas, rect: symbolRect,
      color: button.isEnabled ? theme.highlight : theme.panelSecondaryText,
      accent: theme.templateSurface)
    for (i, line) in lines.enumerated() {
      drawCentered(
        line, style, midX: r.midX, baseline: firstBaseline + lineHeight * Double(i),
        button.isEnabled ? theme.panelText : theme.panelSecondaryText)
    }
    if focused { focusRing(r, radius: radius) }
  }

  /// A grid too narrow for four tiles with their titles (320×240): two columns of short
  /// tiles, symbol beside title, as many rows as keep a 44 px touch target, scrolled to
  /// the focused tile's row.
  private func compactGrid(_ buttons: [GridButton], in inner: ScreenRect) {
    let columns = 2
    let gap = px(8)
    let rowsTotal = (buttons.count + columns - 1) / columns
    let fits = max(1, Int(((inner.height + gap) / (44 + gap)).rounded(.down)))
    let shown = min(fits, rowsTotal)
    let height = min(
      px(72), ((inner.height - gap * Double(shown - 1)) / Double(shown)).rounded(.down))
    let width = ((inner.width - px(14) - gap) / 2).rounded(.down)
    let focusedRow = (buttons.firstIndex { $0.id == focusedID } ?? 0) / columns
    let firstRow = max(0, min(focusedRow - shown + 1, rowsTotal - shown))
    for row in firstRow..<(firstRow + shown) {
      for column in 0..<columns {
        let i = row * columns + column
        guard i < buttons.count else { continue }
        let r = ScreenRect(
          x: inner.x + Double(column) * (width + gap),
          y: inner.y + Double(row - firstRow) * (height + gap), width: width, height: height)
        compactTile(buttons[i], in: r)
      }
    }
    scrollIndicator(
      in: ScreenRect(x: inner.maxX - px(6), y: inner.minY, width: px(6), height: inner.height),
      first: firstRow, shown: shown, total: rowsTotal)
  }

  private func compactTile(_ button: GridButton, in r: ScreenRect) {
    let focused = button.isEnabled && focusable(button.id, r)
    let radius = px(12)
    canvas.fillRoundedRect(r, radius: radius, theme.templateSurface)
    if focused { canvas.fillRoundedRect(r, radius: radius, theme.focusFill) }
    let color = button.isEnabled ? theme.panelText : theme.panelSecondaryText
    let side = min(px(36), r.height - px(12))
    TemplateSymbol(named: button.image).draw(
      in: canvas,
      rect: ScreenRect(x: r.x + px(8), y: r.midY - side / 2, width: side, height: side),
      color: button.isEnabled ? theme.highlight : theme.panelSecondaryText,
      accent: theme.templateSurface)
    let x = r.x + px(8) + side + px(8)
    let title = canvas.fitLines(
      [button.title], .bold(px(20)), minimumSize: 12, maxWidth: r.maxX - px(6) - x, maxLines: 2)
    let top = r.midY - title.lineHeight * Double(title.lines) / 2
    canvas.draw(title, x: x, baseline: (top + title.lineHeight * 0.78).rounded(), color)
    if focused { focusRing(r, radius: radius) }
  }
}
