import CEvdev

/// Turns a touch device's events into frames: where every finger is after each
/// `SYN_REPORT`, in device units.
///
/// A pure state machine over one ``TouchDevice``. Protocol B (multitouch): `ABS_MT_SLOT`
/// picks a slot, `ABS_MT_TRACKING_ID` ≥ 0 puts a new contact in it and −1 lifts it, and
/// `ABS_MT_POSITION_X`/`_Y` move it; a slot keeps its last position across contacts, as the
/// kernel resends only values that changed. Single touch: `BTN_TOUCH` 1/0 puts the one
/// contact down and lifts it, `ABS_X`/`ABS_Y` move it.
///
/// Contract:
/// - A frame comes out at a `SYN_REPORT` after which the contacts differ from the last
///   frame's, stamped with the report's time; contacts are in slot order.
/// - A contact's ``Contact/id`` stays the same while it is down and is never reused by a
///   later contact: it counts the touches since the decoder began.
/// - After `SYN_DROPPED` (the kernel's buffer overran) everything up to the next
///   `SYN_REPORT` is dropped, as the kernel documentation says; libevdev resynchronises
///   the real device's state itself and never passes the drop on.
/// - Slots outside the device's count, a position before any contact, and events of other
///   types are ignored. Before any event no finger is down.
public struct TouchDecoder: Sendable {
  /// One finger on the panel.
  public struct Contact: Sendable, Equatable {
    public var id: Int
    public var x: Int32
    public var y: Int32

    public init(id: Int, x: Int32, y: Int32) {
      self.id = id
      self.x = x
      self.y = y
    }
  }

  /// Every finger down at one instant.
  public struct Frame: Sendable, Equatable {
    public var contacts: [Contact]
    public var time: Duration

    public init(contacts: [Contact], time: Duration) {
      self.contacts = contacts
      self.time = time
    }
  }

  private struct Slot: Sendable {
    /// The contact's id; nil while no finger is in the slot.
    var id: Int?
    var x: Int32?
    var y: Int32?
  }

  public let device: TouchDevice
  private var slots: [Slot]
  /// The slot `ABS_MT_*` events go to; nil after a slot number out of range.
  private var slot: Int? = 0
  private var dropping = false
  private var touches = 0
  private var last: [Contact] = []

  public init(device: TouchDevice) {
    self.device = device
    switch device.reporting {
    case .multitouch(let count): slots = Array(repeating: Slot(), count: max(1, count))
    case .singleTouch: slots = [Slot()]
    }
  }

  /// Applies one event; returns the frame it completes, if the contacts changed.
  public mutating func handle(_ event: EvdevEvent) -> Frame? {
    if event.type == UInt16(EV_SYN) {
      switch Int32(event.code) {
      case SYN_DROPPED:
        dropping = true
      case SYN_REPORT:
        if dropping {
          dropping = false
          return nil
        }
        let contacts = current
        guard contacts != last else { return nil }
        last = contacts
        return Frame(contacts: contacts, time: event.time)
      default:
        break
      }
      return nil
    }
    guard !dropping else { return nil }
    switch device.reporting {
    case .multitouch: multitouch(event)
    case .singleTouch: singleTouch(event)
    }
    return nil
  }

  /// The fingers down now, in slot order.
  private var current: [Contact] {
    slots.compactMap { slot in
      guard let id = slot.id, let x = slot.x, let y = slot.y else { return nil }
      return Contact(id: id, x: x, y: y)
    }
  }

  private mutating func multitouch(_ event: EvdevEvent) {
    guard event.type == UInt16(EV_ABS) else { return }
    let code = Int32(event.code)
    if code == ABS_MT_SLOT {
      slot = slots.indices.contains(Int(event.value)) ? Int(event.value) : nil
      return
    }
    guard let slot else { return }
    switch code {
    case ABS_MT_TRACKING_ID:
      if event.value < 0 {
        slots[slot].id = nil
      } else {
        // A tracking id is unique among live contacts; counting touches as well keeps a
        // finger that reuses a recent id apart from the one before it.
        touches += 1
        slots[slot].id = touches
      }
    case ABS_MT_POSITION_X: slots[slot].x = event.value
    case ABS_MT_POSITION_Y: slots[slot].y = event.value
    default: break
    }
  }

  private mutating func singleTouch(_ event: EvdevEvent) {
    let code = Int32(event.code)
    if event.type == UInt16(EV_KEY), code == BTN_TOUCH {
      if event.value != 0, slots[0].id == nil {
        touches += 1
        slots[0].id = touches
      } else if event.value == 0 {
        slots[0].id = nil
      }
    } else if event.type == UInt16(EV_ABS) {
      if code == ABS_X { slots[0].x = event.value }
      if code == ABS_Y { slots[0].y = event.value }
    }
  }
}
