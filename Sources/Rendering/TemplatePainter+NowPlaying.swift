import CCairo
import Canvas
import Foundation
import Templates

extension TemplateLayout {
  /// The side of the Now Playing artwork square on this screen, pixels (what to ask the
  /// artwork cache for).
  public var nowPlayingArtworkSide: Int {
    Int(nowPlayingFrames(in: contentArea(hasTabBar: false), headerHeight: headerHeight).art.width)
  }

  /// Where the Now Playing screen's parts go in `area` under a header `headerHeight` tall:
  /// the artwork square, the text and progress column, the button row.
  func nowPlayingFrames(in area: ScreenRect, headerHeight: Double) -> (
    art: ScreenRect, info: ScreenRect, buttons: ScreenRect
  ) {
    let m = margin
    let body = ScreenRect(
      x: area.x + m, y: area.y + headerHeight + m, width: area.width - 2 * m,
      height: area.height - headerHeight - 2 * m)
    let rowHeight = max(44, px(64))
    let buttons = ScreenRect(
      x: body.x, y: body.maxY - rowHeight, width: body.width, height: rowHeight)
    let top = ScreenRect(
      x: body.x, y: body.y, width: body.width, height: buttons.minY - px(12) - body.y)
    if isPortrait {
      // The artwork above the text, as wide as leaves room for three lines and the bar.
      let side = max(0, min(top.width * 0.7, top.height - px(200))).rounded(.down)
      let art = ScreenRect(x: (top.midX - side / 2).rounded(), y: top.y, width: side, height: side)
      let info = ScreenRect(
        x: top.x, y: art.maxY + px(16), width: top.width, height: top.maxY - art.maxY - px(16))
      return (art, info, buttons)
    }
    let side = max(0, min(top.height, (top.width * 0.4).rounded(.down)))
    let art = ScreenRect(x: top.x, y: top.y, width: side, height: side)
    let gap = px(24)
    let info = ScreenRect(
      x: art.maxX + gap, y: top.y, width: top.maxX - art.maxX - gap, height: top.height)
    return (art, info, buttons)
  }
}

extension TemplatePainter {
  /// The Now Playing screen under a header naming the app (or "Now Playing"), as CarPlay's:
  /// the artwork (or a placeholder), title, artist and album, the progress bar with
  /// elapsed and remaining time, and the button row.
  func nowPlaying(_ screen: NowPlayingTemplate, artwork: Artwork, in area: ScreenRect) {
    let app = screen.appName ?? ""
    _ = header(title: app.isEmpty ? text[.nowPlaying] : app, in: area)
    let frames = layout.nowPlayingFrames(in: area, headerHeight: layout.headerHeight)
    artworkSquare(artwork, in: frames.art)
    nowPlayingInfo(screen, in: frames.info)
    nowPlayingButtons(screen, in: frames.buttons)
  }

  private func artworkSquare(_ artwork: Artwork, in r: ScreenRect) {
    guard r.width > 0 else { return }
    let radius = px(12)
    canvas.fillRoundedRect(r, radius: radius, theme.templateSurface)
    if case .image(let pixels) = artwork, let image = try? CairoCanvas(pixels) {
      cairo_save(cr)
      canvas.roundedRect(r, radius: radius)
      cairo_clip(cr)
      let factor = min(r.width / Double(image.width), r.height / Double(image.height))
      let w = Double(image.width) * factor
      let h = Double(image.height) * factor
      cairo_translate(cr, (r.midX - w / 2).rounded(), (r.midY - h / 2).rounded())
      cairo_scale(cr, factor, factor)
      cairo_set_source_surface(cr, image.surface, 0, 0)
      cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
      cairo_paint(cr)
      cairo_restore(cr)
      return
    }
    // The placeholder: a note (a quaver) in the middle, and under it, for artwork that
    // could not be used, a short phrase for the driver (the reason is the developer's).
    let s = r.width * 0.3
    let c = ScreenPoint(x: r.midX, y: r.midY - (artwork == .none ? 0 : s * 0.25))
    let color = theme.panelSecondaryText
    canvas.circle(center: ScreenPoint(x: c.x - s * 0.25, y: c.y + s * 0.35), radius: s * 0.2)
    canvas.fill(color)
    canvas.moveTo(c.x - s * 0.07, c.y + s * 0.35)
    canvas.lineTo(c.x - s * 0.07, c.y - s * 0.5)
    canvas.lineTo(c.x + s * 0.35, c.y - s * 0.3)
    canvas.stroke(color, width: max(2, s * 0.1), cap: CAIRO_LINE_CAP_BUTT)
    if case .unreadable = artwork {
      let style = TextStyle.regular(max(12, px(15)))
      let lines = wrap(
        text[.artworkUnavailable], style, maxWidth: r.width - 2 * px(10), maxLines: 3)
      var baseline = (c.y + s * 0.6 + px(24)).rounded()
      for line in lines {
        drawCentered(line, style, midX: r.midX, baseline: baseline, color)
        baseline += (style.size * 1.25).rounded()
      }
    }
  }

  private func nowPlayingInfo(_ screen: NowPlayingTemplate, in r: ScreenRect) {
    guard r.width > px(40) else { return }
    let titleStyle = canvas.fit(
      [screen.title], .bold(px(30)), minimumSize: max(16, px(22)), maxWidth: r.width)
    let artistStyle = TextStyle.regular(px(24))
    let albumStyle = TextStyle.regular(px(20))
    // Three lines, then the bar, together centred in the column on landscape screens.
    let block = px(30) + px(34) + px(30) + px(30) + px(44)
    var baseline = (r.minY + max(px(30), (r.height - block) / 2 + px(30))).rounded()
    canvas.drawText(titleStyle.text, titleStyle.style, x: r.x, baseline: baseline, theme.panelText)
    baseline += px(34)
    canvas.drawText(
      canvas.ellipsized(screen.artist, artistStyle, maxWidth: r.width), artistStyle, x: r.x,
      baseline: baseline, theme.panelText)
    baseline += px(30)
    canvas.drawText(
      canvas.ellipsized(screen.album, albumStyle, maxWidth: r.width), albumStyle, x: r.x,
      baseline: baseline, theme.panelSecondaryText)
    let bar = ScreenRect(x: r.x, y: baseline + px(26), width: r.width, height: px(28))
    progressBar(screen, in: bar)
  }

  /// The bar (a track, the played part, a thumb) in the middle of `r`, times under it.
  private func progressBar(_ screen: NowPlayingTemplate, in r: ScreenRect) {
    let controlID = NowPlayingTemplate.Control.progress.elementID
    let focused = screen.canScrub ? focusable(controlID, r) : false
    let track = ScreenRect(x: r.x, y: (r.midY - px(3)).rounded(), width: r.width, height: px(6))
    canvas.fillRoundedRect(track, radius: track.height / 2, theme.templateSeparator)
    let timeStyle = TextStyle.regular(max(12, px(16)))
    let timeBaseline = (r.maxY + px(20)).rounded()
    canvas.drawText(
      Self.clock(screen.elapsed), timeStyle, x: r.x, baseline: timeBaseline,
      theme.panelSecondaryText)
    guard let fraction = screen.fractionPlayed, let duration = screen.duration else { return }
    let played = ScreenRect(
      x: track.x, y: track.y, width: (track.width * fraction).rounded(), height: track.height)
    canvas.fillRoundedRect(played, radius: track.height / 2, theme.highlight)
    let thumb = ScreenPoint(x: played.maxX, y: track.midY)
    canvas.circle(center: thumb, radius: screen.isScrubbing ? px(14) : focused ? px(11) : px(8))
    canvas.fill(focused ? theme.focusRing : theme.highlight)
    let remaining = "−" + Self.clock(duration - screen.elapsed)
    canvas.drawText(
      remaining, timeStyle, x: r.maxX - canvas.textWidth(remaining, timeStyle),
      baseline: timeBaseline, theme.panelSecondaryText)
    if focused { focusRing(r.insetBy(-px(4)), radius: px(8)) }
  }

  /// "4:05", "1:02:03".
  static func clock(_ seconds: Double) -> String {
    let total = Int(max(0, min(seconds, 359_999)).rounded(.down))
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    return h > 0
      ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
  }

  private func nowPlayingButtons(_ screen: NowPlayingTemplate, in r: ScreenRect) {
    let controls = screen.shownButtons
    let gap = px(10)
    let count = Double(controls.count)
    let w = min(px(96), ((r.width - gap * (count - 1)) / count).rounded(.down))
    var x = (r.midX - (w * count + gap * (count - 1)) / 2).rounded()
    for control in controls {
      let b = ScreenRect(x: x, y: r.y, width: w, height: r.height)
      let focused = focusable(control.elementID, b)
      let active: Bool
      switch control {
      case .playPause: active = true
      case .shuffle: active = screen.shuffle != .off
      case .repeat: active = screen.repeatMode != .off
      default: active = false
      }
      let radius = px(12)
      canvas.fillRoundedRect(b, radius: radius, active ? theme.highlight : theme.templateControl)
      let color = active ? theme.highlightText : theme.panelText
      let side = min(b.height * 0.5, b.width * 0.5).rounded()
      let icon = ScreenRect(x: b.midX - side / 2, y: b.midY - side / 2, width: side, height: side)
      NowPlayingGlyph(control: control, screen: screen).draw(in: canvas, rect: icon, color: color)
      if focused { focusRing(b, radius: radius) }
      x += w + gap
    }
  }
}
