import Foundation
import Testing

@testable import Commands

extension CommandTests {
  @Test(
    "an unknown --lang exits 2 naming the languages, whatever the command",
    arguments: [
      ["demo", "--lang", "xx", "--out", "/tmp/headunit-lang-test-never-written"],
      [
        "snapshot", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"),
        "--at", "60", "--lang", "xx", "--out", "/tmp/headunit-lang-test-never-written.png",
      ],
      [
        "replay", "--route", Paths.route(1), "--track", Paths.drive("helsinki-1-clean"),
        "--lang", "xx",
      ],
      ["route", "--from", "60.166784,24.949561", "--to", "60.174563,24.938414", "--lang", "xx"],
      ["say", "Hallo", "--lang", "xx", "--wav", "/tmp/headunit-lang-test-never-written.wav"],
      ["voice-check", "--lang", "xx"],
    ])
  func unknownLanguage(_ args: [String]) {
    let (status, captured) = run(args)
    #expect(status == .usage, "\(args[0]): \(captured.err)")
    #expect(
      captured.err.contains("unknown language 'xx' (expected one of: de, en, es, it, ru, zh)"),
      "\(args[0]): \(captured.err)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/headunit-lang-test-never-written.png"))
  }
}
