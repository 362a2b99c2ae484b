import Foundation
import TestSupport
import Testing

@testable import HeadUnit

/// The key descriptions: the README's table is theirs, and each key reads what it writes.
extension DaemonConfigurationTests {
  static let readme = Paths.root.appendingPathComponent("README.md")

  /// The README's configuration table is the one the descriptions make; `UPDATE_GOLDENS=1`
  /// writes it there.
  @Test func readmeTableIsTheDescriptions() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let header = "| key | default | allowed values |"
    let start = try #require(lines.firstIndex(of: header), "the README has no key table")
    let end = lines[start...].firstIndex { !$0.hasPrefix("|") } ?? lines.endIndex
    let table = lines[start..<end].joined(separator: "\n")
    if Golden.updating, table != DaemonConfiguration.referenceTable {
      lines.replaceSubrange(
        start..<end, with: DaemonConfiguration.referenceTable.components(separatedBy: "\n"))
      try Data(lines.joined(separator: "\n").utf8).write(to: Self.readme)
      return
    }
    #expect(table == DaemonConfiguration.referenceTable)
  }

  @Test func everyKeyHasARow() {
    let rows = DaemonConfiguration.keys.flatMap(\.rows).map(\.key)
    let keys = DaemonConfiguration.schema.flatMap { key, members in
      members.isEmpty ? [key] : members.map { "\(key).\($0)" }
    }
    #expect(rows == keys)
    #expect(
      DaemonConfiguration.referenceTable.contains(
        "| `audio.volume` | `1` | 0–2: gain on the prompts; above 1 a limiter holds peaks "))
    #expect(
      DaemonConfiguration.referenceTable.contains(
        "| `audio.rate` | each language's own: `de` 195, `en` 205, `es` 195, `it` 180, "
          + "`ru` 195, `zh` 260 | an object of words per minute by language, each 80–450"))
    #expect(
      DaemonConfiguration.referenceTable.contains(
        "| `trip.resumeWithinMinutes` | `30` | 0–1440: 0 = never; "))
    #expect(
      DaemonConfiguration.referenceTable.contains(
        "| `routing.server` | none: offline router only | `\"valhalla\"`, `\"osrm\"`: "))
  }

  /// Spans of time are `Duration`s inside, numbers of seconds or minutes in the file, and
  /// come back out as the number written.
  @Test func spansOfTimeAreDurations() throws {
    let config = try loadConfiguration(
      #"{"lifecycle": {"gracePeriodSeconds": 0.1, "parkedScreenSeconds": 2.5}, "#
        + #""trip": {"resumeWithinMinutes": 1.5}, "bridge": {"heartbeatSeconds": 0.5}, "#
        + #""routing": {"timeoutSeconds": 1.5}, "fleet": {"intervalSeconds": 3}}"#)
    #expect(config.lifecycle.gracePeriod == .milliseconds(100))
    #expect(config.lifecycle.parkedScreen == .milliseconds(2500))
    #expect(config.trip.resumeWithin == .seconds(90))
    #expect(config.bridge.heartbeat == .milliseconds(500))
    #expect(config.routing.timeout == .milliseconds(1500))
    #expect(config.fleet.requestedInterval == .seconds(3) && config.fleet.interval == .seconds(5))
    let document = config.document
    #expect(document["lifecycle"]?["gracePeriodSeconds"] == 0.1)
    #expect(document["trip"]?["resumeWithinMinutes"] == 1.5)
    #expect(try DaemonConfiguration(json: Data(document.serialized.utf8)) == config)
    // The daemon's names forward to the sections, in seconds.
    #expect(
      config.lifecycle.parkedScreen.seconds == 2.5
        && config.trip.resumeWithin.seconds == 90)
    #expect(config.bridgeSettings.heartbeatInterval == .seconds(0.5))
  }
}
