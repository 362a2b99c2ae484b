import Glibc

/// Paints ARGB32 frames into screen memory, rewriting only the rows that changed since
/// the frame that memory last received.
///
/// Keeps, per page (screen buffer), a copy of the part of the last frame shown there, and
/// compares each new row with it (`memcmp`): a row that is the same is not converted nor
/// written. A map that only moved its vehicle marker rewrites the few dozen rows the marker
/// covers. Reading screen memory back is avoided on purpose: on real hardware it is
/// uncached and slow, while writes are combined.
///
/// The first frame on a page, a frame of another size, or any frame after ``invalidate()``
/// repaints the whole page, borders black (see ``FramePlacement``).
///
/// Pure apart from writing to the memory it is given; not for concurrent use (it is a
/// value: ``Framebuffer`` keeps it behind its lock).
public struct FramePainter: Sendable {
  /// The conversion to the screen's format.
  public let converter: PixelConverter
  public let screenWidth: Int
  public let screenHeight: Int
  /// Bytes from one screen row to the next (`line_length`, may exceed the visible width).
  public let lineLength: Int
  private var shadows: [Shadow?]
  /// One screen row of black in the screen's format, for borders.
  private let blackRow: [UInt8]

  /// The last frame a page received: its size and the rows of it that are on screen.
  private struct Shadow {
    var frameWidth: Int
    var frameHeight: Int
    var pixels: [UInt32]
  }

  /// A painter for `pages` buffers of `screenWidth` × `screenHeight` pixels, rows
  /// `lineLength` bytes apart.
  public init(
    converter: PixelConverter, screenWidth: Int, screenHeight: Int, lineLength: Int,
    pages: Int = 1
  ) {
    precondition(screenWidth > 0 && screenHeight > 0 && pages > 0, "empty screen")
    precondition(
      lineLength >= screenWidth * converter.format.bytesPerPixel,
      "line length \(lineLength) is shorter than a row")
    self.converter = converter
    self.screenWidth = screenWidth
    self.screenHeight = screenHeight
    self.lineLength = lineLength
    shadows = Array(repeating: nil, count: pages)
    var black = [UInt8](repeating: 0, count: screenWidth * converter.format.bytesPerPixel)
    let opaqueBlack = [UInt32](repeating: 0xFF00_0000, count: screenWidth)
    black.withUnsafeMutableBytes { out in
      opaqueBlack.withUnsafeBufferPointer {
        converter.convertRow($0.baseAddress!, to: out.baseAddress!, count: screenWidth)
      }
    }
    blackRow = black
  }

  /// Forgets what every page holds, so the next frame on each is painted in full (after
  /// something else drew on the screen, or it was blanked by a driver that loses memory).
  public mutating func invalidate() {
    for page in shadows.indices { shadows[page] = nil }
  }

  /// Paints a frame into one page of screen memory.
  ///
  /// - Parameters:
  ///   - pixels: the frame, cairo `ARGB32` (premultiplied, native-endian), `height` rows
  ///     `stride` bytes apart. Must be 4-byte aligned and hold `stride × (height − 1) +
  ///     width × 4` bytes: anything else is a caller bug and traps.
  ///   - target: the page's first byte: `lineLength × screenHeight` bytes of screen
  ///     memory, aligned for the pixel size.
  ///   - page: which page `target` is, `0..<pages`.
  /// - Returns: the rows written.
  public mutating func paint(
    _ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int,
    into target: UnsafeMutableRawPointer, page: Int
  ) -> FrameUpdate {
    precondition(width > 0 && height > 0, "empty frame \(width)×\(height)")
    precondition(stride >= width * 4 && stride % 4 == 0, "bad stride \(stride) for width \(width)")
    precondition(pixels.count >= stride * (height - 1) + width * 4, "frame buffer too small")
    guard let base = pixels.baseAddress else { preconditionFailure("frame without pixels") }
    precondition(Int(bitPattern: base) % 4 == 0, "frame pixels not 4-byte aligned")

    let placement = FramePlacement(
      frameWidth: width, frameHeight: height, screenWidth: screenWidth,
      screenHeight: screenHeight)
    var shadow = shadows[page].take()
    let repaint = shadow.map { $0.frameWidth != width || $0.frameHeight != height } ?? true
    if repaint {
      paintBorders(placement, into: target)
      shadow = Shadow(
        frameWidth: width, frameHeight: height,
        pixels: [UInt32](repeating: 0, count: placement.width * placement.height))
    }
    let rowBytes = placement.width * 4
    let bytesPerPixel = converter.format.bytesPerPixel
    var rows: [Range<Int>] = []
    shadow!.pixels.withUnsafeMutableBufferPointer { copy in
      for row in 0..<placement.height {
        let source = base + (placement.frameY + row) * stride + placement.frameX * 4
        let kept = copy.baseAddress! + row * placement.width
        if !repaint && memcmp(source, kept, rowBytes) == 0 { continue }
        memcpy(kept, source, rowBytes)
        let screenRow = placement.screenY + row
        converter.convertRow(
          source.assumingMemoryBound(to: UInt32.self),
          to: target + screenRow * lineLength + placement.screenX * bytesPerPixel,
          count: placement.width)
        if let last = rows.last, last.upperBound == screenRow {
          rows[rows.count - 1] = last.lowerBound..<screenRow + 1
        } else {
          rows.append(screenRow..<screenRow + 1)
        }
      }
    }
    shadows[page] = shadow
    return FrameUpdate(rows: rows, repainted: repaint, page: page, placement: placement)
  }

  /// Blackens what the frame does not cover: rows above and below, columns either side.
  private func paintBorders(_ placement: FramePlacement, into target: UnsafeMutableRawPointer) {
    let bytesPerPixel = converter.format.bytesPerPixel
    blackRow.withUnsafeBytes { black in
      let black = black.baseAddress!
      for row in 0..<screenHeight {
        let line = target + row * lineLength
        guard (placement.screenY..<placement.screenY + placement.height).contains(row) else {
          memcpy(line, black, screenWidth * bytesPerPixel)
          continue
        }
        memcpy(line, black, placement.screenX * bytesPerPixel)
        let right = placement.screenX + placement.width
        memcpy(
          line + right * bytesPerPixel, black, (screenWidth - right) * bytesPerPixel)
      }
    }
  }
}
