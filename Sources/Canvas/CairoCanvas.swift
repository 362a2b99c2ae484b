import CCairo
import Foundation

/// An ARGB32 cairo image surface and a drawing context on it, owned together.
///
/// The C handles are created in `init` and destroyed in `deinit`. Not thread-safe: one
/// owner draws at a time (cairo contexts are not shareable).
package final class CairoCanvas {
  package let surface: OpaquePointer
  package let cr: OpaquePointer
  package let width: Int
  package let height: Int
  /// The canvas whose pixels this one draws into, kept alive with it.
  private let owner: CairoCanvas?
  /// The layouts its text is measured and drawn with: the drawing thread's.
  package var textLayout: TextLayout { TextLayout.current }

  /// A transparent `width` × `height` canvas.
  ///
  /// - Throws: `RenderingError` `.surface` when cairo cannot create it.
  package init(width: Int, height: Int) throws(RenderingError) {
    guard width > 0, height > 0, width <= 8192, height <= 8192 else {
      throw RenderingError(.invalidArgument, "canvas size \(width)×\(height) out of range")
    }
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    else { throw RenderingError(.surface, "cannot create a \(width)×\(height) surface") }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderingError(
        .surface, "cannot create a \(width)×\(height) surface",
        underlying: String(cString: cairo_status_to_string(status)))
    }
    self.surface = surface
    self.width = width
    self.height = height
    owner = nil
    cr = cairo_create(surface)
    Fonts.apply(to: cr)
  }

  /// A canvas on rows `rows` of `other`'s pixels, drawing in `other`'s coordinates: a
  /// surface and context of its own, so several such canvases on rows apart can be drawn
  /// on at once from different threads. Flush `other` before and mark it dirty after.
  package init?(rows: Range<Int>, of other: CairoCanvas) {
    guard rows.lowerBound >= 0, rows.upperBound <= other.height, !rows.isEmpty,
      let data = cairo_image_surface_get_data(other.surface),
      let surface = cairo_image_surface_create_for_data(
        data + rows.lowerBound * other.stride, CAIRO_FORMAT_ARGB32, Int32(other.width),
        Int32(rows.count), Int32(other.stride))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    self.surface = surface
    width = other.width
    height = rows.count
    owner = other
    cr = cairo_create(surface)
    Fonts.apply(to: cr)
    cairo_translate(cr, 0, -Double(rows.lowerBound))
  }

  deinit {
    cairo_destroy(cr)
    cairo_surface_destroy(surface)
  }

  package var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

  /// Calls `body` with the pixels after flushing pending drawing.
  package func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    cairo_surface_flush(surface)
    let bytes = UnsafeRawBufferPointer(
      start: cairo_image_surface_get_data(surface), count: stride * height)
    return try body(bytes)
  }

  /// Tells cairo the pixels were changed behind its back.
  package func markDirty() { cairo_surface_mark_dirty(surface) }

  /// Writes the canvas as a PNG file (`cairo_surface_write_to_png`).
  package func writePNG(to path: String) throws(RenderingError) {
    cairo_surface_flush(surface)
    let status = cairo_surface_write_to_png(surface, path)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderingError(
        .png, "cannot write \(path)", underlying: String(cString: cairo_status_to_string(status)))
    }
  }

  // MARK: - Drawing helpers

  package func clear(_ color: Color = .clear) {
    cairo_save(cr)
    cairo_reset_clip(cr)
    cairo_identity_matrix(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    setColor(color)
    cairo_paint(cr)
    cairo_restore(cr)
  }

  package func setColor(_ c: Color) {
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
  }

  package func roundedRect(_ r: ScreenRect, radius: Double) {
    let radius = min(radius, r.width / 2, r.height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -.pi / 2, 0)
    cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, .pi / 2)
    cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, .pi / 2, .pi)
    cairo_arc(cr, r.minX + radius, r.minY + radius, radius, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
  }

  package func fillRoundedRect(_ r: ScreenRect, radius: Double, _ color: Color) {
    roundedRect(r, radius: radius)
    setColor(color)
    cairo_fill(cr)
  }

  package func circle(center: ScreenPoint, radius: Double) {
    cairo_new_sub_path(cr)
    cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
  }

  package func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
  package func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }

  package func stroke(_ color: Color, width: Double, cap: cairo_line_cap_t = CAIRO_LINE_CAP_ROUND) {
    setColor(color)
    cairo_set_line_width(cr, width)
    cairo_set_line_cap(cr, cap)
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    cairo_stroke(cr)
  }

  package func fill(_ color: Color) {
    setColor(color)
    cairo_fill(cr)
  }

  /// Paints `other` with its top-left corner at (`x`, `y`).
  package func paint(_ other: CairoCanvas, x: Double, y: Double) {
    cairo_set_source_surface(cr, other.surface, x, y)
    cairo_paint(cr)
  }

  /// Limits drawing to `r` until `resetClip()`.
  package func clip(_ r: ScreenRect) {
    cairo_rectangle(cr, r.x, r.y, r.width, r.height)
    cairo_clip(cr)
  }

  package func resetClip() { cairo_reset_clip(cr) }

  /// A drop shadow for a floating panel: the shape offset down, in `color`.
  package func shadow(_ r: ScreenRect, radius: Double, color: Color, offset: Double) {
    var s = r
    s.y += offset
    fillRoundedRect(
      s.insetBy(-offset / 2), radius: radius + offset / 2, color.opacity(color.alpha * 0.5))
    fillRoundedRect(s, radius: radius, color)
  }
}
