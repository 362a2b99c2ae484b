/// How a framebuffer packs one pixel: its size and where red, green, blue and (optionally)
/// alpha sit in the native-endian pixel value.
///
/// The fbdev driver describes this in `struct fb_var_screeninfo` (`bits_per_pixel` and the
/// `red`/`green`/`blue`/`transp` `struct fb_bitfield`s); ``Framebuffer`` reads it from the
/// device rather than assuming, so BGR panels and RGB555 or ARGB layouts come out right.
/// Supported: 16 and 32 bits per pixel, channels of 1–8 bits inside the pixel, most
/// significant bit on the left (`msb_right == 0`).
public struct PixelFormat: Sendable, Equatable, CustomStringConvertible {
  /// One channel's place in the pixel value.
  public struct Channel: Sendable, Equatable {
    /// The bit the channel starts at, counted from the least significant bit.
    public var offset: Int
    /// How many bits; 0 means the format has no such channel.
    public var length: Int

    public init(offset: Int, length: Int) {
      self.offset = offset
      self.length = length
    }

    /// The channel's bits in the pixel value.
    public var mask: UInt32 {
      length == 0 ? 0 : ((UInt32(1) << UInt32(length)) &- 1) << UInt32(offset)
    }
  }

  /// 16 or 32.
  public var bitsPerPixel: Int
  public var red: Channel
  public var green: Channel
  public var blue: Channel
  /// The alpha (`transp`) channel. The screen is opaque, so it is written all ones.
  public var alpha: Channel

  public init(
    bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel,
    alpha: Channel = Channel(offset: 0, length: 0)
  ) {
    self.bitsPerPixel = bitsPerPixel
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// RGB565: red in bits 11–15, green 5–10, blue 0–4. The usual 16-bit panel format.
  public static let rgb565 = PixelFormat(
    bitsPerPixel: 16, red: Channel(offset: 11, length: 5), green: Channel(offset: 5, length: 6),
    blue: Channel(offset: 0, length: 5))

  /// XRGB8888: cairo's own layout with the top byte unused. The usual 32-bit format.
  public static let xrgb8888 = PixelFormat(
    bitsPerPixel: 32, red: Channel(offset: 16, length: 8), green: Channel(offset: 8, length: 8),
    blue: Channel(offset: 0, length: 8))

  /// ARGB8888: as ``xrgb8888`` with alpha in the top byte.
  public static let argb8888 = PixelFormat(
    bitsPerPixel: 32, red: Channel(offset: 16, length: 8), green: Channel(offset: 8, length: 8),
    blue: Channel(offset: 0, length: 8), alpha: Channel(offset: 24, length: 8))

  /// XBGR8888: red and blue swapped (some HDMI and DSI drivers).
  public static let xbgr8888 = PixelFormat(
    bitsPerPixel: 32, red: Channel(offset: 0, length: 8), green: Channel(offset: 8, length: 8),
    blue: Channel(offset: 16, length: 8))

  /// Bytes per pixel.
  public var bytesPerPixel: Int { bitsPerPixel / 8 }

  /// Why this format cannot be drawn, or nil if it can.
  public var unsupportedReason: String? {
    guard bitsPerPixel == 16 || bitsPerPixel == 32 else {
      return "\(bitsPerPixel) bits per pixel (supported: 16 and 32)"
    }
    for (name, channel) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)] {
      if name != "alpha", channel.length == 0 { return "no \(name) channel" }
      guard channel.length <= 8, channel.offset >= 0,
        channel.offset + channel.length <= bitsPerPixel
      else {
        return "\(name) channel at bit \(channel.offset), \(channel.length) bits"
      }
    }
    return nil
  }

  /// `16 bpp r11/5 g5/6 b0/5`: each channel's offset/length.
  public var description: String {
    var text =
      "\(bitsPerPixel) bpp r\(red.offset)/\(red.length) g\(green.offset)/\(green.length)"
      + " b\(blue.offset)/\(blue.length)"
    if alpha.length > 0 { text += " a\(alpha.offset)/\(alpha.length)" }
    return text
  }
}
