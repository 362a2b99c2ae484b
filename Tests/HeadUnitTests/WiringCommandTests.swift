import Board
import Foundation
import Rendering
import TestSupport
import Testing

@testable import Commands

/// `headunit wiring`: the table, the diagram (compared with golden images checked by eye
/// once; `UPDATE_GOLDENS=1` writes them anew) and its misuse.
@Suite("Wiring command") struct WiringCommandTests {
  static let goldens = Paths.root.appendingPathComponent("Tests/Fixtures/goldens")

  static func temporary(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "headunit-wiring-\(getpid())-\(name)")
  }

  @Test(arguments: BoardPreset.all.map(\.id))
  func diagramMatchesItsGolden(_ id: String) throws {
    let board = try #require(BoardPreset.named(id))
    let plan = WiringPlan(board: board, config: BoardConfiguration.example.resolved)
    let image = try WiringDiagram(plan: plan).pixels
    let name = "wiring-\(id).png"
    let url = Self.goldens.appendingPathComponent(name)
    if Golden.updating {
      try image.writePNG(to: url.path)
      return
    }
    let golden = try PixelBuffer(contentsOfPNG: url.path)
    let difference = try #require(image.difference(from: golden), "size differs from \(name)")
    #expect(difference.maximum <= 8 || difference.pixels <= 200, "\(name): \(difference)")
  }

  @Test func printsTheExampleTableAndDrawsThePNG() throws {
    let out = Self.temporary("diagram.png")
    defer { try? FileManager.default.removeItem(at: out) }
    let captured = Captured()
    let status = HeadUnitCommand.run(
      ["wiring", "--board", "pi5", "--markdown", "--out", out.path], console: captured.console)
    #expect(status == .success, "\(captured.err)")
    let plan = WiringPlan(board: .pi5, config: BoardConfiguration.example.resolved)
    #expect(captured.out.joined(separator: "\n") + "\n" == plan.table(markdown: true))
    let png = try PixelBuffer(contentsOfPNG: out.path)
    #expect(png == (try WiringDiagram(plan: plan).pixels))
  }

  /// A daemon configuration is read through its `board` section.
  @Test func readsADaemonConfiguration() throws {
    let daemon = Paths.root.appendingPathComponent("Deploy/config.example.json").path
    let board = Paths.root.appendingPathComponent("Deploy/board.example.json").path
    let fromDaemon = Captured()
    let fromBoard = Captured()
    #expect(
      HeadUnitCommand.run(["wiring", "--config", daemon], console: fromDaemon.console) == .success)
    #expect(
      HeadUnitCommand.run(["wiring", "--config", board], console: fromBoard.console) == .success)
    #expect(fromDaemon.out == fromBoard.out)
    #expect(fromDaemon.out.count > 10)
    #expect(fromDaemon.out[0].hasPrefix("pin  GPIO    function"))
  }

  @Test func misuseExitsTwo() throws {
    let captured = Captured()
    #expect(HeadUnitCommand.run(["wiring", "--board", "pi6"], console: captured.console) == .usage)
    #expect(captured.err.contains("--board must be pi3, pi4, pi5 or zero2w, not 'pi6'"))
    #expect(HeadUnitCommand.run(["wiring", "--colour"], console: captured.console) == .usage)
    #expect(HeadUnitCommand.run(["wiring", "extra"], console: captured.console) == .usage)
    #expect(
      HeadUnitCommand.run(["wiring", "--out", "/dev/null"], console: captured.console) == .usage)
    #expect(
      HeadUnitCommand.run(["wiring", "--config", "/nonexistent.json"], console: captured.console)
        == .usage)
    #expect(captured.err.contains("/nonexistent.json: cannot read the file (No such file"))
    #expect(
      HeadUnitCommand.run(["wiring", "--config", "/tmp"], console: captured.console) == .usage)

    let config = Self.temporary("ground.json")
    defer { try? FileManager.default.removeItem(at: config) }
    try Data(#"{"board": {"encoder": {"a": "GPIO17", "b": "pin6"}}}"#.utf8).write(to: config)
    let wrong = Captured()
    #expect(
      HeadUnitCommand.run(["wiring", "--config", config.path], console: wrong.console) == .usage)
    #expect(
      wrong.err.contains(
        "\(config.path): $.board.encoder.b (encoder B): pin 6 is a ground pin, not a GPIO"),
      "\(wrong.err)")

    try Data(#"{"logLevel": "info", "board": null}"#.utf8).write(to: config)
    let none = Captured()
    #expect(
      HeadUnitCommand.run(["wiring", "--config", config.path], console: none.console) == .usage)
    #expect(none.err.contains("\(config.path): $.board: no board section (null)"), "\(none.err)")

    let help = Captured()
    #expect(HeadUnitCommand.run(["wiring", "--help"], console: help.console) == .success)
    #expect(help.out.first?.hasPrefix("usage: headunit wiring") == true)
  }

  /// The README's wiring table is the one `headunit wiring --markdown` prints;
  /// `UPDATE_GOLDENS=1` writes it there.
  @Test func readmeTableIsThePi4Plan() throws {
    let readme = Paths.root.appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let header = "| pin | GPIO | function | pull | active | wire to |"
    guard let start = lines.firstIndex(of: header) else {
      Issue.record("the README has no wiring table")
      return
    }
    let end = lines[start...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
    let table = lines[start..<end].joined(separator: "\n") + "\n"
    let plan = WiringPlan(board: .pi4, config: BoardConfiguration.example.resolved)
    let wanted = plan.table(markdown: true)
    if Golden.updating, table != wanted {
      lines.replaceSubrange(start..<end, with: wanted.split(separator: "\n").map(String.init))
      try Data(lines.joined(separator: "\n").utf8).write(to: readme)
      return
    }
    #expect(table == wanted)
  }
}
