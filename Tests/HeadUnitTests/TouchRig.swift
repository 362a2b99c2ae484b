import Foundation
import Rigs
import TestSupport
import Testing

/// `headunit run` on the framebuffer, GPIO and input-device stand-ins (`fakefb`,
/// `fakegpio`, `fakeevdev`): no gpsd, no sound, no saved trip, so the bare map stays still
/// and every change on screen is the driver's doing. The touch screen is the official
/// display's (protocol B, 0–799 × 0–479 over the 800×480 framebuffer), behind a keyboard
/// that auto-detection must pass over.
final class TouchRig {
  let directory: URL
  let daemon: ChildProcess
  let touchControl: String
  let gpioControl: String
  /// The next tracking id; libevdev drops a touch that reuses a live one.
  private var trackingID = 100

  /// `touch`: the `display.touch` setting.
  init(touch: String = "auto") throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("touch-run-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("power"), withIntermediateDirectories: true)
    touchControl = directory.appendingPathComponent("touch").path
    gpioControl = directory.appendingPathComponent("gpio").path
    guard mkfifo(touchControl, 0o600) == 0, mkfifo(gpioControl, 0o600) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
    let config = """
      {
        "logLevel": "debug",
        "stateDirectory": "\(directory.path)/state",
        "gpsd": { "enabled": false },
        "audio": { "enabled": false },
        "display": { "framebuffer": "/dev/fb0", "frameRate": 10, "touch": "\(touch)" },
        "board": {
          "board": "pi4",
          "encoder": { "a": "GPIO17", "b": "GPIO27" },
          "buttons": [ { "role": "select", "pin": "GPIO22" }, { "role": "back", "pin": "GPIO23" } ],
          "powerSupplyPath": "\(directory.path)/power"
        },
        "bridge": { "enabled": false }
      }
      """
    let configPath = directory.appendingPathComponent("config.json").path
    try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
    let libraries = try ["fakefb", "fakegpio", "fakeevdev"].map {
      try PreloadLibrary.compile($0).get()
    }
    daemon = try ChildProcess(
      CrashConsistencyTests.headunit, ["run", "--config", configPath],
      environment: [
        "LD_PRELOAD": libraries.joined(separator: ":"),
        "FAKEFB_FILE": directory.appendingPathComponent("fb0.raw").path,
        "FAKEGPIO_CHIPS": "gpiochip0:pinctrl-bcm2711:58",
        "FAKEGPIO_CONTROL": gpioControl,
        "FAKEEVDEV_DEVICES": "event0:kbd:0-0:0-0:0:AT keyboard;"
          + "event2:mt:0-799:0-479:10:raspberrypi-ts",
        "FAKEEVDEV_CONTROL": touchControl,
        "FAKEEVDEV_LOG": directory.appendingPathComponent("evdev.log").path,
      ])
  }

  deinit {
    daemon.signal(SIGKILL)
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: - Driving it

  private func write(_ lines: [String], to fifo: String) throws {
    guard let handle = FileHandle(forWritingAtPath: fifo) else {
      throw CocoaError(.fileWriteUnknown)
    }
    handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    try handle.close()
  }

  /// Sends commands to the fake input device (`ev`, `sleep`, `unplug`, `plug`).
  func touch(_ commands: [String]) throws { try write(commands, to: touchControl) }

  /// Protocol B: a finger goes down in `slot` at (`x`, `y`), in device units.
  func down(slot: Int, x: Int, y: Int) -> [String] {
    trackingID += 1
    return [
      "ev event2 3 0x2f \(slot)", "ev event2 3 0x39 \(trackingID)", "ev event2 3 0x35 \(x)",
      "ev event2 3 0x36 \(y)",
    ]
  }

  func move(slot: Int, x: Int, y: Int) -> [String] {
    ["ev event2 3 0x2f \(slot)", "ev event2 3 0x35 \(x)", "ev event2 3 0x36 \(y)"]
  }

  func up(slot: Int) -> [String] { ["ev event2 3 0x2f \(slot)", "ev event2 3 0x39 -1"] }

  /// The end of a frame of the device, then a pause.
  func report(sleep milliseconds: Int = 16) -> [String] {
    ["ev event2 0 0 0", "sleep \(milliseconds)"]
  }

  /// A tap at screen pixel (`x`, `y`).
  func tap(x: Int, y: Int) throws {
    try touch(
      down(slot: 0, x: x, y: y) + ["ev event2 1 0x14a 1"] + report(sleep: 40) + up(slot: 0)
        + ["ev event2 1 0x14a 0"] + report())
  }

  /// A tap in the middle of the control with `id` on the screen now.
  func tap(_ id: String) throws {
    let target = try #require(targets[id], "no \(id) among \(targets)")
    try tap(x: target.x + target.width / 2, y: target.y + target.height / 2)
  }

  /// One finger from (`x`, `y`) by (`dx`, `dy`) pixels, in ten steps.
  func drag(x: Int, y: Int, dx: Int, dy: Int) throws {
    var script = down(slot: 0, x: x, y: y) + ["ev event2 1 0x14a 1"] + report()
    for step in 1...10 {
      script += move(slot: 0, x: x + dx * step / 10, y: y + dy * step / 10) + report()
    }
    try touch(script + up(slot: 0) + ["ev event2 1 0x14a 0"] + report())
  }

  /// Two fingers on a horizontal line through (`x`, `y`), `from` pixels apart, moving
  /// apart (or together) to `to`, in four steps.
  func pinch(x: Int, y: Int, from: Int, to: Int) throws {
    var script = down(slot: 0, x: x - from / 2, y: y) + ["ev event2 1 0x14a 1"] + report(sleep: 8)
    script += down(slot: 1, x: x + from / 2, y: y) + report()
    for step in 1...4 {
      let half = (from + (to - from) * step / 4) / 2
      script += move(slot: 0, x: x - half, y: y) + move(slot: 1, x: x + half, y: y) + report()
    }
    try touch(
      script + up(slot: 1) + report(sleep: 8) + up(slot: 0) + ["ev event2 1 0x14a 0"]
        + report())
  }

  /// `count` detents of the knob, clockwise or not.
  func turn(_ count: Int) throws {
    var script: [String] = []
    let (first, second) = count > 0 ? (17, 27) : (27, 17)
    for _ in 0..<abs(count) {
      for (line, level) in [(first, 0), (second, 0), (first, 1), (second, 1)] {
        script += ["set gpiochip0 \(line) \(level)", "sleep 3"]
      }
    }
    try write(script, to: gpioControl)
  }

  /// A short press of the select button (GPIO22, active low): the knob's press.
  func select() throws {
    try write(
      ["set gpiochip0 22 0", "sleep 60", "set gpiochip0 22 1", "sleep 60"], to: gpioControl)
  }

  /// A short press of the back button (GPIO23, active low).
  func back() throws {
    try write(
      ["set gpiochip0 23 0", "sleep 60", "set gpiochip0 23 1", "sleep 60"], to: gpioControl)
  }

  // MARK: - Watching it

  /// The controls of the latest frame, by id, from the daemon's debug log
  /// (`targets: destinations 724,310 56x56; recenter …`).
  var targets: [String: (x: Int, y: Int, width: Int, height: Int)] {
    guard let line = daemon.err.last(where: { $0.contains("targets: ") }),
      let range = line.range(of: "targets: ")
    else { return [:] }
    var found: [String: (Int, Int, Int, Int)] = [:]
    for entry in line[range.upperBound...].split(separator: "; ") {
      let words = entry.split(separator: " ")
      guard words.count == 3 else { continue }
      let corner = words[1].split(separator: ",").compactMap { Int($0) }
      let size = words[2].split(separator: "x").compactMap { Int($0) }
      guard corner.count == 2, size.count == 2 else { continue }
      found[String(words[0])] = (corner[0], corner[1], size[0], size[1])
    }
    return found
  }

  /// Waits until the latest frame's controls satisfy `matches`.
  func waitForTargets(
    timeout: Duration = .seconds(10),
    _ matches: ([String: (x: Int, y: Int, width: Int, height: Int)]) -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if matches(targets) { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return matches(targets)
  }

  /// How many frames input has drawn so far (`input → frame` at debug level).
  var inputFrames: Int { daemon.err.filter { $0.contains("input → frame") }.count }

  /// Waits until input has drawn more than `count` frames and none more came for 300 ms:
  /// the screen shows the result of everything sent.
  func settle(after count: Int, timeout: Duration = .seconds(10)) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    var seen = inputFrames
    var since = ContinuousClock.now
    while ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(50))
      let now = inputFrames
      if now != seen {
        seen = now
        since = .now
      } else if now > count, ContinuousClock.now - since >= .milliseconds(300) {
        return true
      }
    }
    return false
  }

  /// The screen now: the framebuffer's XRGB8888 pixels, 800 a row.
  var screen: [UInt32] {
    guard
      let data = FileManager.default.contents(
        atPath: directory.appendingPathComponent("fb0.raw").path)
    else { return [] }
    return data.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)).map { $0 & 0x00FF_FFFF } }
  }

  func lines(containing text: String) -> [String] { daemon.err.filter { $0.contains(text) } }
}
