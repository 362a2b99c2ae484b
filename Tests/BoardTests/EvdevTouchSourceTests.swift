import Board
import Foundation
import Templates
import TestSupport
import Testing

/// `EvdevTouchSource` in-process, through the real libevdev, against the fake input devices
/// (`Sources/Rigs/StandIns/fakeevdev`).
///
/// The fake must be preloaded, so each test, run normally, re-runs itself in a copy of this
/// test binary with `LD_PRELOAD` and `FAKEEVDEV_INPROCESS=1`, where it does the checks.
@Suite("Touch source (libevdev on fake input devices, in-process)", .serialized)
struct EvdevTouchSourceTests {
  static let underFake = ProcessInfo.processInfo.environment["FAKEEVDEV_INPROCESS"] == "1"
  static var control: String { ProcessInfo.processInfo.environment["FAKEEVDEV_CONTROL"] ?? "" }
  static var log: String { ProcessInfo.processInfo.environment["FAKEEVDEV_LOG"] ?? "" }

  /// A keyboard, a touchpad, the official display and a single-touch USB panel.
  static let devices =
    "event0:kbd:0-0:0-0:0:AT keyboard;event1:pad:0-1000:0-600:5:touchpad;"
    + "event2:mt:0-799:0-479:10:raspberrypi-ts;event3:st:0-4095:0-4095:0:eGalax"

  /// Runs test `function` of this suite again in a copy of this test binary with the fake
  /// devices preloaded, and expects it to pass there.
  static func rerunUnderFake(_ function: String, devices: String = devices) throws {
    let name = function.split(separator: "(").first.map(String.init) ?? function
    let library = try PreloadLibrary.compile("fakeevdev").get()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fakeevdev-inprocess-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let control = directory.appendingPathComponent("control").path
    try #require(mkfifo(control, 0o600) == 0)
    let (status, text) = try PreloadLibrary.rerun(
      filter: "BoardTests.EvdevTouchSourceTests/\(name)", library: library,
      environment: [
        "FAKEEVDEV_DEVICES": devices,
        "FAKEEVDEV_CONTROL": control,
        "FAKEEVDEV_LOG": directory.appendingPathComponent("log").path,
        "FAKEEVDEV_INPROCESS": "1",
      ])
    #expect(status == 0, "\(text)")
    #expect(text.contains("Test run with 1 test"), "\(text)")
  }

  func send(_ commands: [String]) throws {
    let handle = try #require(FileHandle(forWritingAtPath: Self.control))
    handle.write(Data((commands.joined(separator: "\n") + "\n").utf8))
    try handle.close()
  }

  var logLines: [String] {
    ((try? String(contentsOfFile: Self.log, encoding: .utf8)) ?? "").split(separator: "\n")
      .map(String.init)
  }

  /// A one-finger tap at device (`x`, `y`) on `node`, protocol B.
  static func tap(_ node: String, x: Int, y: Int) -> [String] {
    [
      "ev \(node) 3 0x2f 0", "ev \(node) 3 0x39 5", "ev \(node) 3 0x35 \(x)",
      "ev \(node) 3 0x36 \(y)", "ev \(node) 1 0x14a 1", "ev \(node) 0 0 0", "sleep 30",
      "ev \(node) 3 0x39 -1", "ev \(node) 1 0x14a 0", "ev \(node) 0 0 0",
    ]
  }

  @Test("finds the first touch screen, past a keyboard and a touchpad, and grabs it")
  func findsTheTouchScreen() throws {
    guard Self.underFake else { return try Self.rerunUnderFake(#function) }
    let source = try EvdevTouchSource.find()
    #expect(
      source.device
        == TouchDevice(
          name: "raspberrypi-ts", path: "/dev/input/event2", reporting: .multitouch(slots: 10),
          x: 0...799, y: 0...479))
    #expect(logLines.contains("event2 EVIOCGRAB 1"), "\(logLines)")
    #expect(logLines.contains("event2 EVIOCSCLOCKID 1"), "monotonic timestamps: \(logLines)")
    #expect(logLines.contains("event0 close"), "the keyboard is not kept open: \(logLines)")
  }

  @Test("a tap through libevdev: placed on the screen, stamped on the monotonic clock")
  func tapThroughLibevdev() async throws {
    guard Self.underFake else { return try Self.rerunUnderFake(#function) }
    let source = try EvdevTouchSource(path: "/dev/input/event2")
    let before = GPIOEdgeSource.now()
    let gestures = source.gestures(screen: ScreenSize(width: 800, height: 480))
    try send(Self.tap("event2", x: 200, y: 100))
    var first: TouchGesture?
    for await gesture in gestures {
      first = gesture
      break
    }
    guard case .tap(let point, let at) = first else {
      Issue.record("no tap: \(String(describing: first))")
      return
    }
    #expect(abs(point.x - 200.5) < 1e-9 && abs(point.y - 100.5) < 1e-9, "\(point)")
    #expect(at >= before && at <= GPIOEdgeSource.now(), "kernel time, CLOCK_MONOTONIC")
  }

  @Test("a single-touch panel by its path")
  func singleTouchPanel() throws {
    guard Self.underFake else { return try Self.rerunUnderFake(#function) }
    let source = try EvdevTouchSource(path: "/dev/input/event3")
    #expect(source.device.reporting == .singleTouch)
    #expect(source.device.x == 0...4095)
  }

  @Test("unplugged: the events end and the failure says the device went away")
  func unplugged() async throws {
    guard Self.underFake else { return try Self.rerunUnderFake(#function) }
    let source = try EvdevTouchSource(path: "/dev/input/event2")
    let events = source.events()
    try send(Self.tap("event2", x: 10, y: 10) + ["sleep 50", "unplug event2"])
    var count = 0
    for await _ in events { count += 1 }
    #expect(count == 9, "the tap's nine events came first")
    #expect(source.failure?.code == .failed)
    #expect(source.failure?.underlying == ENODEV)
    #expect(source.failure?.message == "/dev/input/event2 went away (unplugged?)")
    #expect(throws: BoardError.self) { try EvdevTouchSource(path: "/dev/input/event2") }
  }

  @Test("devices that are no touch screen, missing or held are refused, saying why")
  func refusals() throws {
    guard Self.underFake else { return try Self.rerunUnderFake(#function) }
    func message(_ path: String) -> String? {
      do {
        _ = try EvdevTouchSource(path: path)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(
      message("/dev/input/event0")
        == "/dev/input/event0 (AT keyboard) is not a touch screen: it has neither multitouch "
        + "slots nor ABS_X/ABS_Y with BTN_TOUCH")
    #expect(message("/dev/input/event1")?.contains("is not a touch screen") == true)
    #expect(message("/dev/input/event7")?.hasPrefix("cannot open /dev/input/event7:") == true)
    let held = try EvdevTouchSource(path: "/dev/input/event2")
    #expect(message("/dev/input/event2")?.contains("is held by another program") == true)
    withExtendedLifetime(held) {}
  }

  @Test("no touch screen among the devices: the error names what was there")
  func noTouchScreen() throws {
    guard Self.underFake else {
      return try Self.rerunUnderFake(
        #function, devices: "event0:kbd:0-0:0-0:0:AT keyboard;event1:pad:0-1000:0-600:5:touchpad")
    }
    do {
      _ = try EvdevTouchSource.find()
      Issue.record("a touch screen was found")
    } catch {
      #expect(error.code == .unavailable)
      #expect(
        error.message
          == "no touch screen among /dev/input's event devices (event0 AT keyboard, event1 touchpad)"
      )
    }
  }
}
