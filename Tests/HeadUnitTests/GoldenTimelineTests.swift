import Foundation
import Testing

@testable import HeadUnit

/// Every embedded drive's `replay --json` timeline, checked in under
/// `Tests/Fixtures/goldens/timelines` (as gpsd keeps `test/daemon/*.log.chk`): a change in
/// guidance shows up as a diff to review. `UPDATE_GOLDENS=1 swift test --filter Golden`
/// writes the files anew instead of comparing.
@Suite("Golden timelines")
struct GoldenTimelineTests {
  static let folder = Paths.fixtures.appendingPathComponent("goldens/timelines")
  static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  /// A replay to keep: the drive, and whether it reroutes on the embedded map.
  struct Case: CustomTestStringConvertible, Sendable {
    var drive: String
    var withMap: Bool
    var lang = "en"
    var name: String { drive + (withMap ? "+map" : "") + (lang == "en" ? "" : ".\(lang)") }
    var testDescription: String { name }
  }

  /// Each embedded drive as it is; the wrong-turn drives again with the embedded map (a
  /// reroute); one drive in every other language.
  static let cases: [Case] =
    EmbeddedData.drives.map { Case(drive: $0, withMap: false) }
    + EmbeddedData.drives.filter { $0.hasSuffix("-wrongturn") }.map {
      Case(drive: $0, withMap: true)
    }
    + ["de", "es", "it", "ru", "zh"].map {
      Case(drive: "helsinki-2-noisy", withMap: false, lang: $0)
    }

  @Test("the embedded drives are all covered")
  func coverage() {
    #expect(EmbeddedData.drives.count == 20)
    #expect(Self.cases.count == 20 + 2 + 5)
  }

  @Test("replay --json matches its golden", arguments: cases)
  func matches(_ c: Case) throws {
    let route = try #require(EmbeddedData.routeURL(forDrive: c.drive)).path
    let track = try #require(EmbeddedData.trackURL(forDrive: c.drive)).path
    var words = ["replay", "--route", route, "--track", track, "--json", "--lang", c.lang]
    if c.withMap { words += ["--map", try #require(EmbeddedData.mapURL).path] }
    let captured = Captured()
    #expect(HeadUnitCommand.run(words, console: captured.console) == .success, "\(captured.err)")
    let text = captured.out.joined(separator: "\n") + "\n"
    let url = Self.folder.appendingPathComponent(c.name + ".jsonl")
    if Self.updating {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    if text != golden {
      let got = text.split(separator: "\n", omittingEmptySubsequences: false)
      let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
      let first =
        zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(got.count, want.count)
      Issue.record(
        """
        \(c.name): the timeline differs from \(url.lastPathComponent) at line \(first + 1)
          golden: \(first < want.count ? want[first] : "(end)")
          now:    \(first < got.count ? got[first] : "(end)")
        (UPDATE_GOLDENS=1 writes the new timeline; review the diff)
        """)
    }
    #expect(text.contains("\"type\":\"summary\""))
  }
}
