import Foundation
import TestSupport
import Testing

@testable import Commands
@testable import HeadUnit

/// Every embedded drive's `replay --json` timeline, checked in under
/// `Tests/Fixtures/goldens/timelines` (as gpsd keeps `test/daemon/*.log.chk`): a change in
/// guidance shows up as a diff to review. `UPDATE_GOLDENS=1 swift test --filter Golden`
/// writes the files anew instead of comparing.
@Suite("Golden timelines")
struct GoldenTimelineTests {
  static let folder = Paths.fixtures.appendingPathComponent("goldens/timelines")

  /// A replay to keep: the drive, and whether it reroutes on the embedded map.
  struct Case: CustomTestStringConvertible, Sendable {
    var drive: String
    var withMap: Bool
    var lang = "en"
    var imperial = false
    var name: String {
      drive + (withMap ? "+map" : "") + (lang == "en" ? "" : ".\(lang)")
        + (imperial ? ".imperial" : "")
    }
    var testDescription: String { name }
  }

  /// Each embedded drive as it is; the wrong-turn drives again with the embedded map (a
  /// reroute); one drive in every other language, and in imperial units in two.
  static let cases: [Case] =
    EmbeddedData.drives.map { Case(drive: $0, withMap: false) }
    + EmbeddedData.drives.filter { $0.hasSuffix("-wrongturn") }.map {
      Case(drive: $0, withMap: true)
    }
    + ["de", "es", "it", "ru", "zh"].map {
      Case(drive: "helsinki-2-noisy", withMap: false, lang: $0)
    }
    + ["en", "de"].map { Case(drive: "helsinki-2-noisy", withMap: false, lang: $0, imperial: true) }

  @Test("the embedded drives are all covered")
  func coverage() {
    #expect(EmbeddedData.drives.count == 20)
    #expect(Self.cases.count == 20 + 2 + 5 + 2)
  }

  @Test("replay --json matches its golden", arguments: cases)
  func matches(_ c: Case) throws {
    let route = try #require(EmbeddedData.routeURL(forDrive: c.drive)).path
    let track = try #require(EmbeddedData.trackURL(forDrive: c.drive)).path
    var words = ["replay", "--route", route, "--track", track, "--json", "--lang", c.lang]
    if c.imperial { words += ["--units", "imperial"] }
    if c.withMap { words += ["--map", try #require(EmbeddedData.mapURL).path] }
    let captured = Captured()
    #expect(HeadUnitCommand.run(words, console: captured.console) == .success, "\(captured.err)")
    let text = captured.out.joined(separator: "\n") + "\n"
    try Golden.check(
      text, against: Self.folder.appendingPathComponent(c.name + ".jsonl"),
      what: "\(c.name): the timeline")
    #expect(text.contains("\"type\":\"summary\""))
  }

  @Test(
    "the demo's timeline is replay --json of the same drive on the embedded map",
    arguments: ["helsinki-1-wrongturn", "helsinki-4-outage"])
  func demoIsTheReplay(_ drive: String) throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let demo = Captured()
    let status = HeadUnitCommand.run(
      ["demo", "--drive", drive, "--out", out.path], console: demo.console)
    #expect(status == .success, "\(demo.err)")
    let written = try String(
      contentsOf: out.appendingPathComponent("timeline.jsonl"), encoding: .utf8)
    let replay = Captured()
    let words = [
      "replay", "--json", "--route", try #require(EmbeddedData.routeURL(forDrive: drive)).path,
      "--track", try #require(EmbeddedData.trackURL(forDrive: drive)).path,
      "--map", try #require(EmbeddedData.mapURL).path,
    ]
    #expect(HeadUnitCommand.run(words, console: replay.console) == .success)
    #expect(written == replay.out.joined(separator: "\n") + "\n")
    #expect(written.contains(drive.hasSuffix("wrongturn") ? "\"reroute\"" : "\"gpsLost\""))
  }
}
