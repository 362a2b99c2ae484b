import CGPIOD
import Foundation
import Synchronization

/// Edges from GPIO lines through the Linux GPIO character device (libgpiod 1.6, v1 API).
///
/// `init` opens the chip, requests every line for both-edge events with its active-low and
/// bias settings, and reads the lines' levels, so a missing chip or pin is reported before
/// anything runs. ``edges()`` then starts one thread, owned by this source, that waits on
/// all the lines at once and yields each edge with the kernel's timestamp
/// (`CLOCK_MONOTONIC`, see ``now()``). When the consumer stops iterating (or the task is
/// cancelled) the thread is woken through a pipe, stops, and releases the lines and the
/// chip.
///
/// Edge polarity is logical: with `activeLow` the kernel reports a falling wire as a rising
/// edge (v1 semantics), so a pressed active-low button rises.
///
/// Threading: `init` blocks briefly (opening the chip and requesting lines are a few
/// ioctls). ``edges()`` may be called from any thread, once; it does not block.
public final class GPIOEdgeSource: EdgeSource {
  /// One line to request.
  public struct Line: Sendable, Equatable {
    /// Line offset on the chip (the BCM GPIO number on a Raspberry Pi).
    public var offset: UInt32
    /// Request the line active-low: the kernel inverts levels and edges.
    public var activeLow: Bool
    /// The line's bias (pull resistor).
    public var bias: Bias

    public init(offset: UInt32, activeLow: Bool = false, bias: Bias = .asIs) {
      self.offset = offset
      self.activeLow = activeLow
      self.bias = bias
    }
  }

  /// A line's pull resistor (`GPIOD_LINE_REQUEST_FLAG_BIAS_*`; kernel 5.5 or later).
  public enum Bias: Sendable, Equatable {
    /// Leave whatever the firmware or device tree set.
    case asIs
    case disabled
    case pullUp
    case pullDown
  }

  /// The chip's device name, e.g. `gpiochip0`.
  public let chipName: String
  /// The chip's label, e.g. `pinctrl-bcm2711`.
  public let chipLabel: String
  /// How many lines the chip has.
  public let chipLineCount: Int
  /// The requested lines, in request order.
  public let lines: [Line]
  /// Each requested line's logical level when it was requested.
  public let initialLevels: [UInt32: Bool]

  /// The open chip and its lines, until ``edges()`` hands them to the adapter thread.
  private let pending: Mutex<Request?>
  private let failureState = Mutex<BoardError?>(nil)

  /// The open chip with its requested lines: what the adapter thread owns.
  struct Request: Sendable {
    var chip: GPIOChip
    /// `(offset, gpiod_line *)`, owned by `chip`.
    var lines: [(offset: UInt32, handle: LineHandle)]
  }

  /// A `gpiod_line *`, owned by its chip.
  struct LineHandle: @unchecked Sendable {
    // @unchecked Sendable: a borrowed pointer into a GPIOChip, used only by the thread that
    // owns that chip (see GPIOChip's threading contract).
    var pointer: OpaquePointer
  }

  /// Opens `chip` and requests `lines` for both-edge events.
  ///
  /// - Parameters:
  ///   - chip: a chip label (`pinctrl-bcm2711`), name (`gpiochip0`), number or device path.
  ///     Labels are matched first.
  ///   - lines: the lines to watch; each offset once.
  ///   - consumer: the name `gpioinfo` shows as the lines' user.
  /// - Throws: ``BoardError`` `.unavailable` if the chip or a line is missing or busy
  ///   ("line 99 not on gpiochip0 (58 lines)"), `.configuration` if an offset is listed
  ///   twice, `.failed` if the kernel refuses a request.
  public init(chip: String, lines: [Line], consumer: String = "headunit") throws(BoardError) {
    var seen = Set<UInt32>()
    for line in lines where !seen.insert(line.offset).inserted {
      throw BoardError(.configuration, "line \(line.offset) is listed twice")
    }
    let opened = try GPIOChip.open(chip)
    var handles: [(offset: UInt32, handle: LineHandle)] = []
    var levels: [UInt32: Bool] = [:]
    for line in lines {
      let handle = try opened.requestEdges(line, consumer: consumer)
      let value = gpiod_line_get_value(handle)
      guard value >= 0 else {
        let err = errno
        throw BoardError(
          .failed,
          "cannot read line \(line.offset) on \(opened.info.name): \(GPIOChip.describe(err))",
          underlying: err)
      }
      handles.append((line.offset, LineHandle(pointer: handle)))
      levels[line.offset] = value != 0
    }
    chipName = opened.info.name
    chipLabel = opened.info.label
    chipLineCount = opened.info.lineCount
    self.lines = lines
    initialLevels = levels
    pending = Mutex(Request(chip: opened, lines: handles))
  }

  /// Why the edge stream ended early, if the adapter thread hit an error.
  public var failure: BoardError? { failureState.withLock { $0 } }

  /// The edges of all requested lines, in kernel time order.
  ///
  /// The first call starts the adapter thread; the stream ends if reading fails (see
  /// ``failure``). A second call returns a stream that is already finished: the lines have
  /// one reader.
  public func edges() -> AsyncStream<Edge> {
    // The thread holds the source until it stops, to record why it stopped.
    AdapterThread.stream(
      named: "gpio-edges", on: pending.withLock { $0.take() },
      fail: { [self] error in failureState.withLock { $0 = error } },
      release: { $0.chip.close() }, run: Self.run)
  }

  /// The kernel's `CLOCK_MONOTONIC` now: the clock edge timestamps are on.
  ///
  /// The corresponding C function is `clock_gettime`.
  public static func now() -> Duration {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return duration(ts)
  }

  /// A `timespec` as a duration since its clock's origin.
  static func duration(_ ts: timespec) -> Duration {
    .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
  }
}
