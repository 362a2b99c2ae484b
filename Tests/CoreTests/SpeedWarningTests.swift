import Foundation
import Navigation
import Testing

@testable import Core

/// The speed warning as a table: speeds (km/h) fed in order on a road with a limit, and
/// what each update says.
@Suite struct SpeedWarningTests {
  static let fifty = SpeedLimit(value: 50, unit: .kilometresPerHour, source: .tagged)
  static let thirtyMiles = SpeedLimit(value: 30, unit: .milesPerHour, source: .tagged)

  struct Row: Sendable, CustomStringConvertible {
    var name: String
    var threshold = SpeedWarning.Threshold.kilometresPerHour(5)
    var chime = false
    var limit: SpeedLimit? = SpeedWarningTests.fifty
    /// Km/h, nil for a fix without a speed.
    var speeds: [Double?]
    var effects: [[SpeedWarning.Effect]]
    var description: String { name }
  }

  static let rows: [Row] = [
    Row(
      name: "at and just under the threshold: nothing", speeds: [50, 54, 55],
      effects: [[], [], []]),
    Row(
      name: "over the threshold: red, no chime by default", speeds: [50, 56, 60],
      effects: [[], [.warning(true)], []]),
    Row(
      name: "with the chime: one at the start of the excursion", chime: true,
      speeds: [56, 58, 60], effects: [[.warning(true), .chime], [], []]),
    Row(
      name: "hovering at the threshold neither flickers nor chimes again", chime: true,
      speeds: [56, 54, 56, 53, 57], effects: [[.warning(true), .chime], [], [], [], []]),
    Row(
      name: "back below the hysteresis ends it; the next excursion chimes again", chime: true,
      speeds: [60, 52, 56],
      effects: [[.warning(true), .chime], [.warning(false)], [.warning(true), .chime]]),
    Row(
      name: "limit unknown: no warning", limit: nil, speeds: [120, 130], effects: [[], []]),
    Row(
      name: "a fix without a speed ends it", speeds: [60, nil],
      effects: [[.warning(true)], [.warning(false)]]),
    Row(
      name: "percent: 10 % over 50 is 55", threshold: .percent(10), speeds: [55, 56],
      effects: [[], [.warning(true)]]),
    Row(
      name: "zero threshold: any speed over the limit", threshold: .kilometresPerHour(0),
      speeds: [50, 51], effects: [[], [.warning(true)]]),
    Row(
      name: "mph sign, 3 mph default: 32.9 mph is not over, 34 is",
      threshold: .standard(for: .imperial), limit: thirtyMiles,
      speeds: [32.9 * 1.609_344, 34 * 1.609_344], effects: [[], [.warning(true)]]),
  ]

  @Test(arguments: rows)
  func table(_ row: Row) {
    var configuration = SpeedWarning.Configuration()
    configuration.threshold = row.threshold
    configuration.chime = row.chime
    var warning = SpeedWarning(configuration: configuration)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var seen: [[SpeedWarning.Effect]] = []
    for (i, kmh) in row.speeds.enumerated() {
      seen.append(
        warning.handle(
          .update(speed: kmh.map { $0 / 3.6 }, limit: row.limit),
          at: start.addingTimeInterval(Double(i))))
    }
    #expect(seen == row.effects)
  }

  @Test func chimeIsOffByDefault() {
    #expect(SpeedWarning.Configuration().chime == false)
    #expect(SpeedWarning.Configuration().threshold == .kilometresPerHour(5))
  }

  @Test func excursionRemembersItsStart() {
    var warning = SpeedWarning()
    let t = Date(timeIntervalSince1970: 1_800_000_000)
    _ = warning.handle(.update(speed: 70 / 3.6, limit: Self.fifty), at: t)
    #expect(warning.isWarning)
    #expect(warning.since == t)
    _ = warning.handle(.update(speed: 40 / 3.6, limit: Self.fifty), at: t.addingTimeInterval(5))
    #expect(!warning.isWarning)
    #expect(warning.since == nil)
  }
}
