import CLinuxFB
import Glibc
import POSIX
import Synchronization

/// A Linux framebuffer device (`/dev/fbN`, fbdev), mapped into memory, that shows cairo
/// ARGB32 frames.
///
/// `init` opens the device, reads its geometry and pixel format (``FramebufferInfo``) and
/// maps its memory; ``present(_:width:height:stride:)`` converts a frame to the device's
/// format and writes the rows that changed since the previous frame (``FramePainter``).
/// A frame of another size than the screen is centred and cropped, never scaled (reported
/// once per size through `notice`).
///
/// With double buffering (opt-in, and only if the driver can pan and its memory holds two
/// screens) each frame is drawn into the hidden screen and shown with `FBIOPAN_DISPLAY`,
/// so the panel never shows a half-drawn frame. Without it, changed rows are written into
/// the visible screen, which keeps tearing to the rows that changed.
///
/// From a cairo image surface (Board does not depend on cairo; the caller passes bytes):
///
///     cairo_surface_flush(surface)
///     let data = UnsafeRawBufferPointer(
///       start: cairo_image_surface_get_data(surface), count: stride * height)
///     try framebuffer.present(data, width: width, height: height, stride: stride)
///
/// The mapping is released (`munmap`) and the device closed in `deinit`. What the screen
/// shows stays; call ``blank()`` at shutdown to turn the panel off.
///
/// Threading: every method may be called from any thread; calls are serialised by an
/// internal lock. ``present(_:width:height:stride:)`` blocks for the row comparison and
/// conversion (a full 800×480 RGB565 frame: about 0.1 ms on an x86-64 core; see
/// ``benchmarkConversion(width:height:format:runs:)``) and, when double buffering, the pan
/// ioctl, which some drivers make wait for the next vertical blank (up to a frame period).
public final class Framebuffer: @unchecked Sendable {
  // @unchecked Sendable: the descriptor and mapping are set in `init`, never change, and
  // are released only in `deinit`, when no other reference exists. Everything mutable
  // (the painter's copies of the last frames, the front page, the screen info passed to
  // pan) is inside `state`'s mutex, so concurrent calls run one at a time.

  /// The device path, e.g. `/dev/fb0`.
  public let path: String
  /// Geometry and format as read when the device was opened (after enabling double
  /// buffering, if that changed the virtual size).
  public let info: FramebufferInfo
  /// Whether frames are drawn off-screen and shown by panning.
  public let isDoubleBuffered: Bool

  private let file: FileDescriptor
  private let memory: UnsafeMutableRawPointer
  private let notice: @Sendable (String) -> Void
  private let state: Mutex<State>

  private struct State {
    var painter: FramePainter
    /// The screen info last set; `yoffset` selects the page shown.
    var variable: fb_var_screeninfo
    /// The page shown (0 or 1; always 0 without double buffering).
    var front: Int
    /// Frame sizes already reported as not matching the screen.
    var reportedSizes: Set<[Int]> = []
  }

  /// Opens and maps a framebuffer device.
  ///
  /// - Parameters:
  ///   - path: the device, `/dev/fb0` by default.
  ///   - doubleBuffering: draw off-screen and pan. If the virtual height holds fewer than
  ///     two screens, asks the driver for two (`FBIOPUT_VSCREENINFO`); if it cannot pan or
  ///     its memory is too small, stays single-buffered and says why through `notice`.
  ///   - notice: where to report things worth a log line that are not errors (a frame
  ///     size that does not match the screen, double buffering unavailable). Called on
  ///     the calling thread.
  /// - Throws: ``BoardError`` `.unavailable` if there is no such device, it cannot be
  ///   opened, or its pixel format is not supported; `.failed` if an ioctl or `mmap`
  ///   fails.
  ///
  /// The corresponding C functions are `open`, `ioctl(FBIOGET_VSCREENINFO)`,
  /// `ioctl(FBIOGET_FSCREENINFO)`, `ioctl(FBIOPUT_VSCREENINFO)` and `mmap`. Blocks
  /// briefly.
  public init(
    path: String = "/dev/fb0", doubleBuffering: Bool = false,
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(BoardError) {
    self.path = path
    self.notice = notice
    // Closed when `file` goes away, should `init` throw. Its number is read at each use,
    // which keeps it open until then.
    let file = try Self.open(path)

    var variable = fb_var_screeninfo()
    var fixed = fb_fix_screeninfo()
    try Self.control(file.rawValue, FBIOGET_VSCREENINFO, &variable, path, "FBIOGET_VSCREENINFO")
    try Self.control(file.rawValue, FBIOGET_FSCREENINFO, &fixed, path, "FBIOGET_FSCREENINFO")
    if doubleBuffering {
      Self.enableDoubleBuffering(file.rawValue, &variable, &fixed, path: path, notice: notice)
    }
    let info = FramebufferInfo(variable: variable, fixed: fixed)
    let converter = try Self.converter(info, variable: variable, fixed: fixed, path: path)
    let pages = Self.pageCount(info, wanted: doubleBuffering)
    let bytesPerPixel = info.format.bytesPerPixel
    let visibleEnd =
      (info.yOffset + info.height - 1) * info.lineLength
      + (info.xOffset + info.width) * bytesPerPixel
    guard pages == 2 || visibleEnd <= info.memoryLength else {
      throw BoardError(
        .unavailable,
        "framebuffer \(path) reports \(info.memoryLength) bytes of memory, too few for its"
          + " visible screen (\(info))")
    }

    let address = mmap(
      nil, info.memoryLength, PROT_READ | PROT_WRITE, MAP_SHARED, file.rawValue, 0)
    guard let address, address != MAP_FAILED else {
      let err = errno
      throw BoardError(
        .failed,
        "cannot map framebuffer \(path) (\(info.memoryLength) bytes): "
          + Self.describe(err), underlying: err)
    }
    self.file = file
    memory = address
    self.info = info
    isDoubleBuffered = pages == 2
    let front = pages == 2 && info.yOffset >= info.height ? 1 : 0
    state = Mutex(
      State(
        painter: FramePainter(
          converter: converter, screenWidth: info.width, screenHeight: info.height,
          lineLength: info.lineLength, pages: pages),
        variable: variable, front: front))
  }

  deinit {
    munmap(memory, info.memoryLength)
    file.close()
  }

  /// Shows a cairo ARGB32 frame: converts it to the device's format and writes the rows
  /// that differ from the frame this screen buffer last received; with double buffering,
  /// draws into the hidden buffer and pans to it.
  ///
  /// - Parameters:
  ///   - pixels: premultiplied native-endian ARGB32, as `cairo_image_surface_get_data`
  ///     gives for a `CAIRO_FORMAT_ARGB32` (or `RGB24`) surface, after
  ///     `cairo_surface_flush`. `height` rows `stride` bytes apart
  ///     (`cairo_image_surface_get_stride`), 4-byte aligned; a buffer smaller than the
  ///     geometry says is a caller bug and traps.
  ///   - width: the frame's width in pixels.
  ///   - height: the frame's height in pixels.
  ///   - stride: bytes from one frame row to the next.
  /// - Returns: which screen rows were written.
  /// - Throws: ``BoardError`` `.failed` if panning fails (the frame is then drawn but not
  ///   shown).
  ///
  /// The corresponding C function is `ioctl(FBIOPAN_DISPLAY)` (double buffering only).
  @discardableResult
  public func present(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int)
    throws(BoardError) -> FrameUpdate
  {
    try state.withLock { (state) throws(BoardError) -> FrameUpdate in
      let page = isDoubleBuffered ? 1 - state.front : 0
      let origin =
        isDoubleBuffered
        ? page * info.height * info.lineLength
        : info.yOffset * info.lineLength + info.xOffset * info.format.bytesPerPixel
      let update = state.painter.paint(
        pixels, width: width, height: height, stride: stride, into: memory + origin,
        page: page)
      let size = [width, height]
      if !update.placement.isExact(screenWidth: info.width, screenHeight: info.height),
        !state.reportedSizes.contains(size)
      {
        state.reportedSizes.insert(size)
        notice(
          "frame \(width)×\(height) does not match the \(info.width)×\(info.height) screen"
            + " of \(path): shown centred, \(update.placement.width)×"
            + "\(update.placement.height) of it, unscaled")
      }
      if isDoubleBuffered {
        var variable = state.variable
        variable.xoffset = 0
        variable.yoffset = UInt32(page * info.height)
        try Self.control(file.rawValue, FBIOPAN_DISPLAY, &variable, path, "FBIOPAN_DISPLAY")
        state.variable = variable
        state.front = page
      }
      return update
    }
  }

  /// Forgets what the screen shows, so the next frame is written in full (after another
  /// program drew on the framebuffer, e.g. a console switch).
  public func invalidate() {
    state.withLock { $0.painter.invalidate() }
  }

  /// Turns the panel off (`FB_BLANK_POWERDOWN`): at shutdown, or when the ignition is off.
  ///
  /// The corresponding C function is `ioctl(FBIOBLANK)`. Some drivers do not support it
  /// and fail with `EINVAL`.
  public func blank() throws(BoardError) {
    try setBlank(Int32(FB_BLANK_POWERDOWN), "FBIOBLANK (powerdown)")
  }

  /// Turns the panel back on (`FB_BLANK_UNBLANK`).
  ///
  /// The corresponding C function is `ioctl(FBIOBLANK)`.
  public func unblank() throws(BoardError) {
    try setBlank(Int32(FB_BLANK_UNBLANK), "FBIOBLANK (unblank)")
  }

  private func setBlank(_ level: Int32, _ name: String) throws(BoardError) {
    try state.withLock { _ throws(BoardError) in
      do throws(Errno) {
        _ = try retryingInterrupts { ioctl(file.rawValue, UInt(FBIOBLANK), level) }
      } catch {
        throw BoardError(
          .failed, "\(name) failed on \(path): \(error)", underlying: error.rawValue)
      }
    }
  }
}

extension Framebuffer {
  /// Opens the device read-write (close-on-exec); a missing device or a permission
  /// problem is `.unavailable` with what to check.
  fileprivate static func open(_ path: String) throws(BoardError) -> FileDescriptor {
    do {
      return try FileDescriptor.open(path, O_RDWR)
    } catch {
      let err = error.rawValue
      switch err {
      case ENOENT, ENODEV, ENXIO:
        throw BoardError(
          .unavailable,
          "no framebuffer at \(path) — is the display connected and enabled (dtoverlay)?"
            + " Is the user in the 'video' group?", underlying: err)
      case EACCES, EPERM:
        throw BoardError(
          .unavailable,
          "cannot open framebuffer \(path): \(describe(err)) — is the user in the 'video'"
            + " group?", underlying: err)
      default:
        throw BoardError(
          .unavailable, "cannot open framebuffer \(path): \(describe(err))", underlying: err)
      }
    }
  }

  /// One ioctl whose argument is a struct, retrying `EINTR`.
  fileprivate static func control<Argument: BitwiseCopyable>(
    _ descriptor: Int32, _ request: some BinaryInteger, _ argument: inout Argument,
    _ path: String, _ name: String
  ) throws(BoardError) {
    do {
      _ = try retryingInterrupts { ioctl(descriptor, UInt(request), &argument) }
    } catch {
      throw BoardError(
        .failed, "\(name) failed on \(path): \(error)", underlying: error.rawValue)
    }
  }

  /// A converter for the device's format, or `.unavailable` saying what is unsupported.
  fileprivate static func converter(
    _ info: FramebufferInfo, variable: fb_var_screeninfo, fixed: fb_fix_screeninfo,
    path: String
  ) throws(BoardError) -> PixelConverter {
    var reason: String?
    if fixed.type != FB_TYPE_PACKED_PIXELS {
      reason = "not packed pixels (type \(fixed.type))"
    } else if variable.grayscale != 0 || variable.nonstd != 0 {
      reason = "greyscale or non-standard format"
    } else if variable.red.msb_right != 0 || variable.green.msb_right != 0
      || variable.blue.msb_right != 0
    {
      reason = "bit-reversed colour fields"
    } else if info.width <= 0 || info.height <= 0
      || info.lineLength < info.width * (info.format.bitsPerPixel / 8)
    {
      reason = "geometry \(info)"
    } else {
      reason = info.format.unsupportedReason
    }
    if let reason {
      throw BoardError(
        .unavailable, "framebuffer \(path) has an unsupported pixel format: \(reason)")
    }
    return try PixelConverter(info.format)
  }

  /// 2 if double buffering was asked for and the screen info allows it, else 1.
  fileprivate static func pageCount(_ info: FramebufferInfo, wanted: Bool) -> Int {
    wanted && info.yPanStep > 0 && info.virtualHeight >= 2 * info.height
      && 2 * info.height * info.lineLength <= info.memoryLength ? 2 : 1
  }

  /// Makes the virtual screen two screens tall if it is not and the memory allows, with
  /// `FBIOPUT_VSCREENINFO`; says through `notice` why double buffering is off otherwise.
  fileprivate static func enableDoubleBuffering(
    _ descriptor: Int32, _ variable: inout fb_var_screeninfo,
    _ fixed: inout fb_fix_screeninfo, path: String, notice: (String) -> Void
  ) {
    let height = Int(variable.yres)
    let screenBytes = height * Int(fixed.line_length)
    guard fixed.ypanstep > 0 else {
      notice("double buffering off: the driver of \(path) cannot pan (ypanstep 0)")
      return
    }
    guard 2 * screenBytes <= Int(fixed.smem_len) else {
      notice(
        "double buffering off: \(path) has \(fixed.smem_len) bytes of memory, one screen"
          + " takes \(screenBytes)")
      return
    }
    guard Int(variable.yres_virtual) < 2 * height else { return }
    var wanted = variable
    wanted.yres_virtual = UInt32(2 * height)
    wanted.xoffset = 0
    wanted.yoffset = 0
    wanted.activate = UInt32(FB_ACTIVATE_NOW)
    do {
      try control(descriptor, FBIOPUT_VSCREENINFO, &wanted, path, "FBIOPUT_VSCREENINFO")
      try control(descriptor, FBIOGET_VSCREENINFO, &variable, path, "FBIOGET_VSCREENINFO")
      try control(descriptor, FBIOGET_FSCREENINFO, &fixed, path, "FBIOGET_FSCREENINFO")
    } catch {
      notice(
        "double buffering off: \(path) refused a virtual height of \(2 * height) rows"
          + " (\(error.message))")
    }
  }

  /// `strerror`, as a Swift string.
  fileprivate static func describe(_ err: Int32) -> String {
    String(cString: strerror(err))
  }
}
