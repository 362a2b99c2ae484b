/// Converts cairo ARGB32 pixels to a framebuffer's ``PixelFormat``.
///
/// The input is cairo's `CAIRO_FORMAT_ARGB32`: native-endian 32-bit words, alpha in bits
/// 24–31, red 16–23, green 8–15, blue 0–7, with colour premultiplied by alpha. The screen
/// is opaque and shows what is under a transparent pixel as black, so the premultiplied
/// colour *is* the colour to show (the pixel composited over black): the channels are used
/// as they are, and alpha is dropped (a format with an alpha channel gets it all ones).
/// Cairo's `RGB24` (top byte unused) converts the same way.
///
/// Each channel keeps its top bits (truncation, as pixman's `8888 → 0565`), so
/// ``unpack(_:)`` with bit replication gives back exactly the colours a format can hold.
///
/// Pure and allocation-free; a value may be used from any thread.
public struct PixelConverter: Sendable {
  /// The target format.
  public let format: PixelFormat
  private let path: Path
  private let red: Shift
  private let green: Shift
  private let blue: Shift
  /// The alpha channel's bits, all set; or'ed into every pixel.
  private let opaque: UInt32

  private enum Path {
    case rgb565
    case xrgb8888
    case argb8888
    case generic16
    case generic32
  }

  /// Moving one 8-bit ARGB32 channel into place: `((argb >> right) & mask) << left`.
  private struct Shift {
    var right: UInt32
    var mask: UInt32
    var left: UInt32

    /// The channel whose 8 bits start at bit `source` of the ARGB32 word, into `channel`.
    init(source: Int, into channel: PixelFormat.Channel) {
      right = UInt32(source + 8 - channel.length)
      mask = (UInt32(1) << UInt32(channel.length)) &- 1
      left = UInt32(channel.offset)
    }

    @inline(__always) func apply(_ argb: UInt32) -> UInt32 {
      ((argb &>> right) & mask) &<< left
    }
  }

  /// A converter to `format`.
  ///
  /// - Throws: ``BoardError`` `.unavailable` if the format is not one this converter can
  ///   write (see ``PixelFormat/unsupportedReason``).
  public init(_ format: PixelFormat) throws(BoardError) {
    if let reason = format.unsupportedReason {
      throw BoardError(.unavailable, "unsupported framebuffer pixel format: \(reason)")
    }
    self.format = format
    red = Shift(source: 16, into: format.red)
    green = Shift(source: 8, into: format.green)
    blue = Shift(source: 0, into: format.blue)
    opaque = format.alpha.mask
    switch format {
    case .rgb565: path = .rgb565
    case .xrgb8888: path = .xrgb8888
    case .argb8888: path = .argb8888
    default: path = format.bitsPerPixel == 16 ? .generic16 : .generic32
    }
  }

  /// One pixel: an ARGB32 word to the format's pixel value (in the low bits for 16 bpp).
  public func pixel(_ argb: UInt32) -> UInt32 {
    red.apply(argb) | green.apply(argb) | blue.apply(argb) | opaque
  }

  /// Converts `count` pixels from `source` into `destination`.
  ///
  /// `destination` must be aligned for the pixel size (2 or 4 bytes) and hold
  /// `count × bytesPerPixel` bytes. Fast paths for RGB565, XRGB8888 and ARGB8888; other
  /// layouts take a generic shift-and-mask loop.
  public func convertRow(
    _ source: UnsafePointer<UInt32>, to destination: UnsafeMutableRawPointer, count: Int
  ) {
    switch path {
    case .rgb565:
      let out = destination.assumingMemoryBound(to: UInt16.self)
      for i in 0..<count {
        let p = source[i]
        out[i] = UInt16(
          truncatingIfNeeded: ((p &>> 8) & 0xF800) | ((p &>> 5) & 0x07E0) | ((p &>> 3) & 0x001F))
      }
    case .xrgb8888:
      let out = destination.assumingMemoryBound(to: UInt32.self)
      for i in 0..<count { out[i] = source[i] & 0x00FF_FFFF }
    case .argb8888:
      let out = destination.assumingMemoryBound(to: UInt32.self)
      for i in 0..<count { out[i] = source[i] | 0xFF00_0000 }
    case .generic16:
      let out = destination.assumingMemoryBound(to: UInt16.self)
      let (red, green, blue, opaque) = (red, green, blue, opaque)
      for i in 0..<count {
        let p = source[i]
        out[i] = UInt16(
          truncatingIfNeeded: red.apply(p) | green.apply(p) | blue.apply(p) | opaque)
      }
    case .generic32:
      let out = destination.assumingMemoryBound(to: UInt32.self)
      let (red, green, blue, opaque) = (red, green, blue, opaque)
      for i in 0..<count {
        let p = source[i]
        out[i] = red.apply(p) | green.apply(p) | blue.apply(p) | opaque
      }
    }
  }

  /// Converts a whole frame: `height` rows of `width` ARGB32 pixels, `sourceStride` bytes
  /// apart, into rows `destinationStride` bytes apart.
  public func convertFrame(
    _ source: UnsafeRawPointer, width: Int, height: Int, sourceStride: Int,
    to destination: UnsafeMutableRawPointer, destinationStride: Int
  ) {
    for y in 0..<height {
      convertRow(
        (source + y * sourceStride).assumingMemoryBound(to: UInt32.self),
        to: destination + y * destinationStride, count: width)
    }
  }

  /// A pixel value of the format back to opaque ARGB32, each channel widened by bit
  /// replication (5-bit `0b10110` → `0b10110101`), as a display does.
  public func unpack(_ value: UInt32) -> UInt32 {
    func widen(_ channel: PixelFormat.Channel) -> UInt32 {
      let bits = (value &>> UInt32(channel.offset)) & ((1 &<< UInt32(channel.length)) &- 1)
      var wide: UInt32 = 0
      var filled = 0
      while filled < 8 {
        let shift = 8 - filled - channel.length
        wide |= shift >= 0 ? bits &<< UInt32(shift) : bits &>> UInt32(-shift)
        filled += channel.length
      }
      return wide & 0xFF
    }
    return 0xFF00_0000 | widen(format.red) << 16 | widen(format.green) << 8 | widen(format.blue)
  }
}
