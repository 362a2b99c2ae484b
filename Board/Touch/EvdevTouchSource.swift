import CEvdev
import Foundation
import Synchronization

/// A touch screen's events through libevdev, from its `/dev/input/event*` node.
///
/// `init` opens the device, checks that it is a touch screen, asks for `CLOCK_MONOTONIC`
/// timestamps and grabs it, so a missing, foreign or busy device is reported before
/// anything runs. ``events()`` then starts one thread, owned by this source, that waits on
/// the device and yields each event; when the kernel's buffer overran, libevdev's
/// resynchronisation (the state's changes, then a `SYN_REPORT`) is passed on instead of the
/// drop. When the consumer stops iterating the thread is woken through a pipe, stops, and
/// closes the device. A device that goes away (an unplugged USB panel: `ENODEV`) ends the
/// stream with ``failure`` set.
///
/// Threading: `init` and ``find(in:)`` block briefly (opening and a few ioctls per device).
/// ``events()`` may be called from any thread, once; it does not block.
public final class EvdevTouchSource: TouchSource {
  public let device: TouchDevice
  /// The open device, until ``events()`` hands it to the adapter thread.
  private let pending: Mutex<EvdevDevice?>
  private let failureState = Mutex<BoardError?>(nil)

  /// Opens the touch screen at `path`.
  ///
  /// - Throws: ``BoardError`` `.unavailable` when the node is missing, unreadable or held
  ///   by another program, or is no touch screen (a keyboard, a touchpad); `.failed` when
  ///   it is no input device or refuses the monotonic clock.
  public convenience init(path: String) throws(BoardError) {
    try self.init(opened: EvdevDevice.open(path))
  }

  /// Takes over `opened` if it is a touch screen.
  private init(opened: EvdevDevice) throws(BoardError) {
    guard let device = opened.touchDevice else {
      throw BoardError(
        .unavailable,
        "\(opened.path) (\(opened.name)) is not a touch screen: it has neither multitouch "
          + "slots nor ABS_X/ABS_Y with BTN_TOUCH")
    }
    try opened.useMonotonicClock()
    try opened.grab()
    self.device = device
    pending = Mutex(opened)
  }

  /// The first touch screen among `directory`'s `event*` nodes, in number order.
  ///
  /// - Throws: ``BoardError`` `.unavailable` saying what was looked at: no nodes, none a
  ///   touch screen (with the names of those that were read), or none readable.
  public static func find(in directory: String = "/dev/input") throws(BoardError)
    -> EvdevTouchSource
  {
    let nodes = eventNodes(in: directory)
    guard !nodes.isEmpty else {
      throw BoardError(.unavailable, "no touch screen: \(directory) has no event devices")
    }
    var seen: [String] = []
    var unreadable: [String] = []
    for node in nodes {
      let path = "\(directory)/\(node)"
      let opened: EvdevDevice
      do {
        opened = try EvdevDevice.open(path)
      } catch {
        unreadable.append(node)
        continue
      }
      guard opened.touchDevice != nil else {
        seen.append("\(node) \(opened.name)")
        continue
      }
      return try EvdevTouchSource(opened: opened)
    }
    var message = "no touch screen among \(directory)'s event devices"
    if !seen.isEmpty { message += " (\(seen.joined(separator: ", ")))" }
    if !unreadable.isEmpty {
      message +=
        "; \(unreadable.joined(separator: ", ")) could not be opened — is the user in group input?"
    }
    throw BoardError(.unavailable, message)
  }

  /// The `eventN` names in `directory`, by number (`event2` before `event10`).
  ///
  /// The corresponding C function is `scandir`.
  static func eventNodes(in directory: String) -> [String] {
    var list: UnsafeMutablePointer<UnsafeMutablePointer<dirent>?>?
    let count = scandir(directory, &list, nil, nil)
    guard count > 0, let list else { return [] }
    defer { free(list) }
    var names: [(number: Int, name: String)] = []
    for index in 0..<Int(count) {
      guard let entry = list[index] else { continue }
      defer { free(entry) }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix("event"), let number = Int(name.dropFirst(5)), number >= 0 {
        names.append((number, name))
      }
    }
    return names.sorted { $0.number < $1.number }.map(\.name)
  }

  public var failure: BoardError? { failureState.withLock { $0 } }

  /// The device's events, in the kernel's order.
  ///
  /// The first call starts the adapter thread; the stream ends if reading fails (see
  /// ``failure``). A second call returns a stream that is already finished: the device has
  /// one reader.
  public func events() -> AsyncStream<EvdevEvent> {
    // The thread holds the source until it stops, to record why it stopped.
    AdapterThread.stream(
      named: "touch-events", on: pending.withLock { $0.take() },
      fail: { [self] error in failureState.withLock { $0 = error } }, run: Self.run)
  }

  /// The adapter thread's loop: waits on the device and the wakeup pipe, and reads every
  /// event waiting each time the device is readable.
  ///
  /// Blocks until ``StopSignal/signal()`` or an error. Runs on the thread ``events()``
  /// started, which owns `opened` meanwhile.
  ///
  /// - Returns: the error that stopped it, or `nil` if it was asked to stop.
  static func run(
    _ opened: EvdevDevice, wakeup: StopSignal, continuation: AsyncStream<EvdevEvent>.Continuation
  ) -> BoardError? {
    var event = input_event()
    var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
    while true {
      switch wakeup.wait(readable: opened.file.rawValue, timeout: nil) {
      case .stopped: return nil
      case .readable, .timedOut: break
      }
      reading: while true {
        let rc = libevdev_next_event(opened.handle, flags, &event)
        switch rc {
        case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
          if case .terminated = continuation.yield(evdevEvent(event)) { return nil }
        case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
          // `event` is the SYN_DROPPED itself on a normal read; with the sync flag, one of
          // the events that bring the state up to date, the last a SYN_REPORT.
          if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
            if case .terminated = continuation.yield(evdevEvent(event)) { return nil }
          }
          flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
        case -EAGAIN:
          // Nothing more now; after a resynchronisation, back to normal reads.
          if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
            flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
            continue reading
          }
          break reading
        case -EINTR:
          continue reading
        case -ENODEV:
          return BoardError(
            .failed, "\(opened.path) went away (unplugged?)", underlying: ENODEV)
        default:
          return BoardError(
            .failed, "reading \(opened.path) failed: \(EvdevDevice.describe(-rc))",
            underlying: -rc)
        }
      }
    }
  }

  /// A kernel `input_event` as an ``EvdevEvent``.
  static func evdevEvent(_ event: input_event) -> EvdevEvent {
    EvdevEvent(
      type: event.type, code: event.code, value: event.value,
      time: .seconds(Int64(event.time.tv_sec)) + .microseconds(Int64(event.time.tv_usec)))
  }
}
