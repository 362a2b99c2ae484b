import CLinuxFB
import Glibc

/// Keeps the kernel's text console off the screen while the head unit draws on the
/// framebuffer: the virtual console goes to graphics mode (no text, no blinking cursor)
/// and back to text mode when this is released, so a shell is usable after a stop.
///
/// The corresponding C call is `ioctl(fd, KDSETMODE, KD_GRAPHICS)` on the console device.
/// Not thread-safe; owned by whoever owns the framebuffer.
public final class ConsoleGraphicsMode {
  public let path: String
  private let descriptor: Int32

  /// Switches the console at `path` (default `/dev/tty0`, the active console) to graphics
  /// mode.
  ///
  /// - Throws: `BoardError(.unavailable)` naming the console and the fix when it cannot
  ///   be opened (permission: the `tty` group, or run on the console's seat) or is not a
  ///   virtual console.
  public init(path: String = "/dev/tty0") throws(BoardError) {
    self.path = path
    let fd = open(path, O_RDWR | O_CLOEXEC)
    guard fd >= 0 else {
      let err = errno
      throw BoardError(
        .unavailable,
        "cannot open the console \(path): \(String(cString: strerror(err)))"
          + (err == EACCES ? " — add the user to the 'tty' group" : ""),
        underlying: err)
    }
    guard ioctl(fd, UInt(KDSETMODE), Int32(KD_GRAPHICS)) == 0 else {
      let err = errno
      close(fd)
      throw BoardError(
        .unavailable,
        "\(path) is not a virtual console (\(String(cString: strerror(err)))); console text may show over the screen",
        underlying: err)
    }
    descriptor = fd
  }

  deinit {
    _ = ioctl(descriptor, UInt(KDSETMODE), Int32(KD_TEXT))
    close(descriptor)
  }
}
