/// A touch screen's input device as it describes itself: its name, where it is, how it
/// reports contacts and the range of its axes.
///
/// Two kinds are read: multitouch devices speaking the kernel's protocol B (slots and
/// tracking ids: the official Raspberry Pi 7" display, most capacitive USB panels), and
/// single-touch devices (`ABS_X`/`ABS_Y` with `BTN_TOUCH`: resistive USB panels). A
/// protocol B device also reports the single-touch axes for old programs; those are left
/// alone.
public struct TouchDevice: Sendable, Equatable, CustomStringConvertible {
  /// How the device reports contacts.
  public enum Reporting: Sendable, Equatable {
    /// Protocol B: `slots` contacts at once, each in its slot with a tracking id.
    case multitouch(slots: Int)
    /// One contact: `BTN_TOUCH` down or up, `ABS_X`/`ABS_Y` where.
    case singleTouch
  }

  /// How many slots a multitouch device may have: the kernel's drivers have at most a few
  /// dozen, and a decoder holds one record per slot.
  public static let slotCounts = 1...64

  /// The device's own name (`EVIOCGNAME`): `raspberrypi-ts`, `eGalax Inc. USB TouchController`.
  public var name: String
  /// Where it was opened: `/dev/input/event0`, or a recording's file.
  public var path: String
  public var reporting: Reporting
  /// The x axis' range, in device units (`ABS_MT_POSITION_X`, or `ABS_X` for single touch).
  public var x: ClosedRange<Int32>
  /// The y axis' range, in device units.
  public var y: ClosedRange<Int32>

  public init(
    name: String, path: String, reporting: Reporting, x: ClosedRange<Int32>,
    y: ClosedRange<Int32>
  ) {
    self.name = name
    self.path = path
    self.reporting = reporting
    self.x = x
    self.y = y
  }

  /// `raspberrypi-ts on /dev/input/event0 (multitouch, 10 slots, x 0–799, y 0–479)`.
  public var description: String {
    let kind: String
    switch reporting {
    case .multitouch(let slots): kind = "multitouch, \(slots) slots"
    case .singleTouch: kind = "single touch"
    }
    return
      "\(name) on \(path) (\(kind), x \(x.lowerBound)–\(x.upperBound), y \(y.lowerBound)–\(y.upperBound))"
  }
}
