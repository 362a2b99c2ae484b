import Board
import CSDL2
import Foundation
import Synchronization

/// A desktop window standing for the car's screen (SDL 2, on X11 or Wayland): frames are
/// shown at their own size, pixel for pixel, and the keyboard and mouse stand for the knob,
/// the buttons, the ignition and the touch screen (`WindowControls`), reported on `inputs`.
///
/// Threading: SDL's window and events live on one thread this display owns, started by
/// `init` and stopped by `close` (or `deinit`). `present`, `blank` and `unblank` come from
/// the daemon's loop; they copy the frame and wake the window's thread, never blocking on
/// the window system.
public final class WindowDisplay: Display, @unchecked Sendable {
  // @unchecked: the SDL handles are touched only by the window's thread; what the daemon's
  // loop hands over goes through `shared`, a mutex.
  public let name: String
  public let width: Int
  public let height: Int
  /// The keyboard's, mouse's and window's events, in arrival order; finished once the window
  /// is gone.
  public let inputs: AsyncStream<DisplayInput>
  let shared: Mutex<Shared>
  let continuation: AsyncStream<DisplayInput>.Continuation
  let longPress: Duration
  private var thread: Thread?
  /// Signalled once the window's thread has torn SDL down.
  private let finished = DispatchSemaphore(value: 0)

  /// What the daemon's loop hands the window's thread.
  struct Shared: ~Copyable {
    /// The last frame, `width` × `height` pixels (`0xAARRGGBB`), black until the first.
    var pixels: [UInt32]
    var blanked = false
    /// Set when there is something new to show.
    var dirty = true
    var stopping = false
    /// The SDL event type that wakes the window's thread; 0 until the window exists.
    var wakeType: UInt32 = 0
  }

  /// Opens a `width` × `height` window titled `title`.
  ///
  /// Blocks until the window exists.
  ///
  /// - Throws: `BoardError` `.unavailable` when there is no window system (no `DISPLAY` or
  ///   `WAYLAND_DISPLAY`, or SDL cannot reach it), with SDL's reason.
  public init(
    width: Int, height: Int, title: String = "headunit",
    longPress: Duration = .milliseconds(700)
  ) throws(BoardError) {
    guard (1...8192).contains(width), (1...8192).contains(height) else {
      throw BoardError(
        .configuration, "a window of \(width)x\(height) pixels: expected 1…8192 each")
    }
    self.width = width
    self.height = height
    self.longPress = longPress
    name = "window \(width)x\(height)"
    shared = Mutex(Shared(pixels: Array(repeating: 0xFF00_0000, count: width * height)))
    (inputs, continuation) = AsyncStream.makeStream(of: DisplayInput.self)
    let opened = Mutex<Result<Void, BoardError>?>(nil)
    let ready = DispatchSemaphore(value: 0)
    let finished = self.finished
    let thread = Thread { [self] in
      run(title: title) { result in
        opened.withLock { $0 = result }
        ready.signal()
      }
      finished.signal()
    }
    thread.name = "window"
    thread.start()
    ready.wait()
    switch opened.withLock({ $0 }) {
    case .failure(let error)?: throw error
    default: self.thread = thread
    }
  }

  deinit {
    close()
  }

  /// Closes the window and waits (at most 2 s) until its thread has torn SDL down, so the
  /// process never exits while SDL is still talking to the window system; `inputs`
  /// finishes. Idempotent: a second call returns at once.
  public func close() {
    let (wake, first) = shared.withLock { shared -> (UInt32, Bool) in
      defer { shared.stopping = true }
      return (shared.wakeType, !shared.stopping)
    }
    if wake != 0 { Self.push(wake) }
    guard first, thread != nil, Thread.current != thread else { return }
    _ = finished.wait(timeout: .now() + 2)
  }

  @discardableResult
  public func present(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int)
    throws(BoardError) -> FrameUpdate
  {
    let placement = FramePlacement(
      frameWidth: width, frameHeight: height, screenWidth: self.width,
      screenHeight: self.height)
    let screenWidth = self.width
    let wake = shared.withLock { shared -> UInt32 in
      shared.pixels.withUnsafeMutableBytes { screen in
        for row in 0..<placement.height {
          let from = (placement.frameY + row) * stride + placement.frameX * 4
          let to = ((placement.screenY + row) * screenWidth + placement.screenX) * 4
          guard from >= 0, from + placement.width * 4 <= pixels.count else { break }
          screen.baseAddress!.advanced(by: to).copyMemory(
            from: pixels.baseAddress!.advanced(by: from), byteCount: placement.width * 4)
        }
      }
      shared.dirty = true
      return shared.wakeType
    }
    if wake != 0 { Self.push(wake) }
    return FrameUpdate(
      rows: [placement.screenY..<(placement.screenY + placement.height)], repainted: true,
      page: 0, placement: placement)
  }

  public func blank() throws(BoardError) { setBlanked(true) }
  public func unblank() throws(BoardError) { setBlanked(false) }

  private func setBlanked(_ blanked: Bool) {
    let wake = shared.withLock { shared -> UInt32 in
      shared.blanked = blanked
      shared.dirty = true
      return shared.wakeType
    }
    if wake != 0 { Self.push(wake) }
  }

  /// Wakes the window's thread with an event of `type` (SDL_PushEvent is thread-safe).
  static func push(_ type: UInt32) {
    var event = SDL_Event()
    event.type = type
    _ = SDL_PushEvent(&event)
  }
}
