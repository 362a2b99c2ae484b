import Board
import Foundation
import Testing

private func load(_ json: String) throws(BoardError) -> ResolvedInputConfig {
  try BoardConfiguration(json: Data(json.utf8)).resolved
}

/// The message of the error `json` fails with, or `nil` if it loads.
private func failure(_ json: String) -> String? {
  do {
    _ = try load(json)
    return nil
  } catch {
    #expect(error.code == .configuration)
    return error.message
  }
}

@Suite("Board configuration")
struct BoardConfigurationTests {
  @Test func exampleFileHasEveryFieldAndLoads() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Deploy/board.example.json")
    let config = try BoardConfiguration(contentsOf: url.path).resolved
    #expect(config.board == .pi4)
    #expect(config.chip == "pinctrl-bcm2711")
    #expect(
      config.lines == [
        .init(offset: 17, kind: .encoderA, activeLow: false, pullUp: true),
        .init(offset: 27, kind: .encoderB, activeLow: false, pullUp: true),
        .init(offset: 22, kind: .button(role: .select), activeLow: true, pullUp: true),
        .init(offset: 23, kind: .button(role: .back), activeLow: true, pullUp: true),
        .init(offset: 24, kind: .button(role: .home), activeLow: true, pullUp: true),
        .init(offset: 25, kind: .button(role: .mute), activeLow: true, pullUp: true),
        .init(offset: 5, kind: .ignition, activeLow: false, pullUp: false),
        .init(offset: 6, kind: .headlights, activeLow: false, pullUp: false),
      ])
    #expect(
      config.encoder == .init(transitionsPerDetent: 4, reversed: false, acceleration: .standard))
    #expect(config.debounce == .milliseconds(10))
    #expect(config.longPress == .milliseconds(700))
    #expect(config.ignitionOnDelay == .milliseconds(50))
    #expect(config.ignitionOffDelay == .seconds(2))
    #expect(config.powerSupplyPath == "/sys/class/power_supply")
  }

  @Test func defaults() throws {
    let config = try load("{}")
    #expect(config == ResolvedInputConfig())
    #expect(config.board == .pi4)
    #expect(config.chip == "pinctrl-bcm2711")
    #expect(config.lines.isEmpty)
    #expect(config.encoder == nil)
  }

  @Test func pinSpellings() throws {
    let config = try load(
      """
      {"board": "pi5", "chip": "gpiochip4",
       "encoder": {"a": "gpio5", "b": 6, "transitionsPerDetent": 2, "reversed": true,
                   "acceleration": false},
       "buttons": [{"role": "select", "pin": "pin11"}],
       "ignition": {"pin": "pin40", "activeHigh": false, "offDelayMs": 3000}}
      """)
    #expect(config.chip == "gpiochip4")
    #expect(config.lines.map(\.offset) == [5, 6, 17, 21])
    #expect(config.encoder == .init(transitionsPerDetent: 2, reversed: true, acceleration: nil))
    // Active-low ignition is a line flag: the decoder sees logical levels.
    #expect(config.lines.last == .init(offset: 21, kind: .ignition, activeLow: true, pullUp: false))
    #expect(config.ignitionOffDelay == .seconds(3))
  }

  @Test func boardChipLabels() throws {
    #expect(try load(#"{"board": "pi3"}"#).chip == "pinctrl-bcm2835")
    #expect(try load(#"{"board": "pi4"}"#).chip == "pinctrl-bcm2711")
    #expect(try load(#"{"board": "pi5"}"#).chip == "pinctrl-rp1")
    #expect(try load(#"{"board": "zero2w"}"#).chip == "pinctrl-bcm2835")
  }

  @Test(arguments: [
    (
      #"{"buttons": [{"role": "select", "pin": "GPIO22"}, {"role": "back", "pin": "GPIO99"}]}"#,
      #"$.buttons[1].pin (button "back"): GPIO 99 is not on the Pi 4 header "#
        + "(expected GPIO2–GPIO27 or a header pin number)"
    ),
    (
      #"{"buttons": [{"role": "back", "pin": 99}]}"#,
      #"$.buttons[0].pin (button "back"): GPIO 99 is not on the Pi 4 header "#
        + "(expected GPIO2–GPIO27 or a header pin number)"
    ),
    (
      #"{"board": "pi5", "ignition": {"pin": "GPIO1"}}"#,
      "$.ignition.pin (ignition): GPIO 1 is reserved for the HAT ID EEPROM "
        + "(expected GPIO2–GPIO27 or a header pin number)"
    ),
    (
      #"{"encoder": {"a": "pin6", "b": "pin13"}}"#,
      "$.encoder.a (encoder A): pin 6 is a ground pin, not a GPIO "
        + "(expected GPIO2–GPIO27 or a header pin number)"
    ),
    (
      #"{"encoder": {"a": "pin11", "b": "pin1"}}"#,
      "$.encoder.b (encoder B): pin 1 is a power pin, not a GPIO "
        + "(expected GPIO2–GPIO27 or a header pin number)"
    ),
    (
      #"{"board": "zero2w", "encoder": {"a": "pin41", "b": "pin13"}}"#,
      "$.encoder.a (encoder A): there is no pin 41 on the Zero 2 W header (pins are 1–40)"
    ),
    (
      #"{"encoder": {"a": "pin28", "b": "pin13"}}"#,
      "$.encoder.a (encoder A): pin 28 is GPIO 1, reserved for the HAT ID EEPROM"
    ),
    (
      #"{"buttons": [{"role": "select", "pin": "select"}]}"#,
      #"$.buttons[0].pin (button "select"): expected "GPIO17", 17 or "pin11", "#
        + #"got the string "select""#
    ),
    (
      #"{"buttons": [{"role": "select", "pin": true}]}"#,
      #"$.buttons[0].pin (button "select"): expected "GPIO17", 17 or "pin11", got true"#
    ),
  ])
  func unknownPins(json: String, message: String) {
    #expect(failure(json) == message)
  }

  @Test func pinUsedTwiceNamesBothRoles() {
    #expect(
      failure(#"{"encoder": {"a": "GPIO17", "b": "pin11"}}"#)
        == "$.encoder.b (encoder B): GPIO 17 (pin 11) is already used by encoder A at $.encoder.a")
    #expect(
      failure(
        """
        {"encoder": {"a": 17, "b": 27},
         "buttons": [{"role": "select", "pin": "GPIO22"}],
         "ignition": {"pin": "pin15"}}
        """)
        == #"$.ignition.pin (ignition): GPIO 22 (pin 15) is already used by button "select" "#
        + "at $.buttons[0].pin")
  }

  @Test(arguments: [
    (#"{"board": "pi6"}"#, #"$.board: unknown board "pi6" (expected pi3, pi4, pi5 or zero2w)"#),
    (#"{"board": 4}"#, "$.board: expected a string, got the number 4"),
    (#"{"debounceMs": "10"}"#, #"$.debounceMs: expected a whole number, got the string "10""#),
    (#"{"debounceMs": 2.5}"#, "$.debounceMs: expected a whole number, got the number 2.5"),
    (#"{"longPressMs": -1}"#, "$.longPressMs: expected 1–60000, got -1"),
    (
      #"{"encoder": {"a": 17, "b": 27, "reversed": 1}}"#,
      "$.encoder.reversed: expected true or false, got the number 1"
    ),
    (
      #"{"encoder": {"a": 17, "b": 27, "transitionsPerDetent": 3}}"#,
      "$.encoder.transitionsPerDetent: expected 1, 2 or 4, got 3"
    ),
    (#"{"encoder": {"a": 17}}"#, "$.encoder.b: missing (the encoder needs one)"),
    (#"{"buttons": {"role": "select"}}"#, "$.buttons: expected an array, got an object"),
    (#"{"buttons": [{"pin": 22}]}"#, "$.buttons[0].role: missing (a button needs one)"),
    (#"{"buttons": [{"role": "", "pin": 22}]}"#, "$.buttons[0].role: must not be empty"),
    (
      #"{"buttons": [{"role": "select", "pin": 22, "pullup": true}]}"#,
      "$.buttons[0].pullup: unknown key (expected role, pin, activeLow, pullUp)"
    ),
    (
      #"{"buttons": [{"role": "select", "pin": 22}, {"role": "select", "pin": 23}]}"#,
      #"$.buttons[1].role: button role "select" is already used at $.buttons[0].role"#
    ),
    (
      #"{"boards": "pi4"}"#,
      "$.boards: unknown key (expected board, chip, encoder, buttons, ignition, headlights, debounceMs, "
        + "longPressMs, powerSupplyPath)"
    ),
    (#"[]"#, "$: expected an object, got an array"),
    (
      #"{"debounceMs": 10, "longPressMs": 10}"#,
      "$.longPressMs: the long-press time must be longer than debounceMs"
    ),
  ])
  func documentErrors(json: String, message: String) {
    #expect(failure(json) == message)
  }

  @Test func invalidJSON() {
    #expect(failure("{\"board\": ")?.hasPrefix("$: not valid JSON") == true)
  }

  @Test func missingFile() {
    do {
      _ = try BoardConfiguration(contentsOf: "/nonexistent/board.json")
      Issue.record("loaded a missing file")
    } catch {
      #expect(error.code == .configuration)
      #expect(
        error.message.hasPrefix("cannot read the board configuration at /nonexistent/board.json"))
    }
  }
}

@Suite("Board presets")
struct BoardPresetTests {
  @Test(arguments: BoardPreset.all)
  func pin11IsGPIO17(board: BoardPreset) {
    #expect(board.pin(11) == .gpio(17))
    #expect(board.headerPin(gpio: 17) == 11)
    #expect(board.lineOffset(gpio: 17) == 17)
  }

  @Test func chipLabels() {
    #expect(BoardPreset.pi3.chipLabel == "pinctrl-bcm2835")
    #expect(BoardPreset.pi4.chipLabel == "pinctrl-bcm2711")
    #expect(BoardPreset.pi5.chipLabel == "pinctrl-rp1")
    #expect(BoardPreset.zero2W.chipLabel == "pinctrl-bcm2835")
    #expect(BoardPreset.named("pi5") == .pi5)
    #expect(BoardPreset.named("pi2") == nil)
  }

  /// GPIO0–27 each appear once; the rest are 5 V ×2, 3V3 ×2, ground ×8.
  @Test func headerLayout() {
    let pins = BoardPreset.headerPins.compactMap { BoardPreset.pi4.pin($0) }
    #expect(pins.count == 40)
    let gpios = pins.compactMap { pin -> Int? in
      guard case .gpio(let number) = pin else { return nil }
      return number
    }
    #expect(gpios.sorted() == Array(0...27))
    #expect(pins.filter { $0 == .ground }.count == 8)
    #expect(pins.filter { $0 == .power5V }.count == 2)
    #expect(pins.filter { $0 == .power3V3 }.count == 2)
    #expect(BoardPreset.pi4.pin(0) == nil)
    #expect(BoardPreset.pi4.pin(41) == nil)
    let spotChecks: [(Int, Int)] = [(3, 2), (5, 3), (7, 4), (13, 27), (15, 22), (29, 5), (40, 21)]
    for (pin, gpio) in spotChecks {
      #expect(BoardPreset.pi5.pin(pin) == .gpio(gpio), "pin \(pin)")
    }
  }
}
