import Foundation
import JSON
import Templates

/// The board configuration file (`board.json`): which board, which pins, which timings.
///
/// The file is walked with `JSONNode` so that every problem names its JSON path
/// and what was expected, e.g.
/// `$.buttons[1].pin (button "back"): GPIO 99 is not on the Pi 4 header (expected
/// GPIO2–GPIO27 or a header pin number)`. Unknown keys are errors (a typo must not silently
/// fall back to a default). See `Deploy/board.example.json` for every field.
///
/// Pins are written `"GPIO17"` or `17` (BCM number) or `"pin11"` (physical header pin).
/// Defaults: board `pi4`; chip the board's label; encoder 4 transitions per detent, not
/// reversed, acceleration on, pull-up on; buttons active-low with pull-up; ignition
/// active-high, no pull-up, on after 50 ms, off after 2000 ms; headlights (optional)
/// active-high, no pull-up, settled after 500 ms; debounce 10 ms; long press 700 ms; power
/// supplies under `/sys/class/power_supply`.
public struct BoardConfiguration: Sendable, Equatable {
  /// The validated configuration.
  public let resolved: ResolvedInputConfig

  /// Decodes and validates a configuration document.
  ///
  /// - Throws: `BoardError(.configuration)` naming the JSON path of the first problem.
  public init(json data: Data) throws(BoardError) {
    do throws(JSONError) {
      try self.init(node: JSONNode(parsing: data))
    } catch {
      throw BoardError(.configuration, error.description)
    }
  }

  /// Validates a configuration already parsed, such as the `board` section of a larger
  /// document; errors name paths under `node.path` (`$.board.buttons[1].pin …`), for the
  /// caller to report as its own.
  ///
  /// - Throws: `JSONError` naming the JSON path of the first problem.
  public init(node: JSONNode) throws(JSONError) {
    var parser = Parser()
    resolved = try parser.parse(node)
  }

  /// Reads, decodes and validates the configuration file at `path`.
  ///
  /// - Throws: `BoardError(.configuration)` if the file cannot be read or is wrong.
  public init(contentsOf path: String) throws(BoardError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw BoardError(
        .configuration,
        "cannot read the board configuration at \(path): "
          + "\(error.localizedDescription)")
    }
    do {
      try self.init(json: data)
    } catch {
      throw BoardError(.configuration, "\(path): \(error.message)")
    }
  }
}

/// The walk over the document, remembering which pin each role took.
private struct Parser {
  private var board = BoardPreset.pi4
  /// GPIO → (role, JSON path) of the pins taken so far.
  private var taken: [Int: (role: String, path: String)] = [:]

  mutating func parse(_ root: JSONNode) throws(JSONError) -> ResolvedInputConfig {
    let fields = try root.object(keys: [
      "board", "chip", "encoder", "buttons", "ignition", "headlights", "debounceMs", "longPressMs",
      "powerSupplyPath",
    ])
    if let node = fields["board"] {
      let id = try node.string()
      guard let preset = BoardPreset.named(id) else {
        let known = BoardPreset.all.map(\.id)
        let list = known.dropLast().joined(separator: ", ") + " or " + known.last!
        throw node.error("unknown board \(JSONNode.quoted(id)) (expected \(list))")
      }
      board = preset
    }
    var config = ResolvedInputConfig(board: board)
    if let node = fields["chip"] {
      config.chip = try node.nonEmptyString()
    }
    if let node = fields["debounceMs"] {
      config.debounce = .milliseconds(try node.integer(in: 0...1000))
    }
    if let node = fields["longPressMs"] {
      config.longPress = .milliseconds(try node.integer(in: 1...60_000))
      guard config.longPress > config.debounce else {
        throw node.error("the long-press time must be longer than debounceMs")
      }
    }
    if let node = fields["powerSupplyPath"] {
      config.powerSupplyPath = try node.nonEmptyString()
    }
    if let node = fields["encoder"] {
      try parseEncoder(node, into: &config)
    }
    if let node = fields["buttons"] {
      var roles: [String: String] = [:]
      for button in try node.array() {
        let fields = try button.object(keys: ["role", "pin", "activeLow", "pullUp"])
        let roleNode = try button.required("role", for: "a button")
        let role = try roleNode.nonEmptyString()
        guard let typed = InputRole(rawValue: role) else {
          let known = InputRole.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
          throw roleNode.error("unknown button role \"\(role)\" (expected one of \(known))")
        }
        if let earlier = roles[role] {
          throw roleNode.error(
            "button role \(JSONNode.quoted(role)) is already used at \(earlier)")
        }
        roles[role] = roleNode.path
        let kind = ResolvedInputConfig.Kind.button(role: typed)
        let gpio = try pin(try button.required("pin", for: "a button"), for: kind)
        config.lines.append(
          ResolvedInputConfig.Line(
            offset: board.lineOffset(gpio: gpio), kind: kind,
            activeLow: try fields["activeLow"]?.bool() ?? true,
            pullUp: try fields["pullUp"]?.bool() ?? true))
      }
    }
    if let node = fields["ignition"] {
      let fields = try node.object(keys: ["pin", "activeHigh", "pullUp", "onDelayMs", "offDelayMs"])
      let gpio = try pin(try node.required("pin", for: "ignition"), for: .ignition)
      config.lines.append(
        ResolvedInputConfig.Line(
          offset: board.lineOffset(gpio: gpio), kind: .ignition,
          activeLow: !(try fields["activeHigh"]?.bool() ?? true),
          pullUp: try fields["pullUp"]?.bool() ?? false))
      if let delay = fields["onDelayMs"] {
        config.ignitionOnDelay = .milliseconds(try delay.integer(in: 0...10_000))
      }
      if let delay = fields["offDelayMs"] {
        config.ignitionOffDelay = .milliseconds(try delay.integer(in: 0...600_000))
      }
    }
    if let node = fields["headlights"] {
      let fields = try node.object(keys: ["pin", "activeHigh", "pullUp"])
      let gpio = try pin(try node.required("pin", for: "headlights"), for: .headlights)
      config.lines.append(
        ResolvedInputConfig.Line(
          offset: board.lineOffset(gpio: gpio), kind: .headlights,
          activeLow: !(try fields["activeHigh"]?.bool() ?? true),
          pullUp: try fields["pullUp"]?.bool() ?? false))
    }
    return config
  }

  private mutating func parseEncoder(
    _ node: JSONNode, into config: inout ResolvedInputConfig
  ) throws(JSONError) {
    let fields = try node.object(keys: [
      "a", "b", "transitionsPerDetent", "reversed", "acceleration", "pullUp",
    ])
    let a = try pin(try node.required("a", for: "the encoder"), for: .encoderA)
    let b = try pin(try node.required("b", for: "the encoder"), for: .encoderB)
    var encoder = ResolvedInputConfig.Encoder()
    if let steps = fields["transitionsPerDetent"] {
      let value = try steps.integer(in: 1...4)
      guard value != 3 else { throw steps.error("expected 1, 2 or 4, got 3") }
      encoder.transitionsPerDetent = value
    }
    encoder.reversed = try fields["reversed"]?.bool() ?? false
    let accelerate = try fields["acceleration"]?.bool() ?? true
    encoder.acceleration = accelerate ? .standard : nil
    let pullUp = try fields["pullUp"]?.bool() ?? true
    config.encoder = encoder
    config.lines += [
      ResolvedInputConfig.Line(
        offset: board.lineOffset(gpio: a), kind: .encoderA, activeLow: false, pullUp: pullUp),
      ResolvedInputConfig.Line(
        offset: board.lineOffset(gpio: b), kind: .encoderB, activeLow: false, pullUp: pullUp),
    ]
  }

  /// Resolves a pin to its BCM GPIO number and claims it for `kind`.
  private mutating func pin(
    _ node: JSONNode, for kind: ResolvedInputConfig.Kind
  ) throws(JSONError) -> Int {
    let expected = "expected GPIO2–GPIO27 or a header pin number"
    let gpio: Int
    func fail(_ message: String) -> JSONError {
      node.error(message, subject: kind.role)
    }
    switch PinSpec(node.value) {
    case .gpio(let number):
      guard BoardPreset.usableGPIOs.contains(number) else {
        if board.headerPin(gpio: number) != nil {
          throw fail("GPIO \(number) is reserved for the HAT ID EEPROM (\(expected))")
        }
        throw fail("GPIO \(number) is not on the \(board.name) header (\(expected))")
      }
      gpio = number
    case .header(let number):
      switch board.pin(number) {
      case nil:
        throw fail("there is no pin \(number) on the \(board.name) header (pins are 1–40)")
      case .gpio(let onPin) where BoardPreset.usableGPIOs.contains(onPin):
        gpio = onPin
      case .gpio(let onPin):
        throw fail("pin \(number) is GPIO \(onPin), reserved for the HAT ID EEPROM")
      case .ground:
        throw fail("pin \(number) is a ground pin, not a GPIO (\(expected))")
      case .power3V3, .power5V:
        throw fail("pin \(number) is a power pin, not a GPIO (\(expected))")
      }
    case nil:
      var error = node.error(expected: #""GPIO17", 17 or "pin11""#)
      error.subject = kind.role
      throw error
    }
    let name = "GPIO \(gpio) (pin \(board.headerPin(gpio: gpio)!))"
    if let owner = taken[gpio] {
      throw fail("\(name) is already used by \(owner.role) at \(owner.path)")
    }
    taken[gpio] = (kind.role, node.path)
    return gpio
  }
}

/// How a pin is written: a BCM number or a header position.
private enum PinSpec {
  case gpio(Int)
  case header(Int)

  init?(_ value: JSONValue) {
    if case .number(let number) = value, number.rounded() == number, abs(number) < 1e9 {
      self = .gpio(Int(number))
      return
    }
    guard case .string(let text) = value else { return nil }
    let lower = text.lowercased()
    for (prefix, make) in [("gpio", PinSpec.gpio), ("pin", PinSpec.header)] {
      guard lower.hasPrefix(prefix) else { continue }
      let digits = lower.dropFirst(prefix.count)
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
        return nil
      }
      self = make(number)
      return
    }
    return nil
  }
}
