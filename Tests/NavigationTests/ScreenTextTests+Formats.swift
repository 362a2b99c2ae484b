import Foundation
import Testing

@testable import Navigation

/// Clock times, remaining times and distances per language.
extension ScreenTextTests {
  static let utc = TimeZone(identifier: "UTC")!
  /// 15:45 UTC.
  static let afternoon = Date(timeIntervalSince1970: 15 * 3600 + 45 * 60)
  /// 08:05 UTC.
  static let morning = Date(timeIntervalSince1970: 8 * 3600 + 5 * 60)

  @Test(arguments: languages)
  func metricUnitsReadTheTwentyFourHourClock(language: String) throws {
    let text = try ScreenText(language: language)
    #expect(text.clockStyle == .twentyFourHour)
    #expect(text.clock(Self.afternoon, Self.utc) == "15:45")
    #expect(text.clock(Self.morning, Self.utc) == "08:05")
  }

  @Test func usEnglishReadsTheTwelveHourClock() throws {
    let text = try ScreenText(language: "en-US", units: .imperial)
    #expect(text.clockStyle == .twelveHour)
    #expect(text.clock(Self.afternoon, Self.utc) == "3:45 PM")
    #expect(text.clock(Self.morning, Self.utc) == "8:05 AM")
    #expect(text.clock(Date(timeIntervalSince1970: 5 * 60), Self.utc) == "12:05 AM")
    #expect(text.clock(Date(timeIntervalSince1970: 12 * 3600), Self.utc) == "12:00 PM")
  }

  @Test func otherLanguagesKeepTheTwentyFourHourClockWithImperialUnits() throws {
    for language in Self.languages where language != "en" {
      let text = try ScreenText(language: language, units: .imperial)
      #expect(text.clock(Self.afternoon, Self.utc) == "15:45", "\(language)")
    }
  }

  @Test(
    arguments: [
      ("en", ["< 1 min", "4 min", "1 h 05 min"]),
      ("de", ["< 1 Min.", "4 Min.", "1 Std. 05 Min."]),
      ("es", ["< 1 min", "4 min", "1 h 05 min"]),
      ("it", ["< 1 min", "4 min", "1 h 05 min"]),
      ("ru", ["< 1 мин", "4 мин", "1 ч 05 мин"]),
      ("zh", ["< 1 分钟", "4 分钟", "1 小时 05 分钟"]),
    ])
  func remainingTimes(language: String, expected: [String]) throws {
    let text = try ScreenText(language: language)
    #expect([text.duration(20), text.duration(4 * 60 + 10), text.duration(65 * 60)] == expected)
  }

  @Test(
    arguments: [
      ("en", ["300 m", "1.2 km"]), ("de", ["300 m", "1,2 km"]), ("es", ["300 m", "1,2 km"]),
      ("it", ["300 m", "1,2 km"]), ("ru", ["300 м", "1,2 км"]), ("zh", ["300米", "1.2公里"]),
    ])
  func distancesUseTheLanguagesDecimalSeparator(language: String, expected: [String]) throws {
    let text = try ScreenText(language: language)
    #expect([text.distance(300), text.distance(1_230)] == expected)
  }

  @Test func imperialDistancesOnScreen() throws {
    #expect(try ScreenText(language: "en", units: .imperial).distance(1_930) == "1.2 mi")
    #expect(try ScreenText(language: "de", units: .imperial).distance(1_930) == "1,2 mi")
  }
}
