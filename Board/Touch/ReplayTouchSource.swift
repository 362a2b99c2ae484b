import CEvdev
import Foundation

/// A recorded touch screen played back: for tests, and captures made in the car.
///
/// Recordings are what `evemu-record` writes (Debian's `evemu-tools`), so a capture is
/// `evemu-record /dev/input/event0 > tap.evemu` on the Pi. What is read of it:
///
///     N: raspberrypi-ts                          the device's name
///     A: 35 0 799 0 0 0                          an axis (hex code), its minimum and maximum
///     E: 1614267360.123456 0003 0035 400         an event: seconds, hex type, hex code, value
///
/// The axes decide the reporting: `ABS_MT_SLOT` (`2f`) with the multitouch positions is
/// protocol B with as many slots as its range holds; else `ABS_X`/`ABS_Y` single touch.
/// Other lines (`#` comments, `I:`, `P:`, `B:`) and comments after an event are skipped.
///
/// Threading: ``events()`` may be called from any thread, any number of times; each call
/// plays the whole recording. With ``Pacing/realTime(speed:)`` a task sleeps between
/// events; it stops when the consumer does.
public struct ReplayTouchSource: TouchSource {
  /// How fast events come out.
  public enum Pacing: Sendable, Equatable {
    /// All at once: the consumer sees only the timestamps (deterministic; for tests).
    case immediate
    /// Spaced as recorded, `speed` times faster (1 = as recorded).
    case realTime(speed: Double)
  }

  public let device: TouchDevice
  /// The events, in the order they are played.
  public let recording: [EvdevEvent]
  public let pacing: Pacing
  /// A recording never fails.
  public var failure: BoardError? { nil }

  public init(device: TouchDevice, recording: [EvdevEvent], pacing: Pacing = .immediate) {
    self.device = device
    self.recording = recording
    self.pacing = pacing
  }

  /// Reads an `evemu-record` capture; `path` names it in the device and in errors.
  ///
  /// - Throws: ``BoardError`` `.configuration` naming the first line that does not read,
  ///   or saying which axes are missing for a touch screen.
  public init(evemu text: String, path: String, pacing: Pacing = .immediate) throws(BoardError) {
    var name = ""
    var axes: [Int32: ClosedRange<Int32>] = [:]
    var events: [EvdevEvent] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line =
        raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
      func bad(_ expected: String) -> BoardError {
        BoardError(
          .configuration, "\(path): line \(index + 1): expected \(expected), got '\(raw)'")
      }
      if line.hasPrefix("N:") {
        name = String(line.dropFirst(2)).trimmingCharacters(in: .whitespacesAndNewlines)
      } else if line.hasPrefix("A:") {
        let fields = line.dropFirst(2).split(separator: " ")
        guard fields.count >= 3, let code = Int32(fields[0], radix: 16),
          let low = Int32(fields[1]), let high = Int32(fields[2]), low <= high
        else { throw bad("'A: CODE MIN MAX …' with MIN ≤ MAX") }
        axes[code] = low...high
      } else if line.hasPrefix("E:") {
        let fields = line.dropFirst(2).split(separator: " ")
        guard fields.count == 4, let time = Self.seconds(fields[0]),
          let type = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16),
          let value = Int32(fields[3])
        else { throw bad("'E: SECONDS.MICROS TYPE CODE VALUE'") }
        events.append(EvdevEvent(type: type, code: code, value: value, time: time))
      }
    }
    let device: TouchDevice
    if let slots = axes[ABS_MT_SLOT], let x = axes[ABS_MT_POSITION_X],
      let y = axes[ABS_MT_POSITION_Y]
    {
      let count = Int(slots.upperBound) + 1
      let allowed = TouchDevice.slotCounts
      guard allowed.contains(count) else {
        throw BoardError(
          .configuration,
          "\(path): ABS_MT_SLOT holds \(count) slots "
            + "(expected \(allowed.lowerBound)–\(allowed.upperBound))")
      }
      device = TouchDevice(name: name, path: path, reporting: .multitouch(slots: count), x: x, y: y)
    } else if let x = axes[ABS_X], let y = axes[ABS_Y] {
      device = TouchDevice(name: name, path: path, reporting: .singleTouch, x: x, y: y)
    } else {
      throw BoardError(
        .configuration,
        "\(path): no touch axes (expected 'A: 2f', 'A: 35' and 'A: 36' lines for multitouch, "
          + "or 'A: 00' and 'A: 01' for single touch)")
    }
    self.init(device: device, recording: events, pacing: pacing)
  }

  public func events() -> AsyncStream<EvdevEvent> {
    let (stream, continuation) = AsyncStream.makeStream(of: EvdevEvent.self)
    switch pacing {
    case .immediate:
      for event in recording { continuation.yield(event) }
      continuation.finish()
    case .realTime(let speed):
      let recording = recording
      let player = Task {
        var previous = recording.first?.time
        for event in recording {
          if let last = previous, event.time > last, speed > 0 {
            do {
              try await Task.sleep(for: (event.time - last) / speed)
            } catch {
              break
            }
          }
          previous = event.time
          if case .terminated = continuation.yield(event) { break }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in player.cancel() }
    }
    return stream
  }

  /// `"1614267360.123456"` (seconds, up to nine decimals) as a duration.
  static func seconds(_ text: Substring) -> Duration? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int64(parts[0]), whole >= 0 else {
      return nil
    }
    var nanoseconds: Int64 = 0
    if parts.count == 2 {
      let fraction = parts[1]
      guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCII),
        let digits = Int64(fraction), digits >= 0
      else { return nil }
      nanoseconds = digits
      for _ in fraction.count..<9 { nanoseconds *= 10 }
    }
    return .seconds(whole) + .nanoseconds(nanoseconds)
  }
}
