import CGPIOD
import Glibc

/// One look at the configured input lines, for a self-check: for each line, whether
/// another program holds it, else its logical level now (requested as an input with the
/// line's own active level and pull, read once and released).
public enum GPIOProbe {
  /// What one line showed.
  public enum Outcome: Sendable, Equatable {
    /// Free; `isActive` is its logical level (pressed, on).
    case level(isActive: Bool)
    /// Held by another program (`consumer`, as `gpioinfo` names it).
    case busy(consumer: String)
    /// Could not be read: why.
    case failed(String)
  }

  /// A line and what it showed.
  public struct Reading: Sendable, Equatable {
    public var line: ResolvedInputConfig.Line
    public var outcome: Outcome
  }

  /// Opens `config`'s chip and reads every line of it. Blocks for microseconds.
  ///
  /// - Returns: the chip as `gpiodetect` names it, and a reading per line in `config`'s
  ///   order.
  /// - Throws: ``BoardError`` when the chip is missing or cannot be opened.
  public static func read(_ config: ResolvedInputConfig) throws(BoardError) -> (
    chip: String, readings: [Reading]
  ) {
    let chip = try GPIOChip.open(config.chip)
    defer { chip.close() }
    return (
      chip.info.description, config.lines.map { Reading(line: $0, outcome: read($0, on: chip)) }
    )
  }

  private static func read(_ line: ResolvedInputConfig.Line, on chip: GPIOChip) -> Outcome {
    guard let handle = chip.line(line.offset) else {
      return .failed("line \(line.offset) is not on \(chip.info.name)")
    }
    if gpiod_line_update(handle) == 0, gpiod_line_is_used(handle) {
      let user = gpiod_line_consumer(handle).map { String(cString: $0) } ?? "the kernel"
      return .busy(consumer: user)
    }
    let flags = GPIOChip.requestFlags(line.edgeLine)
    guard gpiod_line_request_input_flags(handle, "headunit-doctor", flags) == 0 else {
      let err = errno
      if err == EBUSY { return .busy(consumer: "another program") }
      return .failed(GPIOChip.describe(err))
    }
    defer { gpiod_line_release(handle) }
    let value = gpiod_line_get_value(handle)
    guard value >= 0 else { return .failed(GPIOChip.describe(errno)) }
    return .level(isActive: value == 1)
  }
}
