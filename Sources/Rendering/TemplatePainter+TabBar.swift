import Canvas

extension TemplatePainter {
  /// The tabs down the left edge (landscape) or along the bottom (portrait); the
  /// selected one in the highlight colour.
  func tabBar(_ bar: TabBarContent) {
    let r = layout.tabBar
    fill(r, theme.templateSurface)
    if layout.isPortrait {
      fill(ScreenRect(x: r.x, y: r.y, width: r.width, height: 1), theme.templateSeparator)
    } else {
      fill(ScreenRect(x: r.maxX - 1, y: r.y, width: 1, height: r.height), theme.templateSeparator)
    }
    let tabs = bar.tabs
    guard !tabs.isEmpty else { return }
    let inset = px(6)
    let count = Double(tabs.count)
    for (i, tab) in tabs.enumerated() {
      let cell: ScreenRect
      if layout.isPortrait {
        let w = min(px(180), (r.width / count).rounded(.down))
        let x0 = (r.midX - w * count / 2).rounded()
        cell = ScreenRect(x: x0 + Double(i) * w, y: r.y, width: w, height: r.height)
      } else {
        let h = min(px(100), ((r.height - 2 * inset) / count).rounded(.down))
        cell = ScreenRect(x: r.x, y: r.y + inset + Double(i) * h, width: r.width, height: h)
      }
      self.tab(tab, selected: tab.id == bar.selectedID, in: cell.insetBy(inset))
    }
  }

  private func tab(_ tab: TabBarContent.Tab, selected: Bool, in r: ScreenRect) {
    let focused = focusable(tab.id, r)
    let radius = px(12)
    if selected { canvas.fillRoundedRect(r, radius: radius, theme.highlight.opacity(0.16)) }
    if focused { canvas.fillRoundedRect(r, radius: radius, theme.focusFill) }
    let color = selected ? theme.highlight : theme.panelSecondaryText
    let titleStyle = canvas.fit(
      [tab.title], .bold(px(18)), minimumSize: px(15), maxWidth: r.width - px(8))
    let titleBaseline = r.maxY - px(10)
    let side = min(px(38), titleBaseline - px(18) - r.minY - px(8))
    let symbolRect = ScreenRect(
      x: r.midX - side / 2, y: r.minY + (titleBaseline - px(18) - r.minY - side) / 2,
      width: side, height: side)
    tab.symbol.draw(in: canvas, rect: symbolRect, color: color, accent: theme.templateSurface)
    drawCentered(titleStyle.text, titleStyle.style, midX: r.midX, baseline: titleBaseline, color)
    if let count = tab.badge {
      badge(
        count > 99 ? "99+" : String(count),
        center: ScreenPoint(x: symbolRect.maxX + px(4), y: symbolRect.minY + px(4)),
        radius: px(11), fill: theme.destructive, color: .white)
    }
    if focused { focusRing(r, radius: radius) }
  }
}
