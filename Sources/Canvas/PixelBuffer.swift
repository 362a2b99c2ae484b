import CCairo
import Foundation

/// A frame's pixels as a value: cairo `ARGB32`, i.e. 32-bit words per pixel in native
/// byte order (B, G, R, A in memory on little-endian machines), alpha premultiplied,
/// rows `stride` bytes apart. Screens are opaque, so alpha is 255 on the navigation screen.
public struct PixelBuffer: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// Bytes from one row to the next (≥ 4 × width).
  public let stride: Int
  public var bytes: [UInt8]

  public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
    precondition(stride >= width * 4 && bytes.count >= stride * height, "buffer too small")
    self.width = width
    self.height = height
    self.stride = stride
    self.bytes = bytes
  }

  /// The pixel at (`x`, `y`) as `0xAARRGGBB`.
  public func pixel(x: Int, y: Int) -> UInt32 {
    let i = y * stride + x * 4
    return bytes.withUnsafeBytes {
      UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: i, as: UInt32.self))
    }
  }

  /// How far two frames of the same size differ: the largest difference of any colour
  /// channel (0…255) and how many pixels differ at all; nil when the sizes differ.
  public func difference(from other: PixelBuffer) -> (maximum: Int, pixels: Int)? {
    guard width == other.width, height == other.height else { return nil }
    var maximum = 0
    var pixels = 0
    for y in 0..<height {
      let a = y * stride
      let b = y * other.stride
      var x = 0
      while x < width * 4 {
        var differs = false
        for c in 0..<4 {
          let d = abs(Int(bytes[a + x + c]) - Int(other.bytes[b + x + c]))
          if d > 0 {
            differs = true
            maximum = max(maximum, d)
          }
        }
        if differs { pixels += 1 }
        x += 4
      }
    }
    return (maximum, pixels)
  }

  /// Reads a PNG file (`cairo_image_surface_create_from_png`) as ARGB32.
  public init(contentsOfPNG path: String) throws(RenderingError) {
    guard let surface = cairo_image_surface_create_from_png(path) else {
      throw RenderingError(.png, "cannot read \(path)")
    }
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderingError(
        .png, "cannot read \(path)", underlying: String(cString: cairo_status_to_string(status)))
    }
    let canvas = try CairoCanvas(
      width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)))
    cairo_set_operator(canvas.cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(canvas.cr, surface, 0, 0)
    cairo_paint(canvas.cr)
    self = canvas.pixelBuffer()
  }

  /// Writes the pixels as a PNG file.
  public func writePNG(to path: String) throws(RenderingError) {
    try CairoCanvas(self).writePNG(to: path)
  }
}

extension CairoCanvas {
  /// A copy of the canvas's pixels.
  package func pixelBuffer() -> PixelBuffer {
    withPixels { raw in
      PixelBuffer(width: width, height: height, stride: stride, bytes: Array(raw))
    }
  }

  /// A canvas holding a copy of `pixels`.
  package convenience init(_ pixels: PixelBuffer) throws(RenderingError) {
    try self.init(width: pixels.width, height: pixels.height)
    let stride = self.stride
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    pixels.bytes.withUnsafeBytes { source in
      for y in 0..<pixels.height {
        memcpy(data + y * stride, source.baseAddress! + y * pixels.stride, pixels.width * 4)
      }
    }
    markDirty()
  }
}
