import CCairo
import Canvas
import Foundation
import Templates

/// The symbol of one Now Playing control, drawn with paths in a square: previous and next
/// (a bar and a triangle), play or pause, shuffle (two crossing arrows, a disc beside them
/// when shuffling albums), repeat (a loop, "1" in it for one song), up next (a list),
/// album/artist (a disc).
struct NowPlayingGlyph {
  var control: NowPlayingTemplate.Control
  var isPlaying = false
  var shuffle = NowPlayingTemplate.ShuffleMode.off
  var repeatMode = NowPlayingTemplate.RepeatMode.off

  init(control: NowPlayingTemplate.Control, screen: NowPlayingTemplate) {
    self.control = control
    isPlaying = screen.isPlaying
    shuffle = screen.shuffle
    repeatMode = screen.repeatMode
  }

  init(control: NowPlayingTemplate.Control, isPlaying: Bool) {
    self.control = control
    self.isPlaying = isPlaying
  }

  func draw(in canvas: CairoCanvas, rect r: ScreenRect, color: Color) {
    let s = r.width
    let line = max(2, (s * 0.1).rounded())
    func p(_ x: Double, _ y: Double) -> (Double, Double) { (r.x + x * s, r.y + y * s) }
    func move(_ x: Double, _ y: Double) { canvas.moveTo(p(x, y).0, p(x, y).1) }
    func to(_ x: Double, _ y: Double) { canvas.lineTo(p(x, y).0, p(x, y).1) }
    func triangle(_ x0: Double, _ x1: Double) {
      move(x0, 0.15)
      to(x1, 0.5)
      to(x0, 0.85)
      cairo_close_path(canvas.cr)
      canvas.fill(color)
    }
    func bar(_ x: Double, _ width: Double) {
      cairo_rectangle(canvas.cr, r.x + x * s, r.y + 0.15 * s, width * s, 0.7 * s)
      canvas.fill(color)
    }
    switch control {
    case .previous:
      bar(0.12, 0.12)
      triangle(0.88, 0.26)
    case .next:
      bar(0.76, 0.12)
      triangle(0.12, 0.74)
    case .playPause, .progress:
      if isPlaying {
        bar(0.2, 0.2)
        bar(0.6, 0.2)
      } else {
        triangle(0.22, 0.88)
      }
    case .shuffle:
      move(0.05, 0.75)
      to(0.3, 0.75)
      to(0.65, 0.25)
      to(0.85, 0.25)
      move(0.05, 0.25)
      to(0.3, 0.25)
      to(0.65, 0.75)
      to(0.85, 0.75)
      canvas.stroke(color, width: line, cap: CAIRO_LINE_CAP_BUTT)
      for y in [0.25, 0.75] {
        move(0.8, y - 0.14)
        to(0.98, y)
        to(0.8, y + 0.14)
        cairo_close_path(canvas.cr)
        canvas.fill(color)
      }
      if shuffle == .albums {
        disc(canvas, center: p(0.5, 0.5), radius: s * 0.16, color: color)
      }
    case .repeat:
      canvas.roundedRect(
        ScreenRect(x: r.x + 0.08 * s, y: r.y + 0.22 * s, width: 0.84 * s, height: 0.56 * s),
        radius: 0.2 * s)
      canvas.stroke(color, width: line)
      move(0.5, 0.08)
      to(0.68, 0.22)
      to(0.5, 0.36)
      cairo_close_path(canvas.cr)
      canvas.fill(color)
      if repeatMode == .one {
        let style = TextStyle.bold(max(9, (s * 0.42).rounded()))
        let w = canvas.textWidth("1", style)
        canvas.drawText(
          "1", style, x: (r.midX - w / 2).rounded(),
          baseline: canvas.baseline(centering: style, on: r.midY + s * 0.04), color)
      }
    case .upNext:
      for (i, y) in [0.22, 0.5, 0.78].enumerated() {
        move(i == 0 ? 0.05 : 0.3, y)
        to(0.95, y)
      }
      canvas.stroke(color, width: line, cap: CAIRO_LINE_CAP_BUTT)
      move(0.04, 0.4)
      to(0.2, 0.64)
      to(0.04, 0.88)
      cairo_close_path(canvas.cr)
      canvas.fill(color)
    case .albumArtist:
      disc(canvas, center: p(0.5, 0.5), radius: s * 0.45, color: color)
    }
  }

  /// A record: a filled disc with a hole.
  private func disc(
    _ canvas: CairoCanvas, center: (Double, Double), radius: Double, color: Color
  ) {
    cairo_save(canvas.cr)
    cairo_set_fill_rule(canvas.cr, CAIRO_FILL_RULE_EVEN_ODD)
    canvas.circle(center: ScreenPoint(x: center.0, y: center.1), radius: radius)
    canvas.circle(center: ScreenPoint(x: center.0, y: center.1), radius: radius * 0.3)
    canvas.fill(color)
    cairo_restore(canvas.cr)
  }
}
