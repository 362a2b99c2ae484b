import Board
import Foundation
import Synchronization
import Testing

/// `Framebuffer` against the fake framebuffer (`Sources/Rigs/StandIns/fakefb`), in-process.
///
/// The fake must be preloaded, so each test, run normally, re-runs itself in a copy of this
/// test binary with `LD_PRELOAD`, `FAKEFB_INPROCESS=1` and its own device geometry, where
/// it does the checks on the fake's backing file and call log.
@Suite("Framebuffer device (fake framebuffer, in-process)", .serialized)
struct FramebufferDeviceTests {
  static func rerun(_ function: String, _ environment: [String: String]) throws {
    try FakeFramebuffer.rerun("FramebufferDeviceTests", function, environment: environment)
  }

  /// Notices collected from a framebuffer.
  final class Notices: Sendable {
    let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
  }

  /// Presents a test frame the size of the screen and checks every screen pixel, decoded
  /// from the backing file with the format the fake was given, against the frame.
  func presentAndCheck(format: PixelFormat, lineLength: Int) throws {
    let framebuffer = try Framebuffer()
    #expect(framebuffer.info.format == format)
    #expect(framebuffer.info.lineLength == lineLength)
    #expect(framebuffer.info.driver == "fakefb")
    let frame = TestFrame(width: 800, height: 480, padding: 32)
    let update = try frame.withPixels {
      try framebuffer.present($0, width: 800, height: 480, stride: frame.stride)
    }
    #expect(update.rows == [0..<480] && update.repainted)
    let memory = try FakeFramebuffer.memory()
    #expect(memory.count == framebuffer.info.memoryLength)
    let decoder = ScreenDecoder(format: format, lineLength: lineLength)
    var mismatches = 0
    for y in 0..<480 {
      for x in 0..<800 where decoder.rgb(memory, x, y) != decoder.expected(frame.pixel(x, y)) {
        mismatches += 1
        if mismatches < 5 {
          let shown = String(decoder.rgb(memory, x, y), radix: 16)
          Issue.record(
            "(\(x), \(y)): screen \(shown), frame \(String(frame.pixel(x, y), radix: 16))")
        }
      }
    }
    #expect(mismatches == 0)
    if format.bitsPerPixel == 32 {
      // Exact: the premultiplied channels as they are.
      #expect(decoder.rgb(memory, 5, 5) == frame.pixel(5, 5) & 0xFF_FFFF)
    } else {
      // Within RGB565 quantisation.
      for (x, y) in [(0, 0), (400, 60), (799, 119), (123, 300), (700, 470)] {
        let shown = decoder.rgb(memory, x, y)
        let original = frame.pixel(x, y)
        for (shift, step) in [(16, 8), (8, 4), (0, 8)] {
          let a = Int(shown >> UInt32(shift) & 0xFF)
          let b = Int(original >> UInt32(shift) & 0xFF)
          #expect(abs(a - b) < step)
        }
      }
    }
  }

  @Test("RGB565: a frame reads back from screen memory within RGB565 quantisation")
  func rgb565Frame() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x16"])
    }
    try presentAndCheck(format: .rgb565, lineLength: 1600)
  }

  @Test("XRGB8888: a frame reads back exactly")
  func xrgb8888Frame() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x32"])
    }
    try presentAndCheck(format: .xrgb8888, lineLength: 3200)
  }

  @Test("BGR bitfields and padded lines are honoured (XBGR8888, 3328-byte lines)")
  func xbgrPaddedFrame() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(
        #function,
        [
          "FAKEFB_GEOMETRY": "800x480x32", "FAKEFB_BITFIELDS": "0/8,8/8,16/8",
          "FAKEFB_LINE_LENGTH": "3328",
        ])
    }
    try presentAndCheck(format: .xbgr8888, lineLength: 3328)
  }

  @Test("BGR565 with an alpha-less 16-bit layout is honoured")
  func bgr565Frame() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(
        #function, ["FAKEFB_GEOMETRY": "800x480x16", "FAKEFB_BITFIELDS": "0/5,5/6,11/5"])
    }
    try presentAndCheck(format: FramebufferConversionTests.bgr565, lineLength: 1600)
  }

  @Test("an incremental frame that changed rows 100–119 writes only those rows")
  func incrementalRows() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x16"])
    }
    let framebuffer = try Framebuffer()
    var frame = TestFrame(width: 800, height: 480)
    try frame.withPixels { _ = try framebuffer.present($0, width: 800, height: 480, stride: 3200) }
    // Poison the whole screen memory behind the framebuffer's back.
    let poison: UInt8 = 0xA5
    try FakeFramebuffer.overwrite(
      [UInt8](repeating: poison, count: framebuffer.info.memoryLength), at: 0)
    frame.mark(rows: 100..<120)
    let update = try frame.withPixels {
      try framebuffer.present($0, width: 800, height: 480, stride: 3200)
    }
    #expect(update.rows == [100..<120] && !update.repainted)
    let memory = try FakeFramebuffer.memory()
    let decoder = ScreenDecoder(format: .rgb565, lineLength: 1600)
    for y in 0..<480 {
      let row = memory[y * 1600..<(y + 1) * 1600]
      if (100..<120).contains(y) {
        #expect(
          (0..<800).allSatisfy {
            decoder.rgb(memory, $0, y) == decoder.expected(frame.pixel($0, y))
          },
          "row \(y) shows the new frame")
      } else {
        #expect(row.allSatisfy { $0 == poison }, "row \(y) was not written")
      }
    }
    // The same frame again writes nothing.
    let again = try frame.withPixels {
      try framebuffer.present($0, width: 800, height: 480, stride: 3200)
    }
    #expect(again.rows.isEmpty)
  }

  @Test("the device is opened, queried and mapped; blank and unblank reach the driver")
  func blankAndLog() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x16"])
    }
    do {
      let framebuffer = try Framebuffer(path: "/dev/fb0")
      #expect(!framebuffer.isDoubleBuffered)
      #expect(
        framebuffer.info.description
          == "fakefb 800×480 (virtual 800×480), 16 bpp r11/5 g5/6 b0/5, 1600 bytes a line,"
          + " 768000 bytes")
      try framebuffer.blank()
      try framebuffer.unblank()
    }
    #expect(
      FakeFramebuffer.log() == [
        "fb0 open", "fb0 FBIOGET_VSCREENINFO", "fb0 FBIOGET_FSCREENINFO", "fb0 mmap 768000 at 0",
        "fb0 FBIOBLANK 4", "fb0 FBIOBLANK 0", "fb0 close",
      ])
  }

  @Test("double buffering draws into the hidden screen and pans to it")
  func doubleBuffered() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(
        #function, ["FAKEFB_GEOMETRY": "800x480x16", "FAKEFB_VIRTUAL": "800x960"])
    }
    let framebuffer = try Framebuffer(doubleBuffering: true)
    #expect(framebuffer.isDoubleBuffered)
    let a = TestFrame(width: 800, height: 480, seed: 0)
    let b = TestFrame(width: 800, height: 480, seed: 7)
    var c = a
    c.mark(rows: 200..<230)
    var updates: [FrameUpdate] = []
    for frame in [a, b, c] {
      updates.append(
        try frame.withPixels {
          try framebuffer.present($0, width: 800, height: 480, stride: frame.stride)
        })
    }
    #expect(updates.map(\.page) == [1, 0, 1])
    #expect(updates.map(\.repainted) == [true, true, false])
    // Page 1 held `a`; `c` differs from it in rows 200–229 only.
    #expect(updates[2].rows == [200..<230])
    #expect(
      FakeFramebuffer.log().filter { $0.contains("PAN") } == [
        "fb0 FBIOPAN_DISPLAY 0,480", "fb0 FBIOPAN_DISPLAY 0,0", "fb0 FBIOPAN_DISPLAY 0,480",
      ])
    let memory = try FakeFramebuffer.memory()
    let decoder = ScreenDecoder(format: .rgb565, lineLength: 1600)
    for (page, frame) in [(0, b), (1, c)] {
      for y in stride(from: 0, to: 480, by: 7) {
        #expect(
          (0..<800).allSatisfy {
            decoder.rgb(memory, $0, y, origin: page * 480 * 1600)
              == decoder.expected(frame.pixel($0, y))
          }, "page \(page) row \(y)")
      }
    }
  }

  @Test("double buffering asks for a two-screen virtual height when the memory allows")
  func doubleBufferingResize() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(
        #function, ["FAKEFB_GEOMETRY": "800x480x32", "FAKEFB_MEMORY": "\(3200 * 960)"])
    }
    let framebuffer = try Framebuffer(doubleBuffering: true)
    #expect(framebuffer.isDoubleBuffered)
    #expect(framebuffer.info.virtualHeight == 960)
    #expect(
      FakeFramebuffer.log().contains("fb0 FBIOPUT_VSCREENINFO 800x480 virtual 800x960 offset 0,0"))
  }

  @Test("without panning, double buffering is off and says why")
  func doubleBufferingRefused() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(
        #function,
        ["FAKEFB_GEOMETRY": "800x480x16", "FAKEFB_VIRTUAL": "800x960", "FAKEFB_PAN": "0"])
    }
    let notices = Notices()
    let framebuffer = try Framebuffer(doubleBuffering: true, notice: notices.sink)
    #expect(!framebuffer.isDoubleBuffered)
    #expect(notices.all == ["double buffering off: the driver of /dev/fb0 cannot pan (ypanstep 0)"])
    let frame = TestFrame(width: 800, height: 480)
    let update = try frame.withPixels {
      try framebuffer.present($0, width: 800, height: 480, stride: 3200)
    }
    #expect(update.page == 0)
    #expect(!FakeFramebuffer.log().contains { $0.contains("PAN") })
  }

  @Test("without memory for two screens, double buffering is off and says why")
  func doubleBufferingNoRoom() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x16"])
    }
    let notices = Notices()
    let framebuffer = try Framebuffer(doubleBuffering: true, notice: notices.sink)
    #expect(!framebuffer.isDoubleBuffered)
    #expect(
      notices.all == [
        "double buffering off: /dev/fb0 has 768000 bytes of memory, one screen takes 768000"
      ])
    #expect(!FakeFramebuffer.log().contains { $0.contains("FBIOPUT") })
  }

  @Test("a frame of another size is centred, and that is said once")
  func otherSize() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x16"])
    }
    let notices = Notices()
    let framebuffer = try Framebuffer(notice: notices.sink)
    let frame = TestFrame(width: 640, height: 400)
    for _ in 0..<3 {
      try frame.withPixels {
        _ = try framebuffer.present($0, width: 640, height: 400, stride: frame.stride)
      }
    }
    #expect(
      notices.all == [
        "frame 640×400 does not match the 800×480 screen of /dev/fb0: shown centred, 640×400"
          + " of it, unscaled"
      ])
    let memory = try FakeFramebuffer.memory()
    let decoder = ScreenDecoder(format: .rgb565, lineLength: 1600)
    #expect(decoder.rgb(memory, 0, 0) == 0 && decoder.rgb(memory, 79, 240) == 0)
    #expect(decoder.rgb(memory, 80, 40) == decoder.expected(frame.pixel(0, 0)))
    #expect(decoder.rgb(memory, 719, 439) == decoder.expected(frame.pixel(639, 399)))
  }

  @Test("a missing device is a clear .unavailable error")
  func missingDevice() throws {
    guard FakeFramebuffer.isActive else {
      // Without the fake too: a path that cannot exist.
      #expect(
        throws: BoardError(
          .unavailable,
          "no framebuffer at /nonexistent/fb0 — is the display connected and enabled"
            + " (dtoverlay)? Is the user in the 'video' group?", underlying: ENOENT)
      ) { _ = try Framebuffer(path: "/nonexistent/fb0") }
      return try Self.rerun(#function, ["FAKEFB_DEVICES": "1"])
    }
    #expect(
      throws: BoardError(
        .unavailable,
        "no framebuffer at /dev/fb1 — is the display connected and enabled (dtoverlay)?"
          + " Is the user in the 'video' group?", underlying: ENOENT)
    ) { _ = try Framebuffer(path: "/dev/fb1") }
    #expect(FakeFramebuffer.log() == ["fb1 open ENOENT"])
  }

  @Test("an unsupported pixel format is refused when opening")
  func unsupportedFormat() throws {
    guard FakeFramebuffer.isActive else {
      return try Self.rerun(#function, ["FAKEFB_GEOMETRY": "800x480x24"])
    }
    #expect(
      throws: BoardError(
        .unavailable,
        "framebuffer /dev/fb0 has an unsupported pixel format: 24 bits per pixel"
          + " (supported: 16 and 32)")
    ) { _ = try Framebuffer() }
    #expect(FakeFramebuffer.log().last == "fb0 close")
  }
}
