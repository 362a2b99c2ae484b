import Board
import Foundation
import Testing

private func load(_ json: String) throws -> ResolvedInputConfig {
  try BoardConfiguration(json: Data(json.utf8)).resolved
}

@Suite("Wiring plan")
struct WiringPlanTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func embeddedExampleIsTheDeployFile() throws {
    let file = try String(
      contentsOf: Self.root.appendingPathComponent("Deploy/board.example.json"), encoding: .utf8)
    #expect(BoardConfiguration.exampleText == file)
    #expect(
      BoardConfiguration.example.resolved
        == (try BoardConfiguration(json: Data(file.utf8)).resolved))
  }

  /// Every configured line appears once, on the pin its preset puts its GPIO on; supply
  /// rows are on pins of their kind.
  @Test(arguments: BoardPreset.all.map(\.id))
  func rowsComeFromThePreset(_ id: String) throws {
    let board = try #require(BoardPreset.named(id))
    let config = BoardConfiguration.example.resolved
    let plan = WiringPlan(board: board, config: config)
    for line in config.lines {
      let matches = plan.connections.filter { $0.function == .line(line.kind) }
      #expect(matches.count == 1, "\(line.role) on \(id)")
      let connection = try #require(matches.first)
      #expect(connection.gpio == Int(line.offset))
      #expect(board.pin(connection.pin) == .gpio(Int(line.offset)), "\(line.role) on \(id)")
      #expect(connection.pin == board.headerPin(gpio: Int(line.offset)))
      #expect(connection.pull == (line.pullUp ? .up : .none))
    }
    #expect(plan.connections.filter { $0.gpio != nil }.count == config.lines.count)
    for connection in plan.connections {
      switch connection.function {
      case .line: #expect(connection.gpio != nil)
      case .ground: #expect(board.pin(connection.pin) == .ground, "pin \(connection.pin)")
      case .power3V3: #expect(board.pin(connection.pin) == .power3V3, "pin \(connection.pin)")
      }
    }
    #expect(plan.connections.map(\.pin) == plan.connections.map(\.pin).sorted())
    #expect(Set(plan.connections.map(\.pin)).count == plan.connections.count)
  }

  /// Each part's ground is a ground pin no farther from its signal pins than any other.
  @Test func groundsAreNearTheirParts() throws {
    let plan = WiringPlan(board: .pi4, config: BoardConfiguration.example.resolved)
    #expect(
      plan.parts == [
        .encoder, .button(.back), .button(.home), .button(.mute), .ignition, .headlights,
      ])
    let grounds = BoardPreset.headerPins.filter { plan.board.pin($0) == .ground }
    func row(_ pin: Int) -> Int { (pin - 1) / 2 }
    for part in plan.parts {
      let signals = plan.connections.filter { $0.gpio != nil && $0.parts.contains(part) }
      let ground = try #require(
        plan.connections.first { $0.function == .ground && $0.parts.contains(part) },
        "\(part.name) has a ground")
      let rows = signals.map { row($0.pin) }
      let distance = { (pin: Int) in rows.map { abs(row(pin) - $0) }.max() ?? 0 }
      #expect(grounds.allSatisfy { distance($0) + 1 >= distance(ground.pin) }, "\(part.name)")
    }
    // The knob's common pin and the other side of its switch share its ground.
    let encoderGround = try #require(
      plan.connections.first { $0.parts.contains(.encoder) && $0.gpio == nil })
    let encoderTerminals = zip(encoderGround.parts, encoderGround.terminals)
      .filter { $0.0 == .encoder }.map(\.1)
    #expect(Set(encoderTerminals) == ["C (common)", "switch 2"])
    #expect(plan.connection(for: .button(role: .select))?.parts == [.encoder])
  }

  @Test func linesWithoutAPullUpGetOneOutside() throws {
    let config = try load(
      """
      {"board": "pi5",
       "buttons": [{"role": "back", "pin": "GPIO23", "activeLow": false, "pullUp": false},
                   {"role": "select", "pin": "GPIO22"}],
       "ignition": {"pin": "GPIO5", "activeHigh": false, "pullUp": false}}
      """)
    let plan = WiringPlan(board: .pi5, config: config)
    // No encoder: select is a button of its own.
    #expect(plan.connection(for: .button(role: .select))?.parts == [.button(.select)])
    let back = try #require(plan.connection(for: .button(role: .back)))
    #expect(back.activeLevel == .high)
    #expect(back.external == "10 kΩ to ground")
    let supplies = plan.connections.filter { $0.function == .power3V3 }
    #expect(supplies.allSatisfy { [1, 17].contains($0.pin) })
    #expect(supplies.flatMap(\.parts).sorted { $0.name < $1.name } == [.button(.back), .ignition])
    let ignition = try #require(plan.connection(for: .ignition))
    #expect(ignition.activeLevel == .low)
    #expect(ignition.external == "10 kΩ to 3V3")
    #expect(plan.table(markdown: false).contains("none; 10 kΩ to 3V3 outside"))
  }

  @Test func tables() throws {
    let plan = WiringPlan(board: .pi4, config: BoardConfiguration.example.resolved)
    let markdown = plan.table(markdown: true).split(separator: "\n")
    #expect(markdown.count == plan.connections.count + 2)
    #expect(markdown[0] == "| pin | GPIO | function | pull | active | wire to |")
    #expect(markdown.dropFirst(2).allSatisfy { $0.hasPrefix("| ") && $0.hasSuffix(" |") })
    #expect(
      markdown.contains(
        "| 11 | GPIO17 | encoder A | up, internal | both (quadrature) | encoder: A |"))
    let text = plan.table(markdown: false).split(separator: "\n").map(String.init)
    #expect(text.count == plan.connections.count + 2)
    // The columns line up: each starts at the same place on every line.
    let column = try #require(text[0].range(of: "function")).lowerBound.utf16Offset(in: text[0])
    for (line, connection) in zip(text.dropFirst(2), plan.connections) {
      let start = line.index(line.startIndex, offsetBy: column)
      #expect(line[start...].hasPrefix(connection.function.name), "\(line)")
    }
  }
}
