import Board
import Foundation
import TestSupport
import Testing

/// The fake framebuffer (`Sources/Rigs/StandIns/fakefb`), built once per test run, and re-running a
/// test under it.
enum FakeFramebuffer {
  /// The preload library's path, or why it could not be built.
  static let library: Result<String, PreloadLibrary.CompileError> = PreloadLibrary.compile(
    "fakefb")

  /// Whether this process runs under the fake (a re-run child).
  static let isActive = ProcessInfo.processInfo.environment["FAKEFB_INPROCESS"] == "1"

  /// The backing file and call log of the fake `/dev/fb0`, in the re-run child.
  static var file: String { ProcessInfo.processInfo.environment["FAKEFB_FILE"] ?? "" }
  static var logPath: String { ProcessInfo.processInfo.environment["FAKEFB_LOG"] ?? "" }

  /// The fake's call log so far, one entry a line.
  static func log() -> [String] {
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// The bytes of the fake screen memory.
  static func memory() throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
  }

  /// Overwrites the fake screen memory at `offset` with `bytes`, behind the program's back.
  static func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: file))
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: bytes)
    try handle.close()
  }

  /// Runs test `function` of `suite` again in a copy of this test binary with the fake
  /// framebuffer preloaded and `environment` added (`FAKEFB_GEOMETRY` and so on), and
  /// expects it to pass there. `FAKEFB_FILE` and `FAKEFB_LOG` point into a fresh directory.
  static func rerun(_ suite: String, _ function: String, environment extra: [String: String])
    throws
  {
    let name = function.split(separator: "(").first.map(String.init) ?? function
    let library = try library.get()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fakefb-inprocess-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let (status, text) = try PreloadLibrary.rerun(
      filter: "BoardTests.\(suite)/\(name)\\(", library: library,
      environment: [
        "FAKEFB_FILE": directory.appendingPathComponent("fb0.raw").path,
        "FAKEFB_LOG": directory.appendingPathComponent("fb.log").path,
        "FAKEFB_INPROCESS": "1",
      ].merging(extra) { $1 })
    #expect(status == 0, "\(text)")
    #expect(text.contains("Test run with 1 test"), "\(text)")
  }
}

/// An ARGB32 frame as cairo makes them (premultiplied, native-endian words), with the
/// patterns a map screen has: gradients, pure colours, thin text-like strokes, and a few
/// translucent pixels.
struct TestFrame {
  var width: Int
  var height: Int
  /// Bytes per row; may exceed `width × 4`, like cairo's stride.
  var stride: Int
  /// `stride / 4` words per row.
  var words: [UInt32]

  init(width: Int, height: Int, padding: Int = 0, seed: UInt32 = 0) {
    self.width = width
    self.height = height
    stride = width * 4 + padding
    words = [UInt32](repeating: 0xDEAD_BEEF, count: stride / 4 * height)
    let pure: [UInt32] = [
      0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_FF00,
      0xFF00_FFFF, 0xFFFF_00FF,
    ]
    for y in 0..<height {
      for x in 0..<width {
        let pixel: UInt32
        switch y * 4 / height {
        case 0:  // gradients on every channel
          let r = UInt32(x * 255 / max(width - 1, 1))
          let g = UInt32(y * 255 / max(height - 1, 1))
          pixel = 0xFF00_0000 | r << 16 | g << 8 | (255 - r)
        case 1:  // bars of pure colour
          pixel = pure[x * pure.count / width]
        case 2:  // dark 1-pixel strokes on a light background, like small text
          let glyph = (x / 7 &* 31 &+ y / 11 &* 17 &+ Int(seed)) % 5
          let stroke = (x % 7 == glyph || (y % 11) == glyph * 2) && x % 7 < 6
          pixel = stroke ? 0xFF20_2028 : 0xFFF0_F0E8
        default:  // translucent, premultiplied: channels never exceed alpha
          let alpha = UInt32((x + y) % 256)
          pixel = alpha << 24 | (alpha * 3 / 4) << 16 | (alpha / 2) << 8 | (alpha / 4)
        }
        words[y * stride / 4 + x] = pixel &+ (y * 4 / height == 0 ? seed : 0)
      }
    }
  }

  /// The pixel at column `x`, row `y`.
  func pixel(_ x: Int, _ y: Int) -> UInt32 { words[y * stride / 4 + x] }

  /// Draws a "vehicle marker" over `rows` (changes every pixel of them).
  mutating func mark(rows: Range<Int>) {
    for y in rows {
      for x in 0..<width { words[y * stride / 4 + x] ^= 0x0055_AA55 }
    }
  }

  func withPixels<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try words.withUnsafeBytes(body)
  }
}

/// Reads screen memory back the way a display does, independently of `PixelConverter`.
struct ScreenDecoder {
  var format: PixelFormat
  var lineLength: Int

  /// The screen pixel at column `x`, row `y` of `memory` (from `origin`), as RGB888.
  func rgb(_ memory: [UInt8], _ x: Int, _ y: Int, origin: Int = 0) -> UInt32 {
    let at = origin + y * lineLength + x * format.bytesPerPixel
    var value: UInt32 = 0
    for byte in 0..<format.bytesPerPixel {
      value |= UInt32(memory[at + byte]) << (8 * byte)  // the fake runs little-endian
    }
    return Self.widen(value, format.red) << 16 | Self.widen(value, format.green) << 8
      | Self.widen(value, format.blue)
  }

  /// A channel of `value` to 8 bits, replicating its top bits into the low ones.
  static func widen(_ value: UInt32, _ channel: PixelFormat.Channel) -> UInt32 {
    let bits = Int(value >> UInt32(channel.offset)) & ((1 << channel.length) - 1)
    var result = 0
    var have = 0
    while have < 8 {
      result = (result << channel.length) | bits
      have += channel.length
    }
    return UInt32(result >> (have - 8))
  }

  /// What the screen should show for ARGB32 `pixel`: its premultiplied channels (that is,
  /// over black), cut to the format's bits, widened again.
  func expected(_ pixel: UInt32) -> UInt32 {
    func channel(_ eight: UInt32, _ field: PixelFormat.Channel) -> UInt32 {
      Self.widen(eight >> UInt32(8 - field.length), .init(offset: 0, length: field.length))
    }
    return channel(pixel >> 16 & 0xFF, format.red) << 16
      | channel(pixel >> 8 & 0xFF, format.green) << 8 | channel(pixel & 0xFF, format.blue)
  }
}
