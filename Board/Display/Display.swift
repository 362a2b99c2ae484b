import Foundation

/// Where the daemon's frames go: the Linux framebuffer in the car (`Framebuffer`), or any
/// other surface that shows whole frames of 32-bit pixels (`0xAARRGGBB`, native order).
///
/// Contract: `present` shows one frame of `width` × `height` pixels, `stride` bytes a row,
/// and returns which screen rows it wrote; a frame of another size than `width`/`height`
/// is shown centred, unscaled. `blank` and `unblank` turn the panel off and on; a display
/// that cannot may do nothing. Every call comes from the daemon's one loop.
public protocol Display: AnyObject {
  /// What the display is, for the log: `/dev/fb0`.
  var name: String { get }
  /// The width in pixels frames are drawn at.
  var width: Int { get }
  /// The height in pixels frames are drawn at.
  var height: Int { get }

  @discardableResult
  func present(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int)
    throws(BoardError) -> FrameUpdate

  func blank() throws(BoardError)
  func unblank() throws(BoardError)

  /// Whether a frame drawn at `instant` would be shown. A panel shows every frame; a
  /// replay's display keeps only the moments it was asked for, so the daemon skips drawing
  /// the rest (and holds what changed for the next frame it does draw).
  func wantsFrame(at instant: Date) -> Bool
}

extension Display {
  public func wantsFrame(at instant: Date) -> Bool { true }
}

extension Framebuffer: Display {
  public var name: String { path }
  public var width: Int { info.width }
  public var height: Int { info.height }
}
