import Foundation
import Testing

@testable import Geo

/// Metres per degree on the mean-radius sphere.
private let metresPerDegree = Earth.radius * .pi / 180

private let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
private let tallinn = Coordinate(latitude: 59.4370, longitude: 24.7536)

@Suite("Earth")
struct EarthTests {
  @Test func helsinkiToTallinnDistanceAndBearing() {
    let distance = Earth.distance(helsinki, tallinn)
    #expect(distance > 82_000 && distance < 83_000)
    #expect(abs(distance - 82_148) < 5)
    #expect(abs(Earth.bearing(from: helsinki, to: tallinn) - 187.31) < 0.05)
    #expect(abs(Earth.bearing(from: tallinn, to: helsinki) - 7.15) < 0.1)
    #expect(Earth.distance(helsinki, helsinki) == 0)
  }

  @Test func oneDegreeOfLatitudeAndCardinalBearings() {
    let origin = Coordinate(latitude: 0, longitude: 0)
    let north = Coordinate(latitude: 1, longitude: 0)
    let east = Coordinate(latitude: 0, longitude: 1)
    #expect(abs(Earth.distance(origin, north) - metresPerDegree) < 1e-6)
    #expect(abs(Earth.bearing(from: origin, to: north) - 0) < 1e-9)
    #expect(abs(Earth.bearing(from: origin, to: east) - 90) < 1e-9)
    #expect(abs(Earth.bearing(from: north, to: origin) - 180) < 1e-9)
    #expect(abs(Earth.bearing(from: east, to: origin) - 270) < 1e-9)
  }

  @Test func destinationOfAKnownBearing() {
    let end = Earth.destination(from: helsinki, bearing: 187.3077, distance: 82_147.6)
    #expect(Earth.distance(end, tallinn) < 5)
    let north = Earth.destination(
      from: Coordinate(latitude: 0, longitude: 0), bearing: 0, distance: metresPerDegree)
    #expect(abs(north.latitude - 1) < 1e-9)
    #expect(abs(north.longitude) < 1e-9)
  }

  @Test(arguments: [0.0, 45, 90, 135, 180, 225, 270, 315, 359.9])
  func destinationRoundTrip(bearing: Double) {
    for distance in [1.0, 250, 10_000, 500_000] {
      let end = Earth.destination(from: helsinki, bearing: bearing, distance: distance)
      #expect(abs(Earth.distance(helsinki, end) - distance) < max(1e-6, distance * 1e-9))
      let back = Earth.bearing(from: helsinki, to: end)
      #expect(abs(Angle.difference(from: bearing, to: back)) < 1e-6)
    }
  }

  @Test func destinationWrapsTheAntimeridian() {
    let start = Coordinate(latitude: 0, longitude: 179.9)
    let end = Earth.destination(from: start, bearing: 90, distance: 0.2 * metresPerDegree)
    #expect(abs(end.longitude - -179.9) < 1e-9)
  }

  @Test func angles() {
    #expect(Angle.normalized(-90) == 270)
    #expect(Angle.normalized(720) == 0)
    #expect(Angle.difference(from: 350, to: 10) == 20)
    #expect(Angle.difference(from: 10, to: 350) == -20)
    #expect(Angle.difference(from: 0, to: 180) == 180)
  }

  @Test func betweenIsTheNarrowerAngle() {
    #expect(Angle.isBetween(90, 45, 135))
    #expect(Angle.isBetween(0, 330, 30))
    #expect(Angle.isBetween(370, 330, 30))
    #expect(!Angle.isBetween(180, 330, 30))
    #expect(!Angle.isBetween(270, 45, 135))
    #expect(!Angle.isBetween(45, 45, 135), "on an edge is not inside")
    #expect(!Angle.isBetween(90, 0, 180), "opposite bearings have no narrower side")
  }
}

@Suite("PolylineCodec")
struct PolylineCodecTests {
  @Test func decodesGooglesDocumentedExample() throws {
    let points = try PolylineCodec.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)
    let expected = [(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)]
    #expect(points.count == 3)
    for (point, (latitude, longitude)) in zip(points, expected) {
      #expect(abs(point.latitude - latitude) < 1e-9)
      #expect(abs(point.longitude - longitude) < 1e-9)
    }
    let reencoded = PolylineCodec.encode(points, precision: 5)
    #expect(reencoded == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
  }

  @Test func roundTripsAtPrecisionSix() throws {
    let points = [
      Coordinate(latitude: 60.166784, longitude: 24.949561),
      Coordinate(latitude: 60.167828, longitude: 24.949456),
      Coordinate(latitude: -33.856785, longitude: 151.215295),
      Coordinate(latitude: 0, longitude: -179.999999),
    ]
    let encoded = PolylineCodec.encode(points, precision: 6)
    let decoded = try PolylineCodec.decode(encoded, precision: 6)
    #expect(decoded.count == points.count)
    for (a, b) in zip(decoded, points) {
      #expect(abs(a.latitude - b.latitude) < 5e-7)
      #expect(abs(a.longitude - b.longitude) < 5e-7)
    }
    #expect(try PolylineCodec.decode("", precision: 6).isEmpty)
  }

  @Test func malformedPolylinesThrowWithTheOffset() {
    // Ends inside a value: the last character has its continuation bit set.
    #expect(throws: PolylineCodec.DecodingError.self) {
      try PolylineCodec.decode("_p~iF~ps|U_", precision: 5)
    }
    // A latitude without its longitude.
    #expect(throws: PolylineCodec.DecodingError.self) {
      try PolylineCodec.decode("_p~iF", precision: 5)
    }
    do {
      _ = try PolylineCodec.decode("_p~iF ps|U", precision: 5)
      Issue.record("expected a decoding error")
    } catch {
      #expect(error.offset == 5)
      #expect(error.reason.contains("unexpected character"))
    }
    // Out of range: 100° of latitude.
    let tooFar = PolylineCodec.encode([Coordinate(latitude: 100, longitude: 0)], precision: 5)
    #expect(throws: PolylineCodec.DecodingError.self) {
      try PolylineCodec.decode(tooFar, precision: 5)
    }
  }
}

@Suite("Polyline")
struct PolylineTests {
  /// East 0.001° along the equator, then north 0.001°: two segments of `d` metres.
  let line = Polyline([
    Coordinate(latitude: 0, longitude: 0),
    Coordinate(latitude: 0, longitude: 0.001),
    Coordinate(latitude: 0.001, longitude: 0.001),
  ])
  let d = 0.001 * metresPerDegree

  @Test func lengthsAndCumulativeDistances() {
    #expect(line.segmentCount == 2)
    #expect(abs(line.length - 2 * d) < 1e-6)
    #expect(abs(line.cumulative[1] - d) < 1e-6)
    #expect(line.segment(containing: d * 1.5) == 1)
    #expect(line.segment(containing: -5) == 0)
    #expect(abs(line.segmentBearing(0) - 90) < 1e-9)
    #expect(abs(line.segmentBearing(1) - 0) < 1e-9)
    let middle = line.coordinate(at: d * 1.5)
    #expect(abs(middle.latitude - 0.0005) < 1e-9)
    #expect(abs(middle.longitude - 0.001) < 1e-9)
  }

  @Test func projectionOntoTheFirstSegment() throws {
    // 0.0001° north of the middle of the first segment.
    let p = try #require(line.project(Coordinate(latitude: 0.0001, longitude: 0.0005)))
    #expect(p.segment == 0)
    #expect(abs(p.offset - d / 2) < 1e-6)
    #expect(abs(p.crossTrack - 0.0001 * metresPerDegree) < 1e-6)
    #expect(abs(p.bearing - 90) < 1e-9)
    #expect(abs(p.coordinate.latitude) < 1e-12)
    #expect(abs(p.coordinate.longitude - 0.0005) < 1e-12)
  }

  @Test func projectionOntoTheSecondSegment() throws {
    // 0.0002° east of the middle of the second segment.
    let p = try #require(line.project(Coordinate(latitude: 0.0005, longitude: 0.0012)))
    #expect(p.segment == 1)
    #expect(abs(p.offset - 1.5 * d) < 1e-6)
    #expect(abs(p.crossTrack - 0.0002 * metresPerDegree) < 1e-6)
    #expect(abs(p.bearing - 0) < 1e-9)
  }

  @Test func projectionBeyondTheEndsIsClamped() throws {
    let before = try #require(line.project(Coordinate(latitude: 0, longitude: -0.0003)))
    #expect(before.segment == 0)
    #expect(before.offset == 0)
    #expect(abs(before.crossTrack - 0.0003 * metresPerDegree) < 1e-6)
    let after = try #require(line.project(Coordinate(latitude: 0.0014, longitude: 0.001)))
    #expect(after.segment == 1)
    #expect(abs(after.offset - 2 * d) < 1e-6)
    #expect(abs(after.crossTrack - 0.0004 * metresPerDegree) < 1e-6)
  }

  @Test func segmentRangeRestrictsTheSearch() throws {
    let point = Coordinate(latitude: 0.0005, longitude: 0.0012)
    // Only the first segment: the nearest point is its end, the corner.
    let first = try #require(line.project(point, segments: 0..<1))
    #expect(first.segment == 0)
    #expect(abs(first.offset - d) < 1e-6)
    let expected = (0.0002 * 0.0002 + 0.0005 * 0.0005).squareRoot() * metresPerDegree
    #expect(abs(first.crossTrack - expected) < 1e-6)
    // Ranges are clamped to the line; empty ranges give nil.
    #expect(line.project(point, segments: 1..<99)?.segment == 1)
    #expect(line.project(point, segments: 2..<3) == nil)
    #expect(Polyline([Coordinate(latitude: 1, longitude: 1)]).project(point) == nil)
  }

  @Test func offsetRangeCutsTheSegments() throws {
    let point = Coordinate(latitude: 0.0005, longitude: 0.0012)
    var found: [PolylineProjection] = []
    // Only the line's first quarter to three quarters: the second segment is cut at 1.5 d,
    // so the nearest point of it is its cut end, not the foot of the perpendicular.
    line.forEachProjection(point, segments: 0..<2, within: (d / 2)...(d * 1.25)) {
      found.append($0)
    }
    #expect(found.map(\.segment) == [0, 1])
    #expect(abs(found[0].offset - d) < 1e-6)
    #expect(abs(found[1].offset - d * 1.25) < 1e-6)
    let cut = Coordinate(latitude: 0.00025, longitude: 0.001)
    #expect(abs(found[1].crossTrack - Earth.distance(point, cut)) < 0.01)
    // A segment wholly outside the range is skipped.
    found = []
    line.forEachProjection(point, segments: 0..<2, within: (d * 1.1)...(d * 2)) {
      found.append($0)
    }
    #expect(found.map(\.segment) == [1])
    #expect(abs(found[0].offset - d * 1.5) < 1e-6)
  }
}
