import CEvdev

/// One event of a Linux input device (`struct input_event`), as the kernel stamped it.
///
/// `type`, `code` and `value` are the kernel's (`linux/input-event-codes.h`: `EV_ABS`,
/// `ABS_MT_POSITION_X`, …); `time` is the event's timestamp since its clock's origin
/// (`CLOCK_MONOTONIC` for ``EvdevTouchSource``, which asks for it, so touch and GPIO
/// timestamps compare; whatever a recording holds for ``ReplayTouchSource``).
public struct EvdevEvent: Sendable, Equatable, CustomStringConvertible {
  public var type: UInt16
  public var code: UInt16
  public var value: Int32
  public var time: Duration

  public init(type: UInt16, code: UInt16, value: Int32, time: Duration) {
    self.type = type
    self.code = code
    self.value = value
    self.time = time
  }

  /// The event as `evemu-record` writes it, without the time: `0003 0035 400`.
  public var description: String {
    func hex(_ n: UInt16) -> String {
      let digits = String(n, radix: 16)
      return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
    return "\(hex(type)) \(hex(code)) \(value)"
  }

  /// An `EV_SYN`/`SYN_REPORT`: the end of one frame of a device's state.
  public static func report(at time: Duration) -> EvdevEvent {
    EvdevEvent(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0, time: time)
  }

  /// An `EV_ABS` event.
  public static func abs(_ code: Int32, _ value: Int32, at time: Duration) -> EvdevEvent {
    EvdevEvent(type: UInt16(EV_ABS), code: UInt16(code), value: value, time: time)
  }

  /// An `EV_KEY` event (`BTN_TOUCH`: 1 down, 0 up).
  public static func key(_ code: Int32, _ value: Int32, at time: Duration) -> EvdevEvent {
    EvdevEvent(type: UInt16(EV_KEY), code: UInt16(code), value: value, time: time)
  }
}
