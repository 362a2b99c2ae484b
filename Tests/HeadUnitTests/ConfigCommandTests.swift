import Board
import Foundation
import Navigation
import Testing

@testable import Commands
@testable import Core
@testable import HeadUnit

@Suite("config command")
struct ConfigCommandTests {
  func run(_ args: [String]) -> (HeadUnitCommand.Status, Captured) {
    let captured = Captured()
    return (HeadUnitCommand.run(args, console: captured.console), captured)
  }

  @Test func defaultsRoundTrip() throws {
    let (status, captured) = run(["config", "defaults"])
    #expect(status == .success)
    let text = captured.out.joined(separator: "\n")
    #expect(try DaemonConfiguration(json: Data(text.utf8)) == DaemonConfiguration())
    #expect(captured.out.first == "{")
    #expect(captured.out.dropFirst().first == #"  "logLevel": "info","#)
    #expect(captured.out.contains(#"    "shutdownCommand": null,"#))
    // Keys in schema order, board left out.
    let topLevel = captured.out.filter { $0.hasPrefix("  \"") }.map {
      String($0.dropFirst(3).prefix { $0 != "\"" })
    }
    #expect(topLevel == DaemonConfiguration.schema.map(\.key).filter { $0 != "board" })
  }

  @Test func checkAcceptsTheDefaultsAndTheExample() throws {
    let path = try temporaryFile(DaemonConfiguration().document.prettyPrinted)
    let (status, captured) = run(["config", "check", path])
    #expect(status == .success)
    #expect(captured.out.first == "\(path): OK")
    #expect(
      captured.out.dropFirst().map { String($0.dropFirst(2)) } == DaemonConfiguration().summary)
    #expect(captured.err.isEmpty)

    // The example's bridge group is the one `Deploy/install` creates with the unit's user
    // (`useradd --user-group headunit`); here it stands in as root's.
    let exampleText = try String(contentsOfFile: example, encoding: .utf8)
    #expect(exampleText.contains(#""group": "headunit""#))
    let install = try String(
      contentsOf: Paths.root.appendingPathComponent("Deploy/install"), encoding: .utf8)
    #expect(install.contains("--user-group"))
    let here = try temporaryFile(
      exampleText.replacingOccurrences(of: #""group": "headunit""#, with: #""group": "root""#))
    let (exampleStatus, exampleOutput) = run(["config", "check", here])
    #expect(exampleStatus == .success, "\(exampleOutput.err)")
    #expect(exampleOutput.out.contains("  board pi4, encoder, 4 buttons, ignition, headlights"))
  }

  @Test func checkRejectsABadFile() throws {
    let path = try temporaryFile(#"{"audio": {"volume": 3}}"#)
    let (status, captured) = run(["config", "check", path])
    #expect(status == .usage)
    #expect(captured.out.isEmpty)
    #expect(captured.err == "headunit: \(path): $.audio.volume: expected 0–2, got 3")
  }

  @Test func checkRejectsAnUnreadableFile() {
    let (status, captured) = run(["config", "check", "/nonexistent/config.json"])
    #expect(status == .usage)
    #expect(
      captured.err
        == "headunit: /nonexistent/config.json: cannot read the file (No such file or directory)")
  }

  @Test(
    "misuse exits 2",
    arguments: [
      (["config"], "config: check FILE or defaults?"),
      (["config", "check"], "config check: which file? (headunit config check FILE)"),
      (["config", "check", "a.json", "b.json"], "config check: unexpected argument 'b.json'"),
      (["config", "defaults", "x"], "config defaults: unexpected argument 'x'"),
      (["config", "fix"], "config: unknown action 'fix' (expected check or defaults)"),
      (["config", "check", "--strict", "a.json"], "unknown option --strict"),
    ])
  func misuse(args: [String], message: String) {
    let (status, captured) = run(args)
    #expect(status == .usage)
    #expect(captured.err.contains(message))
  }

  @Test func helpListsTheCommand() {
    let (status, captured) = run(["help"])
    #expect(status == .success)
    #expect(captured.out.contains { $0.contains("config check FILE") })
    let (configStatus, configHelp) = run(["config", "--help"])
    #expect(configStatus == .success)
    #expect(configHelp.out.first == "usage: headunit config check FILE")
  }
}
