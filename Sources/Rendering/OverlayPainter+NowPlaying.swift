import CCairo
import Canvas

extension OverlayPainter {
  /// The compact Now Playing strip: a play or pause symbol, "Title — Artist" in one line,
  /// a thin progress line along the bottom edge.
  func nowPlayingStrip(_ strip: NowPlayingStrip, in r: ScreenRect) {
    let radius = min(px(12), r.height / 2)
    canvas.shadow(r, radius: radius, color: theme.shadow, offset: px(2))
    canvas.fillRoundedRect(r, radius: radius, theme.panelBackground)
    let side = (r.height * 0.42).rounded()
    let pad = max(6, px(12))
    let icon = ScreenRect(x: r.x + pad, y: (r.midY - side / 2).rounded(), width: side, height: side)
    NowPlayingGlyph(control: .playPause, isPlaying: strip.isPlaying).draw(
      in: canvas, rect: icon, color: theme.panelText)
    let textX = icon.maxX + max(6, px(10))
    let fitted = canvas.fit(
      [strip.text], .bold(type(18)), minimumSize: 12, maxWidth: r.maxX - pad - textX)
    canvas.drawText(
      fitted.text, fitted.style, x: textX,
      baseline: canvas.baseline(centering: fitted.style, on: r.midY - px(1)), theme.panelText)
    guard let progress = strip.progress else { return }
    let thickness = max(2, px(3))
    let line = ScreenRect(
      x: r.x + radius, y: r.maxY - thickness - max(2, px(3)), width: r.width - 2 * radius,
      height: thickness)
    canvas.fillRoundedRect(line, radius: thickness / 2, theme.panelSecondaryText.opacity(0.35))
    let played = ScreenRect(
      x: line.x, y: line.y, width: (line.width * Double(progress) / 1000).rounded(),
      height: thickness)
    canvas.fillRoundedRect(
      played, radius: thickness / 2, theme.map.polyline(.active)?.color ?? theme.accent)
  }
}
