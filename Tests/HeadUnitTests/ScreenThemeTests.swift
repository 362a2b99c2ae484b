import Foundation
import Geo
import Rendering
import Testing

@testable import HeadUnit

@Suite("Screen theme")
struct ScreenThemeTests {
  static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
  /// 2026-06-21 10:00 UTC: midday in Helsinki.
  static let noon = Date(timeIntervalSince1970: 1_782_036_000)
  /// 2026-12-21 22:00 UTC: midnight in Helsinki.
  static let midnight = Date(timeIntervalSince1970: 1_797_890_400)

  @Test func autoFollowsTheSun() {
    var theme = ScreenTheme(setting: "auto")
    #expect(theme.theme(at: Self.noon, position: Self.helsinki) == .day)
    #expect(theme.theme(at: Self.midnight, position: Self.helsinki) == .night)
  }

  @Test func headlightsOverrideAuto() {
    var theme = ScreenTheme(setting: "auto")
    #expect(theme.theme(at: Self.noon, position: Self.helsinki, headlights: true) == .night)
    #expect(theme.theme(at: Self.midnight, position: Self.helsinki, headlights: false) == .day)
  }

  @Test func aFixedThemeIgnoresTheHeadlights() {
    var day = ScreenTheme(setting: "day")
    var night = ScreenTheme(setting: "night")
    #expect(day.theme(at: Self.midnight, position: Self.helsinki, headlights: true) == .day)
    #expect(night.theme(at: Self.noon, position: Self.helsinki, headlights: false) == .night)
  }
}
