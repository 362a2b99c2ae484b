import Foundation
import Navigation
import Testing

@testable import Core
@testable import HeadUnit

/// `display.speedWarning` and `display.speedChime`, and what the core is told.
extension DaemonConfigurationTests {
  @Test func speedWarningDefaultsByUnitsAndTheChimeIsOff() throws {
    let metric = HeadUnitDaemon.coreConfiguration(DaemonConfiguration())
    #expect(metric.speedWarning.threshold == .kilometresPerHour(5))
    #expect(!metric.speedWarning.chime)
    let imperial = HeadUnitDaemon.coreConfiguration(
      try loadConfiguration(#"{"units": "imperial"}"#))
    #expect(imperial.speedWarning.threshold == .standard(for: .imperial))
  }

  @Test func speedWarningInUnitsOrPercent() throws {
    let miles = try loadConfiguration(
      #"{"units": "imperial", "display": {"speedWarning": 5, "speedChime": true}}"#)
    #expect(miles.display.speedWarning == .over(5))
    let core = HeadUnitDaemon.coreConfiguration(miles)
    #expect(core.speedWarning.threshold == .kilometresPerHour(5 * 1.609_344))
    #expect(core.speedWarning.chime)
    let share = try loadConfiguration(#"{"display": {"speedWarning": "10%"}}"#)
    #expect(share.display.speedWarning == .percent(10))
    #expect(HeadUnitDaemon.coreConfiguration(share).speedWarning.threshold == .percent(10))
    for config in [miles, share] {
      #expect(try DaemonConfiguration(json: Data(config.document.serialized.utf8)) == config)
    }
  }

  @Test(arguments: [
    (#"{"display": {"speedWarning": 31}}"#, "$.display.speedWarning: expected 0–30, got 31"),
    (#"{"display": {"speedWarning": -2}}"#, "$.display.speedWarning: expected 0–30, got -2"),
    (
      #"{"display": {"speedWarning": "60%"}}"#,
      #"$.display.speedWarning: expected a share of 0%–50%, got the string "60%""#
    ),
    (
      #"{"display": {"speedWarning": "fast"}}"#,
      #"$.display.speedWarning: expected a whole number of percent such as "10%", found "fast""#
    ),
    (
      #"{"display": {"speedChime": "yes"}}"#,
      #"$.display.speedChime: expected true or false, got the string "yes""#
    ),
  ])
  func badSpeedWarnings(_ json: String, _ message: String) {
    #expect(throws: ConfigurationError.self) { try loadConfiguration(json) }
    do {
      _ = try loadConfiguration(json)
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }
}
