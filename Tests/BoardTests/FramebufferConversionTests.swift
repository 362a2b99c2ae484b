import Board
import Testing

/// `PixelConverter` and `PixelFormat`: ARGB32 to framebuffer pixels, no device involved.
@Suite("Framebuffer pixel conversion")
struct FramebufferConversionTests {
  static let bgr565 = PixelFormat(
    bitsPerPixel: 16, red: .init(offset: 0, length: 5), green: .init(offset: 5, length: 6),
    blue: .init(offset: 11, length: 5))
  static let rgb555 = PixelFormat(
    bitsPerPixel: 16, red: .init(offset: 10, length: 5), green: .init(offset: 5, length: 5),
    blue: .init(offset: 0, length: 5))
  static let rgba8888 = PixelFormat(
    bitsPerPixel: 32, red: .init(offset: 24, length: 8), green: .init(offset: 16, length: 8),
    blue: .init(offset: 8, length: 8), alpha: .init(offset: 0, length: 8))

  @Test(
    "single pixels land in each format's bitfields",
    arguments: [
      // (format, ARGB32 in, pixel value out)
      (PixelFormat.rgb565, UInt32(0xFFFF_0000), UInt32(0xF800)),
      (.rgb565, 0xFF00_FF00, 0x07E0),
      (.rgb565, 0xFF00_00FF, 0x001F),
      (.rgb565, 0xFFFF_FFFF, 0xFFFF),
      (.rgb565, 0xFF12_3456, 0x11AA),  // 00010 001101 01010: top bits kept
      (.xrgb8888, 0xFF12_3456, 0x0012_3456),
      (.argb8888, 0x8012_3456, 0xFF12_3456),  // the screen is opaque
      (.xbgr8888, 0xFF12_3456, 0x0056_3412),
      (bgr565, 0xFFFF_0000, 0x001F),
      (bgr565, 0xFF00_00FF, 0xF800),
      (rgb555, 0xFFFF_FFFF, 0x7FFF),
      (rgb555, 0xFF00_FF00, 0x03E0),
      (rgba8888, 0xFF12_3456, 0x1234_56FF),
    ])
  func pixels(format: PixelFormat, argb: UInt32, expected: UInt32) throws {
    let converter = try PixelConverter(format)
    #expect(converter.pixel(argb) == expected, "\(format)")
    // The row loop (fast path or generic) agrees with the single-pixel function.
    var out = [UInt32](repeating: 0, count: 1)
    let source = [argb]
    out.withUnsafeMutableBytes { out in
      source.withUnsafeBufferPointer {
        converter.convertRow($0.baseAddress!, to: out.baseAddress!, count: 1)
      }
    }
    let written = format.bitsPerPixel == 16 ? out[0] & 0xFFFF : out[0]
    #expect(written == expected, "\(format)")
  }

  @Test(
    "rows convert like single pixels, fast paths and generic loop alike",
    arguments: [
      PixelFormat.rgb565, .xrgb8888, .argb8888, .xbgr8888, bgr565, rgb555, rgba8888,
    ])
  func rows(format: PixelFormat) throws {
    let converter = try PixelConverter(format)
    let frame = TestFrame(width: 257, height: 8)
    let count = frame.words.count
    var out = [UInt8](repeating: 0, count: count * format.bytesPerPixel)
    out.withUnsafeMutableBytes { out in
      frame.words.withUnsafeBufferPointer {
        converter.convertRow($0.baseAddress!, to: out.baseAddress!, count: count)
      }
    }
    let decoder = ScreenDecoder(format: format, lineLength: count * format.bytesPerPixel)
    for index in 0..<count {
      var value: UInt32 = 0
      for byte in 0..<format.bytesPerPixel {
        value |= UInt32(out[index * format.bytesPerPixel + byte]) << (8 * byte)
      }
      guard value == converter.pixel(frame.words[index]) else {
        Issue.record(
          "pixel \(index) of \(format): \(value) ≠ \(converter.pixel(frame.words[index]))")
        return
      }
      #expect(
        decoder.rgb(out, index, 0) == decoder.expected(frame.words[index]),
        "pixel \(index) of \(format)")
    }
  }

  @Test("unpack widens by bit replication; RGB565 round trips within its quantisation")
  func unpack() throws {
    let rgb565 = try PixelConverter(.rgb565)
    #expect(rgb565.unpack(0xF800) == 0xFFFF_0000)
    #expect(rgb565.unpack(0x0000) == 0xFF00_0000)
    #expect(rgb565.unpack(0b10110_101101_01011) == 0xFFB5_B65A)
    for value in stride(from: UInt32(0), through: 0xFF_FFFF, by: 0x01_0305) {
      let back = rgb565.unpack(rgb565.pixel(0xFF00_0000 | value))
      for (shift, step) in [(16, 8), (8, 4), (0, 8)] {
        let original = Int(value >> UInt32(shift) & 0xFF)
        let shown = Int(back >> UInt32(shift) & 0xFF)
        #expect(abs(original - shown) < step, "\(String(value, radix: 16)) → \(back)")
      }
    }
    let xrgb = try PixelConverter(.xrgb8888)
    #expect(xrgb.unpack(xrgb.pixel(0xFF12_3456)) == 0xFF12_3456)
  }

  @Test("premultiplied ARGB shows as composited over black; opaque pixels are unchanged")
  func premultiplied() throws {
    let xrgb = try PixelConverter(.xrgb8888)
    // Opaque: colour as is.
    #expect(xrgb.pixel(0xFFC0_8040) == 0x00C0_8040)
    // Half-transparent white, premultiplied (0x80 each): mid grey over black.
    #expect(xrgb.pixel(0x8080_8080) == 0x0080_8080)
    // Fully transparent: black.
    #expect(xrgb.pixel(0x0000_0000) == 0)
    let rgb565 = try PixelConverter(.rgb565)
    #expect(rgb565.pixel(0x8080_8080) == 0x8410)
  }

  @Test("unsupported formats are refused with the reason")
  func unsupported() {
    let cases: [(PixelFormat, String)] = [
      (
        PixelFormat(
          bitsPerPixel: 24, red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8),
          blue: .init(offset: 0, length: 8)),
        "24 bits per pixel (supported: 16 and 32)"
      ),
      (
        PixelFormat(
          bitsPerPixel: 32, red: .init(offset: 20, length: 10),
          green: .init(offset: 10, length: 10), blue: .init(offset: 0, length: 10)),
        "red channel at bit 20, 10 bits"
      ),
      (
        PixelFormat(
          bitsPerPixel: 16, red: .init(offset: 0, length: 0), green: .init(offset: 5, length: 6),
          blue: .init(offset: 11, length: 5)),
        "no red channel"
      ),
    ]
    for (format, reason) in cases {
      #expect(format.unsupportedReason == reason)
      #expect(throws: BoardError(.unavailable, "unsupported framebuffer pixel format: \(reason)")) {
        _ = try PixelConverter(format)
      }
    }
    #expect(PixelFormat.rgb565.description == "16 bpp r11/5 g5/6 b0/5")
  }

  @Test("the conversion benchmark runs and reports every figure")
  func benchmark() throws {
    let timing = try Framebuffer.benchmarkConversion(width: 160, height: 120, runs: 5)
    #expect(timing.fullConversion > .zero && timing.unchangedFrame > .zero)
    #expect(timing.description.hasPrefix("160×120 → 16 bpp r11/5 g5/6 b0/5: full conversion"))
  }
}
