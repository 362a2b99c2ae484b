import Foundation
import Testing

/// `headunit inputs` end to end: the real libgpiod 1.6 and `GPIOEdgeSource`, against the
/// fake GPIO character device (`Sources/Rigs/StandIns/fakegpio`, loaded with `LD_PRELOAD`).
///
/// Edges are injected through the fake chip's control FIFO with real pauses, so the kernel
/// timestamps, the deadline timer (long press, ignition off delay) and the decoding all run
/// as on the car; the configured times are short to keep the tests quick.
@Suite("GPIO inputs command (fake GPIO chip)")
struct GPIOInputsCommandTests {
  static let pi4Chips = "gpiochip0:pinctrl-bcm2711:58;gpiochip1:raspberrypi-exp-gpio:8"

  static let config = """
    {
      "board": "pi4",
      "encoder": { "a": "GPIO17", "b": "GPIO27", "acceleration": false },
      "buttons": [
        { "role": "select", "pin": "GPIO22" },
        { "role": "back", "pin": "GPIO23" }
      ],
      "ignition": { "pin": "GPIO5", "onDelayMs": 20, "offDelayMs": 300 },
      "debounceMs": 10,
      "longPressMs": 400
    }
    """

  /// Lines 0 and 1: which chip and lines were opened, and the ignition state read at start
  /// (lines idle high with pull-ups, so ignition, active-high, is on).
  static let preamble = [
    #"{"type":"opened","chip":"gpiochip0","label":"pinctrl-bcm2711","lines":["#
      + #"{"offset":17,"role":"encoder A","activeLow":false,"pullUp":true,"level":1},"#
      + #"{"offset":27,"role":"encoder B","activeLow":false,"pullUp":true,"level":1},"#
      + #"{"offset":22,"role":"button \"select\"","activeLow":true,"pullUp":true,"level":0},"#
      + #"{"offset":23,"role":"button \"back\"","activeLow":true,"pullUp":true,"level":0},"#
      + #"{"offset":5,"role":"ignition","activeLow":false,"pullUp":false,"level":1}]}"#,
    #"{"type":"ignition","on":true}"#,
  ]

  /// Runs `script` against `headunit inputs --json` and returns stdout once it has
  /// `expected` lines (or after a timeout).
  func run(_ script: GPIOScript, expecting expected: Int) async throws -> [String] {
    let board = try FakeBoardProcess(config: Self.config, chips: Self.pi4Chips)
    defer { board.stop() }
    let started = await board.waitForLines(Self.preamble.count)
    try #require(started.count == Self.preamble.count, "no start-up lines; stderr: \(board.err)")
    try board.send(script)
    _ = await board.waitForLines(expected)
    // Anything extra would show up shortly after.
    try await Task.sleep(for: .milliseconds(150))
    board.stop()
    #expect(board.err.isEmpty, "stderr: \(board.err)")
    return board.out
  }

  @Test("an encoder spun 3 detents clockwise and 2 back reports +1 ×3, −1 ×2")
  func encoder() async throws {
    var script = GPIOScript()
    for _ in 0..<3 {
      script.detent(clockwise: true, a: 17, b: 27)
      script.sleep(60)
    }
    // Contact bounce on A inside a detent cancels out.
    script.set(17, 0)
    script.sleep(1)
    script.set(17, 1)
    script.sleep(1)
    for _ in 0..<2 {
      script.detent(clockwise: false, a: 17, b: 27)
      script.sleep(60)
    }
    let out = try await run(script, expecting: Self.preamble.count + 5)
    #expect(
      out
        == Self.preamble + Array(repeating: #"{"type":"rotated","detents":1}"#, count: 3)
        + Array(repeating: #"{"type":"rotated","detents":-1}"#, count: 2))
  }

  @Test("a bouncy short press and a long press report press/release and press/longPress/release")
  func buttons() async throws {
    var script = GPIOScript()
    // select: pressed (wire low) with 3 ms of bounce, held 120 ms.
    for level in [0, 1, 0, 1, 0] {
      script.set(22, level)
      script.sleep(1)
    }
    script.sleep(120)
    script.set(22, 1)
    script.sleep(100)
    // back: held 700 ms (long press at 400 ms, reported while still held).
    script.set(23, 0)
    script.sleep(700)
    script.set(23, 1)
    let out = try await run(script, expecting: Self.preamble.count + 5)
    #expect(
      out
        == Self.preamble + [
          #"{"type":"button","role":"select","action":"press"}"#,
          #"{"type":"button","role":"select","action":"release"}"#,
          #"{"type":"button","role":"back","action":"press"}"#,
          #"{"type":"button","role":"back","action":"longPress"}"#,
          #"{"type":"button","role":"back","action":"release"}"#,
        ])
  }

  @Test("an ignition dip shorter than the off delay is ignored; a longer one reports off, on")
  func ignition() async throws {
    var script = GPIOScript()
    // Cranking: 100 ms dip, under the 300 ms off delay.
    script.set(5, 0)
    script.sleep(100)
    script.set(5, 1)
    script.sleep(200)
    // Key off for 600 ms: off reported at 300 ms (by the timer, no edge), on 20 ms after
    // the line comes back.
    script.set(5, 0)
    script.sleep(600)
    script.set(5, 1)
    let out = try await run(script, expecting: Self.preamble.count + 2)
    #expect(
      out
        == Self.preamble + [#"{"type":"ignition","on":false}"#, #"{"type":"ignition","on":true}"#])
  }

  @Test("the text start-up line names the chip and lines; a chip is found by name too")
  func chipByName() async throws {
    let config = #"{"chip": "gpiochip1", "buttons": [{"role": "mute", "pin": 7}]}"#
    let board = try FakeBoardProcess(config: config, chips: Self.pi4Chips, arguments: [])
    defer { board.stop() }
    let out = await board.waitForLines(1)
    #expect(
      out.first
        == "inputs: gpiochip1 [raspberrypi-exp-gpio]: line 7 button \"mute\" (active-low)"
        + " — Ctrl-C stops")
    var script = GPIOScript()
    script.chip = "raspberrypi-exp-gpio"
    // Pressed for 100 ms, well short of a long press (which a held button would report
    // 700 ms later, before a busy test might look).
    script.set(7, 0)
    script.sleep(100)
    script.set(7, 1)
    try board.send(script)
    let lines = await board.waitForLines(3)
    #expect(
      lines.count == 3 && lines[1].hasSuffix("button mute: press")
        && lines[2].hasSuffix("button mute: release"),
      "\(lines); stderr: \(board.err)")
  }

  @Test("a chip label that is not there exits 1 naming it and the chips that are")
  func missingChip() async throws {
    let board = try FakeBoardProcess(
      config: Self.config, chips: "gpiochip0:pinctrl-bcm2835:54")
    let status = await board.exitStatus()
    #expect(status == 1)
    #expect(
      board.err.contains(
        "GPIO chip 'pinctrl-bcm2711' not found (found: gpiochip0 [pinctrl-bcm2835]) — check"
          + " the board preset in the config"), "stderr: \(board.err)")
    #expect(board.out.isEmpty)
  }

  @Test("a line beyond the chip's last exits 1 saying how many lines the chip has")
  func lineBeyondChip() async throws {
    let board = try FakeBoardProcess(config: Self.config, chips: "gpiochip0:pinctrl-bcm2711:8")
    let status = await board.exitStatus()
    #expect(status == 1)
    #expect(board.err.contains("line 17 not on gpiochip0 (8 lines)"), "stderr: \(board.err)")
  }

  @Test("a configuration error exits 2 with the JSON path")
  func badConfig() async throws {
    let board = try FakeBoardProcess(
      config: #"{"buttons": [{"role": "select", "pin": "GPIO99"}]}"#, chips: Self.pi4Chips)
    let status = await board.exitStatus()
    #expect(status == 2)
    #expect(board.err.contains("$.buttons[0].pin"), "stderr: \(board.err)")
  }
}
