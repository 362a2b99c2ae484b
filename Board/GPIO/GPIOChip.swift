import CGPIOD
import Glibc

/// An open GPIO chip: the libgpiod 1.6 (v1 API) `struct gpiod_chip` handle and the lines
/// requested through it.
///
/// The chip is opened by ``open(_:)`` and closed by ``close()`` or `deinit`
/// (`gpiod_chip_close`, which also releases every line requested through it, so the
/// kernel drops its event queues and the lines are free for other programs).
///
/// Threading: not for concurrent use. A chip is opened and its lines requested on the
/// caller's thread, then handed to the one adapter thread that waits on its lines; from
/// then on that thread is its only user.
final class GPIOChip: @unchecked Sendable {
  // @unchecked Sendable: libgpiod v1 has no global state and a chip handle is safe to use
  // from any thread as long as only one uses it at a time. The ownership hand-off above
  // (opener → adapter thread, never both at once) guarantees that; `deinit` runs only
  // once the last owner let go.

  /// What the kernel says about a chip (`GPIO_GET_CHIPINFO_IOCTL`).
  struct Info: Sendable, Equatable, CustomStringConvertible {
    /// The device name: `gpiochip0`.
    var name: String
    /// The driver's label: `pinctrl-bcm2711`, `pinctrl-rp1`, `raspberrypi-exp-gpio`.
    var label: String
    /// How many lines (offsets `0..<lineCount`).
    var lineCount: Int

    /// `gpiochip0 [pinctrl-bcm2711]`, as `gpiodetect` prints it.
    var description: String { "\(name) [\(label)]" }
  }

  /// The name, label and line count read when the chip was opened.
  let info: Info
  private var handle: OpaquePointer?

  /// Takes ownership of a handle from one of the `gpiod_chip_open*` functions.
  init(handle: OpaquePointer) {
    self.handle = handle
    info = Info(
      name: String(cString: gpiod_chip_name(handle)),
      label: String(cString: gpiod_chip_label(handle)),
      lineCount: Int(gpiod_chip_num_lines(handle)))
  }

  deinit { close() }

  /// Closes the chip and releases its requested lines. Closing twice does nothing.
  ///
  /// The corresponding C function is `gpiod_chip_close`.
  func close() {
    if let handle { gpiod_chip_close(handle) }
    handle = nil
  }

  /// Requests one line as an input that reports both edges.
  ///
  /// - Parameters:
  ///   - line: the line's offset and electrical settings.
  ///   - consumer: the name `gpioinfo` shows as the line's user.
  /// - Returns: the libgpiod line handle, owned by this chip (valid until ``close()``).
  /// - Throws: ``BoardError`` `.unavailable` if the line is not on this chip or is in use,
  ///   `.failed` if the kernel refused the request.
  ///
  /// The corresponding C function is `gpiod_line_request_both_edges_events_flags`.
  func requestEdges(_ line: GPIOEdgeSource.Line, consumer: String) throws(BoardError)
    -> OpaquePointer
  {
    guard let handle else { throw BoardError(.failed, "GPIO chip \(info.name) is closed") }
    guard Int(line.offset) < info.lineCount else {
      throw BoardError(
        .unavailable,
        "line \(line.offset) not on \(info.name) (\(info.lineCount) lines)"
          + " — check the pin numbers in the config")
    }
    guard let lineHandle = gpiod_chip_get_line(handle, line.offset) else {
      let err = errno
      throw BoardError(
        .failed, "cannot read line \(line.offset) of \(info.name): \(Self.describe(err))",
        underlying: err)
    }
    let flags = Self.requestFlags(line)
    if gpiod_line_request_both_edges_events_flags(lineHandle, consumer, flags) != 0 {
      let err = errno
      if err == EBUSY {
        _ = gpiod_line_update(lineHandle)
        let user = gpiod_line_consumer(lineHandle).map { " by '\(String(cString: $0))'" } ?? ""
        throw BoardError(
          .unavailable,
          "line \(line.offset) on \(info.name) is already in use\(user) — stop the other"
            + " program or pick another pin", underlying: err)
      }
      throw BoardError(
        .failed,
        "cannot request line \(line.offset) on \(info.name) for edge events: "
          + Self.describe(err), underlying: err)
    }
    return lineHandle
  }

  /// The libgpiod handle of line `offset` (owned by this chip), nil when the chip is
  /// closed or has no such line.
  func line(_ offset: UInt32) -> OpaquePointer? {
    guard let handle, Int(offset) < info.lineCount else { return nil }
    return gpiod_chip_get_line(handle, offset)
  }

  /// The `GPIOD_LINE_REQUEST_FLAG_*` bits for a line's settings.
  static func requestFlags(_ line: GPIOEdgeSource.Line) -> Int32 {
    var flags = 0
    if line.activeLow { flags |= Int(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) }
    switch line.bias {
    case .asIs: break
    case .disabled: flags |= Int(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
    case .pullUp: flags |= Int(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
    case .pullDown: flags |= Int(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
    }
    return Int32(flags)
  }

  /// `strerror`, as a Swift string.
  static func describe(_ err: Int32) -> String {
    String(cString: strerror(err))
  }
}
