import CCairo
import CTurboJPEG
import Canvas
import Foundation

/// Decodes artwork bytes (PNG through cairo, JPEG through TurboJPEG) into an ARGB32
/// canvas no larger than `maximumSide` on its longer side, after checking the limits on
/// the undecoded bytes: the byte count, then the pixel size read from the header, so an
/// image too big to hold is refused before any pixel is allocated.
///
/// Stateless; safe to call from any thread.
struct ArtworkDecoder {
  /// Bytes accepted, undecoded.
  var maximumBytes: Int
  /// Pixels accepted (width × height, as the file says), and either side.
  var maximumPixels: Int
  var maximumSideInFile = 8192

  enum Format: String {
    case png = "PNG"
    case jpeg = "JPEG"
  }

  /// The format the first bytes say, nil for neither.
  static func format(of bytes: [UInt8]) -> Format? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    return nil
  }

  /// `bytes` decoded and scaled down to fit `maximumSide` × `maximumSide`.
  ///
  /// - Throws: `.imageTooLarge` over the byte or pixel limit; `.unreadableImage` for bytes
  ///   that are not a PNG or JPEG, or a broken one; `.surface` when memory runs out.
  func decode(_ bytes: [UInt8], maximumSide: Int) throws(RenderingError) -> CairoCanvas {
    let format = try check(bytes)
    let full: CairoCanvas
    switch format {
    case .png: full = try decodePNG(bytes)
    case .jpeg: full = try decodeJPEG(bytes, maximumSide: maximumSide)
    }
    return try Self.scaled(full, toFit: maximumSide)
  }

  /// Checks `bytes` as `decode` does before it decodes a pixel — the byte count, the
  /// format, the header and the pixel size it gives — and returns the format. Cheap: for
  /// a sender to refuse what the decoder would, at once. A picture cut short after its
  /// header passes (the decoder finds that).
  ///
  /// - Throws: `.imageTooLarge` or `.unreadableImage`, as `decode`.
  func check(_ bytes: [UInt8]) throws(RenderingError) -> Format {
    guard bytes.count <= maximumBytes else {
      throw RenderingError(
        .imageTooLarge,
        "artwork of \(Self.megabytes(bytes.count)) is over the \(Self.megabytes(maximumBytes)) "
          + "limit: send it smaller (a few hundred pixels a side is plenty)")
    }
    guard let format = Self.format(of: bytes) else {
      throw RenderingError(
        .unreadableImage,
        "artwork of \(bytes.count) bytes is not a PNG or JPEG image (it starts "
          + bytes.prefix(4).map { String(format: "%02x", $0) }.joined() + ")")
    }
    switch format {
    case .png:
      let (width, height) = try Self.pngSize(bytes)
      try checkSize(width, height, .png)
    case .jpeg:
      guard let handle = tjInitDecompress() else {
        throw RenderingError(.surface, "cannot start the JPEG decoder")
      }
      defer { tjDestroy(handle) }
      let (width, height) = try Self.jpegSize(bytes, handle)
      try checkSize(width, height, .jpeg)
    }
    return format
  }

  private func checkSize(_ width: Int, _ height: Int, _ format: Format) throws(RenderingError) {
    guard width > 0, height > 0 else {
      throw RenderingError(.unreadableImage, "\(format.rawValue) artwork has no pixels")
    }
    guard width <= maximumSideInFile, height <= maximumSideInFile,
      width * height <= maximumPixels
    else {
      throw RenderingError(
        .imageTooLarge,
        "\(format.rawValue) artwork of \(width)×\(height) pixels is over the limit of "
          + "\(maximumPixels / 1_000_000) megapixels: send it smaller")
    }
  }

  // MARK: - PNG

  /// The PNG's size from its IHDR chunk, checked, then cairo's decoding of it.
  private func decodePNG(_ bytes: [UInt8]) throws(RenderingError) -> CairoCanvas {
    var reader = PNGReader(bytes: bytes)
    let surface = withUnsafeMutablePointer(to: &reader) { context in
      cairo_image_surface_create_from_png_stream(
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
          let reader = closure.assumingMemoryBound(to: PNGReader.self)
          return reader.pointee.read(into: data, count: Int(length))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }, context)
    }
    guard let surface else {
      throw RenderingError(.surface, "cannot decode PNG artwork: out of memory")
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderingError(
        .unreadableImage, "PNG artwork is broken or cut short",
        underlying: String(cString: cairo_status_to_string(status)))
    }
    let canvas = try CairoCanvas(
      width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)))
    cairo_set_operator(canvas.cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(canvas.cr, surface, 0, 0)
    cairo_paint(canvas.cr)
    return canvas
  }

  /// The width and height in the PNG's IHDR chunk.
  private static func pngSize(_ bytes: [UInt8]) throws(RenderingError) -> (Int, Int) {
    guard bytes.count >= 33, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else {
      throw RenderingError(.unreadableImage, "PNG artwork is cut short or has no header")
    }
    func be32(_ at: Int) -> Int {
      bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (be32(16), be32(20))
  }

  /// Feeds cairo's PNG reader from memory.
  private struct PNGReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func read(into data: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
      guard count <= bytes.count - offset else { return false }
      bytes.withUnsafeBufferPointer {
        data.update(from: $0.baseAddress! + offset, count: count)
      }
      offset += count
      return true
    }
  }

  // MARK: - JPEG

  /// The JPEG's size from its header, checked, then TurboJPEG's decoding of it at the
  /// smallest of its scales (1/8 … 1) still at least `maximumSide` on the longer side.
  private func decodeJPEG(_ bytes: [UInt8], maximumSide: Int) throws(RenderingError)
    -> CairoCanvas
  {
    guard let handle = tjInitDecompress() else {
      throw RenderingError(.surface, "cannot start the JPEG decoder")
    }
    defer { tjDestroy(handle) }
    let (width, height) = try Self.jpegSize(bytes, handle)
    let longer = max(width, height)
    var denominator = 1
    for d in [8, 4, 2] where (longer + d - 1) / d >= maximumSide {
      denominator = d
      break
    }
    let w = (Int(width) + denominator - 1) / denominator
    let h = (Int(height) + denominator - 1) / denominator
    let canvas = try CairoCanvas(width: w, height: h)
    cairo_surface_flush(canvas.surface)
    guard let data = cairo_image_surface_get_data(canvas.surface) else {
      throw RenderingError(.surface, "cannot reach the pixels of a \(w)×\(h) surface")
    }
    // cairo's ARGB32 is a native-endian word: B, G, R, A in memory on little-endian.
    #if _endian(little)
      let pixelFormat = Int32(TJPF_BGRA.rawValue)
    #else
      let pixelFormat = Int32(TJPF_ARGB.rawValue)
    #endif
    let result = bytes.withUnsafeBufferPointer {
      tjDecompress2(
        handle, $0.baseAddress, UInt(bytes.count), data, Int32(w), Int32(canvas.stride),
        Int32(h), pixelFormat, 0)
    }
    cairo_surface_mark_dirty(canvas.surface)
    // A warning (a cut-short file decodes its first rows, grey below) still gives a
    // picture; an error does not.
    if result != 0, tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
      throw RenderingError(
        .unreadableImage, "JPEG artwork is broken",
        underlying: String(cString: tjGetErrorStr2(handle)))
    }
    return canvas
  }

  /// The width and height in the JPEG's header, read by TurboJPEG's `handle`.
  private static func jpegSize(_ bytes: [UInt8], _ handle: tjhandle) throws(RenderingError)
    -> (Int, Int)
  {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let header = bytes.withUnsafeBufferPointer {
      tjDecompressHeader3(
        handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
    }
    guard header == 0 else {
      throw RenderingError(
        .unreadableImage, "JPEG artwork has a broken header",
        underlying: String(cString: tjGetErrorStr2(handle)))
    }
    return (Int(width), Int(height))
  }

  // MARK: - Scaling

  /// `canvas` scaled down (never up) to fit `side` × `side`, keeping its shape.
  static func scaled(_ canvas: CairoCanvas, toFit side: Int) throws(RenderingError)
    -> CairoCanvas
  {
    let longer = max(canvas.width, canvas.height)
    guard longer > side, side > 0 else { return canvas }
    let factor = Double(side) / Double(longer)
    let w = max(1, Int((Double(canvas.width) * factor).rounded()))
    let h = max(1, Int((Double(canvas.height) * factor).rounded()))
    let out = try CairoCanvas(width: w, height: h)
    cairo_scale(out.cr, Double(w) / Double(canvas.width), Double(h) / Double(canvas.height))
    cairo_set_source_surface(out.cr, canvas.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(out.cr), CAIRO_FILTER_GOOD)
    cairo_set_operator(out.cr, CAIRO_OPERATOR_SOURCE)
    cairo_paint(out.cr)
    return out
  }

  static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
  }
}
