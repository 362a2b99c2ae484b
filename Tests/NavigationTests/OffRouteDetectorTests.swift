import Geo
import Testing

@testable import Navigation

@Suite struct OffRouteDetectorTests {
  /// A match `crossTrack` metres from the route, heading `heading` degrees off it.
  static func match(_ crossTrack: Double, heading: Double? = nil) -> RouteMatch {
    RouteMatch(
      offset: 100, crossTrack: crossTrack,
      coordinate: Coordinate(latitude: 60.17, longitude: 24.94), bearing: 0,
      headingDifference: heading)
  }

  /// The detector's verdict after each of `crossTracks` (all with heading `heading`).
  static func feed(
    _ detector: inout OffRouteDetector, _ crossTracks: [Double], heading: Double? = nil
  ) -> [Bool] {
    crossTracks.map { detector.update(match($0, heading: heading)) }
  }

  @Test func singleJumpIsNotOffRoute() {
    var detector = OffRouteDetector()
    #expect(Self.feed(&detector, [2, 60], heading: 0) == [false, false])
    #expect(detector.suspicious == 1)
    #expect(Self.feed(&detector, [3, 2, 4], heading: 0) == [false, false, false])
    #expect(detector.suspicious == 0)
  }

  @Test func threeConsecutiveFarFixesAreOffRoute() {
    var detector = OffRouteDetector()
    // Off on the third, and it stays off while the fixes stay far.
    #expect(Self.feed(&detector, [45, 45, 45, 45]) == [false, false, true, true])
  }

  @Test func farFixesMustBeConsecutive() {
    var detector = OffRouteDetector()
    let verdicts = Self.feed(&detector, [45, 45, 5, 45, 45, 5, 45, 45])
    #expect(!verdicts.contains(true))
  }

  @Test func exactlyFarDistanceIsNotSuspicious() {
    var detector = OffRouteDetector()
    let far = detector.farDistance
    #expect(!Self.feed(&detector, [far, far, far, far]).contains(true))
    #expect(detector.suspicious == 0)
  }

  @Test func nearFixHeadingAwayCounts() {
    var detector = OffRouteDetector()
    #expect(Self.feed(&detector, [25], heading: 90) == [false])
    #expect(detector.suspicious == 1)
    #expect(Self.feed(&detector, [25, 25], heading: 90) == [false, true])
  }

  @Test func nearFixHeadingAlongDoesNotCount() {
    var detector = OffRouteDetector()
    #expect(!Self.feed(&detector, [25, 25, 25, 25], heading: 10).contains(true))
    #expect(detector.suspicious == 0)
  }

  @Test func nearFixWithoutHeadingDoesNotCount() {
    var detector = OffRouteDetector()
    #expect(!Self.feed(&detector, [25, 25, 25, 25], heading: nil).contains(true))
    #expect(detector.suspicious == 0)
  }

  @Test func closeFixHeadingAwayDoesNotCount() {
    // Within `nearDistance` even a wrong heading (a vehicle turning) is not suspicious.
    var detector = OffRouteDetector()
    #expect(!Self.feed(&detector, [15, 15, 15, 15], heading: 120).contains(true))
    #expect(detector.suspicious == 0)
  }

  @Test func resetStartsCountingAgain() {
    var detector = OffRouteDetector()
    #expect(Self.feed(&detector, [45, 45]) == [false, false])
    detector.reset()
    #expect(detector.suspicious == 0)
    #expect(Self.feed(&detector, [45, 45, 45]) == [false, false, true])
  }

  /// On the line itself but driving against the route: the wrong way along it.
  @Test func againstTheRouteCountsAtAnyDistance() {
    var detector = OffRouteDetector()
    #expect(Self.feed(&detector, [0, 0, 0], heading: 180) == [false, false, true])
    detector.reset()
    #expect(Self.feed(&detector, [0, 0, 0], heading: 150) == [false, false, true])
    // Slow (no heading) or across the road while turning: not suspicious that close.
    detector.reset()
    #expect(!Self.feed(&detector, [0, 0, 0, 0], heading: nil).contains(true))
    #expect(!Self.feed(&detector, [0, 0, 0, 0], heading: 120).contains(true))
  }
}
