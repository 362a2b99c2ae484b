import Board
import Testing

/// `FramePainter` and `FramePlacement` into ordinary memory: which rows are written,
/// borders, size changes.
@Suite("Framebuffer frame painter (in memory)")
struct FramebufferPainterTests {
  static let poison: UInt8 = 0xA5

  /// A 320×200 RGB565 screen with 16 bytes of padding a row, full of poison.
  struct Screen {
    var painter: FramePainter
    var memory: [UInt8]
    let decoder: ScreenDecoder

    init(width: Int = 320, height: Int = 200, format: PixelFormat = .rgb565, pages: Int = 1)
      throws
    {
      let lineLength = width * format.bytesPerPixel + 16
      painter = FramePainter(
        converter: try PixelConverter(format), screenWidth: width, screenHeight: height,
        lineLength: lineLength, pages: pages)
      memory = [UInt8](repeating: poison, count: lineLength * height * pages)
      decoder = ScreenDecoder(format: format, lineLength: lineLength)
    }

    mutating func paint(_ frame: TestFrame, page: Int = 0) -> FrameUpdate {
      let origin = page * painter.lineLength * painter.screenHeight
      return memory.withUnsafeMutableBytes { memory in
        frame.withPixels {
          painter.paint(
            $0, width: frame.width, height: frame.height, stride: frame.stride,
            into: memory.baseAddress! + origin, page: page)
        }
      }
    }

    mutating func poisonAll() {
      for index in memory.indices { memory[index] = poison }
    }

    func rowIsPoisoned(_ y: Int, page: Int = 0) -> Bool {
      let start = page * painter.lineLength * painter.screenHeight + y * painter.lineLength
      return memory[start..<start + painter.lineLength].allSatisfy { $0 == poison }
    }

    func shows(_ frame: TestFrame, row y: Int, page: Int = 0) -> Bool {
      let origin = page * painter.lineLength * painter.screenHeight
      return (0..<frame.width).allSatisfy {
        decoder.rgb(memory, $0, y, origin: origin) == decoder.expected(frame.pixel($0, y))
      }
    }
  }

  @Test("the first frame writes every row; an equal frame writes none")
  func firstAndEqual() throws {
    var screen = try Screen()
    let frame = TestFrame(width: 320, height: 200, padding: 12)
    let first = screen.paint(frame)
    #expect(first.repainted && first.rows == [0..<200] && first.page == 0)
    #expect((0..<200).allSatisfy { screen.shows(frame, row: $0) })
    screen.poisonAll()
    let again = screen.paint(frame)
    #expect(!again.repainted && again.rows.isEmpty && again.rowCount == 0)
    #expect((0..<200).allSatisfy { screen.rowIsPoisoned($0) })
  }

  @Test("a frame that changed rows 100–119 rewrites only those rows")
  func incremental() throws {
    var screen = try Screen()
    var frame = TestFrame(width: 320, height: 200)
    _ = screen.paint(frame)
    screen.poisonAll()
    frame.mark(rows: 100..<120)
    let update = screen.paint(frame)
    #expect(update.rows == [100..<120] && !update.repainted)
    for y in 0..<200 {
      if (100..<120).contains(y) {
        #expect(screen.shows(frame, row: y), "row \(y)")
      } else {
        #expect(screen.rowIsPoisoned(y), "row \(y)")
      }
    }
    // Separate changes come back as separate ranges.
    frame.mark(rows: 3..<5)
    frame.mark(rows: 199..<200)
    #expect(screen.paint(frame).rows == [3..<5, 199..<200])
  }

  @Test("each page is compared with the frame it last received")
  func pages() throws {
    var screen = try Screen(pages: 2)
    let a = TestFrame(width: 320, height: 200, seed: 0)
    var b = a
    b.mark(rows: 10..<20)
    #expect(screen.paint(a, page: 1).repainted)
    #expect(screen.paint(b, page: 0).repainted)
    // Page 1 holds `a`: `b` differs from it in rows 10–19 only.
    #expect(screen.paint(b, page: 1).rows == [10..<20])
    #expect((0..<200).allSatisfy { screen.shows(b, row: $0, page: 1) })
    // Page 0 already holds `b`.
    #expect(screen.paint(b, page: 0).rows.isEmpty)
  }

  @Test("a smaller frame is centred on black; a larger one is centred and cropped")
  func placement() throws {
    var screen = try Screen()
    let small = TestFrame(width: 200, height: 100)
    let update = screen.paint(small)
    #expect(
      update.placement
        == FramePlacement(frameWidth: 200, frameHeight: 100, screenWidth: 320, screenHeight: 200))
    #expect(update.placement.screenX == 60 && update.placement.screenY == 50)
    #expect(update.rows == [50..<150] && update.repainted)
    let black: UInt32 = 0
    for (x, y) in [(0, 0), (319, 199), (59, 50), (260, 149), (100, 49), (100, 150)] {
      #expect(screen.decoder.rgb(screen.memory, x, y) == black, "(\(x), \(y))")
    }
    for (x, y) in [(0, 0), (199, 99), (57, 33)] {
      #expect(
        screen.decoder.rgb(screen.memory, 60 + x, 50 + y)
          == screen.decoder.expected(small.pixel(x, y)))
    }
    // The padding past the visible width is never touched.
    #expect(screen.memory[320 * 2] == Self.poison)

    let large = TestFrame(width: 400, height: 260)
    let cropped = screen.paint(large)
    #expect(cropped.repainted && cropped.rows == [0..<200])
    #expect(cropped.placement.frameX == 40 && cropped.placement.frameY == 30)
    #expect(
      screen.decoder.rgb(screen.memory, 0, 0) == screen.decoder.expected(large.pixel(40, 30)))
    #expect(
      screen.decoder.rgb(screen.memory, 319, 199)
        == screen.decoder.expected(large.pixel(359, 229)))
    #expect(!cropped.placement.isExact(screenWidth: 320, screenHeight: 200))
  }

  @Test("after invalidate() the next frame is painted in full")
  func invalidate() throws {
    var screen = try Screen(format: .xrgb8888)
    let frame = TestFrame(width: 320, height: 200)
    _ = screen.paint(frame)
    screen.poisonAll()
    screen.painter.invalidate()
    #expect(screen.paint(frame).rows == [0..<200])
    #expect((0..<200).allSatisfy { screen.shows(frame, row: $0) })
  }
}
