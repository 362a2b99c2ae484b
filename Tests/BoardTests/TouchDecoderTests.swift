import Board
import CEvdev
import Testing

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// A script of evdev events, each group ended by a SYN_REPORT `step` apart.
struct EvdevScript {
  private(set) var events: [EvdevEvent] = []
  var time = Duration.zero

  mutating func abs(_ code: Int32, _ value: Int32) { events.append(.abs(code, value, at: time)) }
  mutating func key(_ code: Int32, _ value: Int32) { events.append(.key(code, value, at: time)) }

  /// The kernel's buffer overran.
  mutating func dropped() {
    events.append(
      EvdevEvent(type: UInt16(EV_SYN), code: UInt16(SYN_DROPPED), value: 0, time: time))
  }

  /// Ends the frame and moves the clock on by `step`.
  mutating func report(after step: Duration = .milliseconds(16)) {
    events.append(.report(at: time))
    time += step
  }

  /// Protocol B: finger `id` down in `slot` at (`x`, `y`), with the pointer emulation a
  /// multitouch driver adds for the first finger.
  mutating func down(slot: Int32, id: Int32, x: Int32, y: Int32) {
    abs(ABS_MT_SLOT, slot)
    abs(ABS_MT_TRACKING_ID, id)
    abs(ABS_MT_POSITION_X, x)
    abs(ABS_MT_POSITION_Y, y)
    key(BTN_TOUCH, 1)
    abs(ABS_X, x)
    abs(ABS_Y, y)
  }

  mutating func move(slot: Int32, x: Int32, y: Int32) {
    abs(ABS_MT_SLOT, slot)
    abs(ABS_MT_POSITION_X, x)
    abs(ABS_MT_POSITION_Y, y)
  }

  mutating func up(slot: Int32) {
    abs(ABS_MT_SLOT, slot)
    abs(ABS_MT_TRACKING_ID, -1)
  }
}

@Suite("Touch decoder")
struct TouchDecoderTests {
  static let multitouch = TouchDevice(
    name: "raspberrypi-ts", path: "/dev/input/event0", reporting: .multitouch(slots: 10),
    x: 0...799, y: 0...479)
  static let singleTouch = TouchDevice(
    name: "eGalax", path: "/dev/input/event1", reporting: .singleTouch, x: 0...4095,
    y: 0...4095)

  func frames(_ events: [EvdevEvent], device: TouchDevice = multitouch) -> [TouchDecoder.Frame] {
    var decoder = TouchDecoder(device: device)
    return events.compactMap { decoder.handle($0) }
  }

  typealias Contact = TouchDecoder.Contact

  @Test func protocolBOneFingerDownMoveUp() {
    var script = EvdevScript()
    script.down(slot: 0, id: 40, x: 100, y: 200)
    script.report()
    script.move(slot: 0, x: 110, y: 200)
    script.report()
    script.up(slot: 0)
    script.key(BTN_TOUCH, 0)
    script.report()
    #expect(
      frames(script.events) == [
        .init(contacts: [Contact(id: 1, x: 100, y: 200)], time: .zero),
        .init(contacts: [Contact(id: 1, x: 110, y: 200)], time: ms(16)),
        .init(contacts: [], time: ms(32)),
      ])
  }

  @Test func protocolBTwoFingersKeepTheirSlotsAndPositions() {
    var script = EvdevScript()
    script.down(slot: 0, id: 7, x: 300, y: 240)
    script.report()
    script.down(slot: 1, id: 8, x: 500, y: 240)
    script.report()
    // Only the second finger moves; the kernel sends only what changed.
    script.abs(ABS_MT_POSITION_X, 550)
    script.report()
    script.up(slot: 0)
    script.report()
    // A new finger in slot 0 at the spot the last one left: no position is resent.
    script.abs(ABS_MT_SLOT, 0)
    script.abs(ABS_MT_TRACKING_ID, 9)
    script.report()
    #expect(
      frames(script.events).map(\.contacts) == [
        [Contact(id: 1, x: 300, y: 240)],
        [Contact(id: 1, x: 300, y: 240), Contact(id: 2, x: 500, y: 240)],
        [Contact(id: 1, x: 300, y: 240), Contact(id: 2, x: 550, y: 240)],
        [Contact(id: 2, x: 550, y: 240)],
        [Contact(id: 3, x: 300, y: 240), Contact(id: 2, x: 550, y: 240)],
      ])
  }

  @Test func reportsWithoutAChangeGiveNoFrame() {
    var script = EvdevScript()
    script.down(slot: 0, id: 1, x: 10, y: 10)
    script.report()
    script.abs(ABS_MT_POSITION_X, 10)  // the same value again
    script.report()
    script.report()
    #expect(frames(script.events).count == 1)
  }

  @Test func afterADropEverythingUpToTheNextReportIsDropped() {
    var script = EvdevScript()
    script.down(slot: 0, id: 1, x: 10, y: 10)
    script.report()
    script.abs(ABS_MT_POSITION_X, 500)
    script.dropped()
    script.abs(ABS_MT_POSITION_X, 600)
    script.report()
    script.abs(ABS_MT_POSITION_X, 700)
    script.report()
    #expect(
      frames(script.events).map(\.contacts) == [
        [Contact(id: 1, x: 10, y: 10)],
        // 500 before the drop stands; 600 after it went with the drop.
        [Contact(id: 1, x: 700, y: 10)],
      ])
  }

  @Test func slotsOutOfRangeAndPositionsWithoutAContactAreIgnored() {
    var script = EvdevScript()
    script.move(slot: 0, x: 5, y: 5)  // no tracking id yet
    script.report()
    script.down(slot: 12, id: 3, x: 50, y: 50)  // the device has 10 slots
    script.report()
    script.abs(ABS_MT_POSITION_X, 60)  // still aimed at the bad slot
    script.report()
    #expect(frames(script.events).isEmpty)
  }

  @Test func singleTouchFollowsBTNTouchAndTheAxes() {
    var script = EvdevScript()
    script.abs(ABS_X, 2000)
    script.abs(ABS_Y, 1000)
    script.key(BTN_TOUCH, 1)
    script.report()
    script.abs(ABS_X, 2100)
    script.report()
    script.key(BTN_TOUCH, 0)
    script.report()
    script.key(BTN_TOUCH, 1)
    script.report()
    #expect(
      frames(script.events, device: Self.singleTouch).map(\.contacts) == [
        [Contact(id: 1, x: 2000, y: 1000)],
        [Contact(id: 1, x: 2100, y: 1000)],
        [],
        [Contact(id: 2, x: 2100, y: 1000)],
      ])
  }

  @Test func multitouchIgnoresThePointerEmulation() {
    var script = EvdevScript()
    script.key(BTN_TOUCH, 1)
    script.abs(ABS_X, 400)
    script.abs(ABS_Y, 400)
    script.report()
    #expect(frames(script.events).isEmpty)
  }
}
