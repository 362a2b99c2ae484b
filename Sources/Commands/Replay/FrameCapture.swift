import Board
import Foundation
import Rendering
import Templates

/// A replay's display: keeps the frames the daemon draws at the instants asked for, and
/// declines every other frame (so a 20-minute drive draws a dozen frames, not 36,000).
final class FrameCapture: Display {
  let name = "replay frames"
  let width: Int
  let height: Int
  /// The instants a frame is wanted at.
  private let instants: Set<Date>
  /// The frames drawn, with their instants, in the order drawn.
  private(set) var frames: [(at: Date, image: PixelBuffer)] = []

  init(size: ScreenSize, at instants: some Sequence<Date>) {
    width = size.width
    height = size.height
    self.instants = Set(instants)
  }

  /// Whether `instant` is one asked for; the frame drawn next is kept as that instant's.
  func wantsFrame(at instant: Date) -> Bool {
    guard instants.contains(instant) else { return false }
    drawing = instant
    return true
  }

  func present(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int)
    throws(BoardError) -> FrameUpdate
  {
    let image = PixelBuffer(
      width: width, height: height, stride: stride, bytes: Array(pixels.prefix(stride * height)))
    frames.append((drawing ?? Date(timeIntervalSince1970: 0), image))
    return FrameUpdate(
      rows: [0..<height], repainted: true, page: 0,
      placement: FramePlacement(
        frameWidth: width, frameHeight: height, screenWidth: self.width,
        screenHeight: self.height))
  }

  /// The instant the frame being drawn was accepted for.
  private var drawing: Date?

  func blank() throws(BoardError) {}
  func unblank() throws(BoardError) {}
}

extension FrameCapture {
  /// What the display showed at `instant`: the last frame drawn at or before it.
  func frame(at instant: Date) -> PixelBuffer? {
    frames.last { $0.at <= instant }?.image
  }
}
