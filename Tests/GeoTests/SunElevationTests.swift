import Foundation
import Geo
import Testing

/// The sun's elevation against values worked out from the geometry of the solstices and
/// equinoxes, and against the almanac's sunrise and sunset at known places.
@Suite struct SunElevationTests {
  static func date(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
  }

  @Test func noonAtTheSolsticesAndEquinox() {
    // Local noon: 90° less the latitude's distance from the declination.
    let greenwich = Coordinate(latitude: 51.4779, longitude: -0.0015)
    let winter = SunElevation.degrees(at: greenwich, on: Self.date("2026-12-21T12:02:00Z"))
    #expect(abs(winter - (90 - 51.4779 - 23.436)) < 0.2)
    let summer = SunElevation.degrees(at: greenwich, on: Self.date("2026-06-21T12:02:00Z"))
    #expect(abs(summer - (90 - 51.4779 + 23.436)) < 0.2)
    let quito = Coordinate(latitude: 0, longitude: -78.5)
    // The March equinox of 2026 is on the 20th; local noon at 78.5° W is about 17:21 UTC.
    let equinox = SunElevation.degrees(at: quito, on: Self.date("2026-03-20T17:21:00Z"))
    #expect(equinox > 89)
  }

  @Test func helsinkiAtMidsummerMidnightIsJustPastCivilTwilight() {
    // 90 − 60.17 − 23.44 = 6.39° below the horizon at solar midnight (about 22:20 UTC).
    let helsinki = Coordinate(latitude: 60.17, longitude: 24.94)
    let e = SunElevation.degrees(at: helsinki, on: Self.date("2026-06-21T22:20:00Z"))
    #expect(abs(e - -6.39) < 0.25)
  }

  @Test func sunsetInNewYorkIsWhenTheAlmanacSaysSo() {
    // 2026-12-03: sunset 16:28 EST (21:28 UTC); the sun's centre is then 0.83° below the
    // horizon (refraction and its radius).
    let newYork = Coordinate(latitude: 40.7128, longitude: -74.0060)
    let e = SunElevation.degrees(at: newYork, on: Self.date("2026-12-03T21:28:00Z"))
    #expect(abs(e - -0.83) < 0.35)
  }

  @Test func theThemeSwitchesOnceAcrossDusk() {
    // A minute at a time through a winter afternoon and evening in Helsinki: one switch to
    // night, near when the sun passes 6.5° below the horizon, and none back.
    let helsinki = Coordinate(latitude: 60.17, longitude: 24.94)
    var daylight = Daylight()
    var switches: [(Date, Bool)] = []
    var previous: Bool?
    let start = Self.date("2026-12-03T12:00:00Z")
    for minute in 0..<(8 * 60) {
      let now = start.addingTimeInterval(Double(minute) * 60)
      let day = daylight.update(at: helsinki, on: now)
      if day != previous { switches.append((now, day)) }
      previous = day
    }
    #expect(switches.map(\.1) == [true, false])
    let dusk = SunElevation.degrees(at: helsinki, on: switches[1].0)
    #expect(dusk < -6.5 && dusk > -6.8)
  }

  @Test func aPositionWanderingAcrossTheThresholdDoesNotFlipTheTheme() {
    // The sun at the threshold itself: small changes either way keep the first answer.
    let helsinki = Coordinate(latitude: 60.17, longitude: 24.94)
    var daylight = Daylight()
    var t = Self.date("2026-12-03T14:00:00Z")
    while SunElevation.degrees(at: helsinki, on: t) > -6 { t.addTimeInterval(30) }
    let first = daylight.update(at: helsinki, on: t)
    for step in 0..<20 {
      let wander = Coordinate(latitude: 60.17, longitude: 24.94 + (step % 2 == 0 ? 0.3 : -0.3))
      #expect(daylight.update(at: wander, on: t) == first)
    }
  }
}
