import CCairo

extension PixelBuffer {
  /// This image scaled to `width` pixels wide (the height in proportion, at least 1),
  /// filtered with cairo's good filter: small copies of screens for goldens and sheets.
  ///
  /// - Throws: `RenderingError` when `width` is not positive or cairo cannot make the
  ///   surfaces.
  public func scaled(toWidth width: Int) throws(RenderingError) -> PixelBuffer {
    guard width > 0, self.width > 0 else {
      throw RenderingError(.invalidArgument, "cannot scale a \(self.width)-wide image to \(width)")
    }
    let factor = Double(width) / Double(self.width)
    let height = max(1, Int((Double(self.height) * factor).rounded()))
    let source = try CairoCanvas(self)
    let target = try CairoCanvas(width: width, height: height)
    let cr = target.cr
    cairo_scale(cr, factor, Double(height) / Double(self.height))
    cairo_set_source_surface(cr, source.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
    return target.pixelBuffer()
  }
}
