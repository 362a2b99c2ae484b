import Foundation
import Testing

@testable import Commands
@testable import HeadUnit

/// `config check` refuses what the daemon would half ignore: keys given twice, socket paths
/// no address holds, and files and groups this machine lacks.
@Suite("config check: what the file names must exist and fit")
struct ConfigCheckMachineTests {
  func check(_ text: String) throws -> (HeadUnitCommand.Status, String) {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("config-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let (status, captured) = CommandTests().run(["config", "check", url.path])
    return (status, captured.err)
  }

  @Test(
    "each is refused with its JSON path and what to do",
    arguments: [
      (
        #"{"language": "en", "language": "de"}"#,
        #"$.language: the key "language" is given twice in one object (the second at line 1, column 20)"#
      ),
      (
        #"{"gpsd": {"port": 2947, "port": 2948}}"#,
        #"$.gpsd.port: the key "port" is given twice"#
      ),
      (
        #"{"bridge": {"socket": "/run/"# + String(repeating: "s", count: 110) + #".sock"}}"#,
        "$.bridge.socket: the path is 120 bytes; a socket address holds at most 107"
      ),
      (
        #"{"bridge": {"group": "no-such-group-here"}}"#,
        #"$.bridge.group: there is no group "no-such-group-here" on this machine"#
      ),
      (
        #"{"map": "/nonexistent/helsinki.map"}"#,
        "$.map: /nonexistent/helsinki.map: no such file (make one with `headunit maps import`)"
      ),
      (#"{"map": "/tmp"}"#, "$.map: /tmp is not a map file"),
    ])
  func refused(text: String, message: String) throws {
    let (status, err) = try check(text)
    #expect(status == .usage)
    #expect(err.contains(message), "\(err)")
  }

  @Test(
    "a speaking rate at which espeak-ng makes a final prompt too long is refused",
    arguments: [
      (
        #"{"audio": {"rate": 170}}"#,
        [
          #"$.audio.rate: at 170 wpm the en final prompt ""#,
          "over the 3.5 s it may (en at its own rate, 205 wpm, keeps every final prompt within it)",
          #"$.audio.rate: at 170 wpm the zh final prompt ""#,
        ]
      ),
      (
        #"{"audio": {"rate": {"zh": 200, "en": 210}}}"#,
        [#"$.audio.rate.zh: at 200 wpm the final prompt ""#, "(zh at its own rate, 260 wpm"]
      ),
    ] as [(String, [String])])
  func slowRate(text: String, messages: [String]) throws {
    let (status, err) = try check(text)
    #expect(status == .usage)
    for message in messages { #expect(err.contains(message), "\(err)") }
    #expect(!err.contains(".en:"))
  }

  @Test("rates at or above each language's own are not synthesized and pass")
  func fastRates() throws {
    for text in [
      #"{"audio": {"rate": 450}}"#, #"{"audio": {"rate": {"en": 230, "zh": 260}}}"#,
      #"{"audio": {"rate": null}}"#,
    ] {
      let (status, err) = try check(text)
      #expect(status == .success, "\(text): \(err)")
    }
  }

  @Test("a group and a map that exist pass")
  func existing() throws {
    let map = try #require(EmbeddedData.mapURL).path
    let (status, err) = try check(#"{"map": "\#(map)", "bridge": {"group": "root"}}"#)
    #expect(status == .success, "\(err)")
  }
}
