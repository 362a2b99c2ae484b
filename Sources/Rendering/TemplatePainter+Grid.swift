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
}
