import CEvdev
import Glibc
import POSIX

/// An open input device: its descriptor and the libevdev handle over it (`struct libevdev`).
///
/// Opened by ``open(_:)`` (non-blocking, read-only), freed and closed by `deinit`.
///
/// Threading: not for concurrent use. A device is opened and examined on the caller's
/// thread, then handed to the one adapter thread that reads it; from then on that thread
/// is its only user.
final class EvdevDevice: @unchecked Sendable {
  // @unchecked Sendable: libevdev keeps no global state (save its log handler, which is
  // not set here) and a handle is safe on any thread while one uses it at a time. The
  // hand-off above (opener → adapter thread, never both at once) guarantees that; `deinit`
  // runs only once the last owner let go.

  /// Where it was opened.
  let path: String
  let file: FileDescriptor
  let handle: OpaquePointer

  private init(path: String, file: FileDescriptor, handle: OpaquePointer) {
    self.path = path
    self.file = file
    self.handle = handle
  }

  deinit {
    libevdev_free(handle)
    file.close()
  }

  /// Opens `path` and reads what the device is (name, event bits, axis ranges).
  ///
  /// The corresponding C functions are `open` and `libevdev_new_from_fd`.
  ///
  /// - Throws: ``BoardError`` `.unavailable` when the node is missing or not readable,
  ///   `.failed` when it is not an input device.
  static func open(_ path: String) throws(BoardError) -> EvdevDevice {
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
    } catch {
      let hint =
        switch error.rawValue {
        case EACCES, EPERM: " — is the user in group input?"
        case ENOENT, ENODEV, ENXIO: " — is the touch screen connected?"
        default: ""
        }
      throw BoardError(
        .unavailable, "cannot open \(path): \(describe(error.rawValue))\(hint)",
        underlying: error.rawValue)
    }
    var handle: OpaquePointer?
    let rc = libevdev_new_from_fd(file.rawValue, &handle)
    guard rc == 0, let handle else {
      file.close()
      throw BoardError(
        .failed, "\(path) is not an input device: \(describe(-rc))", underlying: -rc)
    }
    return EvdevDevice(path: path, file: file, handle: handle)
  }

  /// The device's own name.
  var name: String { libevdev_get_name(handle).map { String(cString: $0) } ?? "" }

  func has(_ type: Int32, _ code: Int32) -> Bool {
    libevdev_has_event_code(handle, UInt32(type), UInt32(code)) != 0
  }

  func hasProperty(_ property: Int32) -> Bool {
    libevdev_has_property(handle, UInt32(property)) != 0
  }

  /// The range of absolute axis `code`, nil when the device has none or it is empty.
  func range(_ code: Int32) -> ClosedRange<Int32>? {
    guard has(EV_ABS, code), let info = libevdev_get_abs_info(handle, UInt32(code)) else {
      return nil
    }
    let low = info.pointee.minimum
    let high = info.pointee.maximum
    return low < high ? low...high : nil
  }

  /// What kind of touch screen this is, or nil when it is none: multitouch with
  /// `ABS_MT_SLOT` and both `ABS_MT_POSITION` axes, else single touch with `ABS_X`,
  /// `ABS_Y` and `BTN_TOUCH`. A touchpad (`INPUT_PROP_POINTER`: it moves a pointer rather
  /// than touching what is under the finger) is none.
  var touchDevice: TouchDevice? {
    guard !hasProperty(INPUT_PROP_POINTER) else { return nil }
    if let x = range(ABS_MT_POSITION_X), let y = range(ABS_MT_POSITION_Y), has(EV_ABS, ABS_MT_SLOT)
    {
      let slots = Int(libevdev_get_num_slots(handle))
      guard TouchDevice.slotCounts.contains(slots) else { return nil }
      return TouchDevice(name: name, path: path, reporting: .multitouch(slots: slots), x: x, y: y)
    }
    if let x = range(ABS_X), let y = range(ABS_Y), has(EV_KEY, BTN_TOUCH) {
      return TouchDevice(name: name, path: path, reporting: .singleTouch, x: x, y: y)
    }
    return nil
  }

  /// Stamps events on `CLOCK_MONOTONIC` (the kernel's default is the wall clock, which
  /// jumps), as GPIO edges are.
  ///
  /// The corresponding C function is `libevdev_set_clock_id`.
  func useMonotonicClock() throws(BoardError) {
    let rc = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
    guard rc == 0 else {
      throw BoardError(
        .failed, "\(path): cannot use the monotonic clock: \(Self.describe(-rc))",
        underlying: -rc)
    }
  }

  /// Takes the device for this program alone, so no other reader (a console, a second
  /// copy of the program) acts on the same touches.
  ///
  /// The corresponding C function is `libevdev_grab` (`EVIOCGRAB`).
  ///
  /// - Throws: ``BoardError`` `.unavailable` when another program holds it.
  func grab() throws(BoardError) {
    let rc = libevdev_grab(handle, LIBEVDEV_GRAB)
    guard rc == 0 else {
      throw BoardError(
        .unavailable,
        "\(path) is held by another program (EVIOCGRAB: \(Self.describe(-rc)))", underlying: -rc)
    }
  }

  /// `strerror`, as a Swift string.
  static func describe(_ err: Int32) -> String { String(cString: strerror(err)) }
}
