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

  @Test func singleJumpIsNotOffRoute() {
    var detector = OffRouteDetector()
    #expect(!detector.update(Self.match(2, heading: 0)))
    #expect(!detector.update(Self.match(60, heading: 0)))
    #expect(detector.suspicious == 1)
    #expect(!detector.update(Self.match(3, heading: 0)))
    #expect(detector.suspicious == 0)
  }

  @Test func threeConsecutiveFarFixesAreOffRoute() {
    var detector = OffRouteDetector()
    #expect(!detector.update(Self.match(45)))
    #expect(!detector.update(Self.match(45)))
    #expect(detector.update(Self.match(45)))
    // And it stays off route while the fixes stay far.
    #expect(detector.update(Self.match(45)))
  }

  @Test func farFixesMustBeConsecutive() {
    var detector = OffRouteDetector()
    for crossTrack in [45.0, 45, 5, 45, 45, 5, 45, 45] {
      #expect(!detector.update(Self.match(crossTrack)), "at \(crossTrack) m")
    }
  }

  @Test func exactlyFarDistanceIsNotSuspicious() {
    var detector = OffRouteDetector()
    for _ in 0..<5 {
      #expect(!detector.update(Self.match(detector.farDistance)))
    }
    #expect(detector.suspicious == 0)
  }

  @Test func nearFixHeadingAwayCounts() {
    var detector = OffRouteDetector()
    #expect(!detector.update(Self.match(25, heading: 90)))
    #expect(detector.suspicious == 1)
    #expect(!detector.update(Self.match(25, heading: 90)))
    #expect(detector.update(Self.match(25, heading: 90)))
  }

  @Test func nearFixHeadingAlongDoesNotCount() {
    var detector = OffRouteDetector()
    for _ in 0..<5 {
      #expect(!detector.update(Self.match(25, heading: 10)))
    }
    #expect(detector.suspicious == 0)
  }

  @Test func nearFixWithoutHeadingDoesNotCount() {
    var detector = OffRouteDetector()
    for _ in 0..<5 {
      #expect(!detector.update(Self.match(25, heading: nil)))
    }
    #expect(detector.suspicious == 0)
  }

  @Test func closeFixHeadingAwayDoesNotCount() {
    // Within `nearDistance` even a wrong heading (a vehicle turning) is not suspicious.
    var detector = OffRouteDetector()
    for _ in 0..<5 {
      #expect(!detector.update(Self.match(15, heading: 120)))
    }
    #expect(detector.suspicious == 0)
  }

  @Test func resetStartsCountingAgain() {
    var detector = OffRouteDetector()
    #expect(!detector.update(Self.match(45)))
    #expect(!detector.update(Self.match(45)))
    detector.reset()
    #expect(detector.suspicious == 0)
    #expect(!detector.update(Self.match(45)))
    #expect(!detector.update(Self.match(45)))
    #expect(detector.update(Self.match(45)))
  }
}
