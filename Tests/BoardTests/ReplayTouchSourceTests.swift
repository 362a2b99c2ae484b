import Board
import Foundation
import Templates
import TestSupport
import Testing

@Suite("Touch replay (evemu recordings)")
struct ReplayTouchSourceTests {
  static let fixtures = PreloadLibrary.root.appendingPathComponent("Tests/Fixtures/touch")
  static let screen = ScreenSize(width: 800, height: 480)

  static func recording(_ name: String) throws -> ReplayTouchSource {
    let url = fixtures.appendingPathComponent(name)
    return try ReplayTouchSource(evemu: String(contentsOf: url, encoding: .utf8), path: name)
  }

  static func gestures(of source: some TouchSource, calibration: TouchCalibration = .init())
    async -> [TouchGesture]
  {
    var gestures: [TouchGesture] = []
    for await gesture in source.gestures(screen: screen, calibration: calibration) {
      gestures.append(gesture)
    }
    return gestures
  }

  @Test("the official display's recording: its axes, then a tap, a drag and a pinch")
  func officialDisplay() async throws {
    let source = try Self.recording("official-7in-tap-drag-pinch.evemu")
    #expect(
      source.device
        == TouchDevice(
          name: "raspberrypi-ts", path: "official-7in-tap-drag-pinch.evemu",
          reporting: .multitouch(slots: 10), x: 0...799, y: 0...479))
    let gestures = await Self.gestures(of: source)
    guard case .tap(let point, let at) = gestures.first else {
      Issue.record("no tap first: \(gestures)")
      return
    }
    #expect(abs(point.x - 400.5) < 1e-9 && abs(point.y - 240.5) < 1e-9, "\(point)")
    #expect(at == .seconds(1700) + .milliseconds(80))
    let dragged = gestures.reduce(0.0) { sum, gesture in
      if case .drag(let offset, _) = gesture { sum + offset.dx } else { sum }
    }
    #expect(abs(dragged - 100) < 1e-9, "the drag went 100 px right: \(gestures)")
    let zoom = gestures.reduce(1.0) { product, gesture in
      if case .pinch(let scale, _) = gesture { product * scale } else { product }
    }
    #expect(abs(zoom - 2) < 1e-9, "the fingers spread from 200 to 400 px: \(gestures)")
    #expect(gestures.filter { if case .tap = $0 { true } else { false } }.count == 1)
  }

  @Test("a single-touch USB panel's tap, scaled from its 0–4095 axes")
  func singleTouchPanel() async throws {
    let source = try Self.recording("usb-single-touch-tap.evemu")
    #expect(source.device.reporting == .singleTouch)
    let gestures = await Self.gestures(of: source)
    guard case .tap(let point, _) = gestures.first, gestures.count == 1 else {
      Issue.record("not one tap: \(gestures)")
      return
    }
    #expect(abs(point.x - 400.1) < 0.01 && abs(point.y - 240.06) < 0.01, "\(point)")
  }

  @Test("a panel mounted upside down: the calibration turns the tap back")
  func upsideDown() async throws {
    let source = try Self.recording("usb-single-touch-tap.evemu")
    let gestures = await Self.gestures(of: source, calibration: TouchCalibration(rotation: 180))
    guard case .tap(let point, _) = gestures.first else {
      Issue.record("no tap: \(gestures)")
      return
    }
    #expect(abs(point.x - 399.9) < 0.01 && abs(point.y - 239.94) < 0.01, "\(point)")
  }

  @Test("a line that does not read is an error naming the file and line")
  func badLine() {
    let text = "N: panel\nA: 00 0 799 0 0 0\nA: 01 0 479 0 0 0\nE: 1.0 0003 zz 5\n"
    #expect(throws: BoardError.self) { try ReplayTouchSource(evemu: text, path: "bad.evemu") }
    do {
      _ = try ReplayTouchSource(evemu: text, path: "bad.evemu")
    } catch {
      #expect(error.message.hasPrefix("bad.evemu: line 4: expected 'E: SECONDS.MICROS"))
    }
  }

  @Test("a recording of no touch screen says which axes it lacks")
  func noAxes() {
    do {
      _ = try ReplayTouchSource(evemu: "N: keyboard\nE: 1.0 0001 001e 1\n", path: "keys.evemu")
      Issue.record("a keyboard was read as a touch screen")
    } catch {
      #expect(error.message.contains("keys.evemu: no touch axes"))
    }
  }

  @Test("a slot count out of range is refused, not allocated")
  func tooManySlots() {
    let text = "A: 2f 0 2000000000 0 0 0\nA: 35 0 799 0 0 0\nA: 36 0 479 0 0 0\n"
    #expect(throws: BoardError.self) { try ReplayTouchSource(evemu: text, path: "slots.evemu") }
  }

  @Test("paced as recorded: the gaps between events are kept, scaled by the speed")
  func realTime() async throws {
    let recorded = try Self.recording("usb-single-touch-tap.evemu")
    let source = ReplayTouchSource(
      device: recorded.device, recording: recorded.recording, pacing: .realTime(speed: 1))
    let clock = ContinuousClock()
    let start = clock.now
    let gestures = await Self.gestures(of: source)
    #expect(gestures.count == 1)
    // The tap's finger was down 100 ms: the replay cannot have been quicker.
    #expect(clock.now - start >= .milliseconds(100))
  }
}
