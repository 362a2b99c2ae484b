import Board
import Foundation
import Testing

@testable import Commands

/// `headunit inputs --config`: the daemon's configuration (its `board` section) or a bare
/// board configuration.
@Suite("inputs configuration file")
struct InputsConfigTests {
  static let board = """
    {
      "board": "pi4",
      "encoder": { "a": "GPIO17", "b": "GPIO27" },
      "buttons": [ { "role": "select", "pin": "GPIO22" } ],
      "ignition": { "pin": "GPIO5" }
    }
    """

  static func write(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-inputs-\(UUID().uuidString).json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test("a daemon configuration's board section and the same bare board file give the same inputs")
  func bothKinds() throws {
    let bare = try Self.write(Self.board)
    let daemon = try Self.write(
      #"{ "language": "de", "audio": { "volume": 1.2 }, "board": \#(Self.board) }"#)
    defer {
      try? FileManager.default.removeItem(atPath: bare)
      try? FileManager.default.removeItem(atPath: daemon)
    }
    let fromBare = try InputsCommand.inputs(at: bare)
    let fromDaemon = try InputsCommand.inputs(at: daemon)
    #expect(fromBare == fromDaemon)
    #expect(fromBare.lines.map(\.offset).sorted() == [5, 17, 22, 27])
  }

  @Test("the shipped example configurations both read")
  func examples() throws {
    let deploy = Paths.root.appendingPathComponent("Deploy")
    let daemon = try InputsCommand.inputs(
      at: deploy.appendingPathComponent("config.example.json").path)
    let board = try InputsCommand.inputs(
      at: deploy.appendingPathComponent("board.example.json").path)
    #expect(!daemon.lines.isEmpty)
    #expect(!board.lines.isEmpty)
  }

  @Test("a wrong daemon configuration is reported with its file and JSON path, not as a board one")
  func wrongDaemonConfiguration() throws {
    let path = try Self.write(#"{ "audio": { "volume": 7 }, "board": \#(Self.board) }"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let captured = Captured()
    let status = HeadUnitCommand.run(["inputs", "--config", path], console: captured.console)
    #expect(status == .usage)
    #expect(captured.err.contains("\(path): "), "stderr was: \(captured.err)")
    #expect(captured.err.contains("$.audio.volume"), "stderr was: \(captured.err)")
    #expect(!captured.err.contains("unknown key"), "stderr was: \(captured.err)")
  }

  @Test("a daemon configuration without a board section says so")
  func noBoardSection() throws {
    let path = try Self.write(#"{ "language": "en" }"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: BoardError.self) { try InputsCommand.inputs(at: path) }
    do {
      _ = try InputsCommand.inputs(at: path)
    } catch {
      #expect(error.message.contains("\(path): the configuration has no board section"))
    }
  }

  @Test("a missing file: exit 2 naming the path")
  func missingFile() {
    let path = "/nonexistent/headunit-\(UUID().uuidString).json"
    let captured = Captured()
    let status = HeadUnitCommand.run(["inputs", "--config", path], console: captured.console)
    #expect(status == .usage)
    #expect(
      captured.err.contains("cannot read the configuration at \(path) (no such file)"),
      "stderr was: \(captured.err)")
  }

  @Test("by default it reads the daemon's configuration file")
  func defaultPath() {
    #expect(InputsCommand.defaultConfig == "/etc/headunit/config.json")
    #expect(InputsCommand.help.contains("/etc/headunit/config.json"))
  }
}
