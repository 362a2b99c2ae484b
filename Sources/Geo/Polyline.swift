import Foundation

/// Where a point falls on a polyline.
public struct PolylineProjection: Sendable, Equatable {
  /// Index of the segment (from vertex `segment` to `segment + 1`).
  public var segment: Int
  /// Distance in metres from the polyline's start to the projected point.
  public var offset: Double
  /// Distance in metres from the point to the polyline (always ≥ 0).
  public var crossTrack: Double
  /// The projected point on the polyline.
  public var coordinate: Coordinate
  /// Bearing of the segment, degrees clockwise from north.
  public var bearing: Double
}

/// A polyline prepared for fast queries: vertices projected to a local plane and the
/// cumulative distance at each vertex.
///
/// Distances along the line are measured in the local plane, so they agree with the
/// projection offsets exactly (to within 0.1 % of great-circle distances).
public struct Polyline: Sendable {
  public let coordinates: [Coordinate]
  /// `cumulative[i]`: metres from the start to vertex `i`.
  public let cumulative: [Double]
  public let projection: LocalProjection
  private let points: [PlanePoint]
  /// `bearings[i]`: the bearing of segment `i`, worked out once (matching asks for it with
  /// every candidate of every fix).
  private let bearings: [Double]

  public init(_ coordinates: [Coordinate]) {
    self.coordinates = coordinates
    projection = LocalProjection(origin: coordinates.first ?? Coordinate(latitude: 0, longitude: 0))
    points = coordinates.map(projection.project)
    var total = 0.0
    var cumulative = [Double]()
    cumulative.reserveCapacity(coordinates.count)
    for i in points.indices {
      if i > 0 {
        let dx = points[i].x - points[i - 1].x
        let dy = points[i].y - points[i - 1].y
        total += (dx * dx + dy * dy).squareRoot()
      }
      cumulative.append(total)
    }
    self.cumulative = cumulative
    bearings = zip(points, points.dropFirst()).map { a, b in
      Angle.normalized(atan2(b.x - a.x, b.y - a.y) * 180 / .pi)
    }
  }

  /// Total length in metres.
  public var length: Double { cumulative.last ?? 0 }

  public var segmentCount: Int { max(0, coordinates.count - 1) }

  /// Index of the segment containing `offset` (clamped to the line).
  public func segment(containing offset: Double) -> Int {
    guard coordinates.count > 1 else { return 0 }
    var lo = 0
    var hi = coordinates.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if cumulative[mid] <= offset { lo = mid } else { hi = mid }
    }
    return lo
  }

  /// The point `offset` metres from the start (clamped to the line).
  public func coordinate(at offset: Double) -> Coordinate {
    guard coordinates.count > 1 else { return coordinates.first ?? projection.origin }
    let i = segment(containing: offset)
    let length = cumulative[i + 1] - cumulative[i]
    let t = length > 0 ? min(1, max(0, (offset - cumulative[i]) / length)) : 0
    let a = points[i]
    let b = points[i + 1]
    return projection.unproject(PlanePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
  }

  /// Bearing of the line at `offset`, degrees clockwise from north.
  public func bearing(at offset: Double) -> Double {
    guard coordinates.count > 1 else { return 0 }
    let start = segment(containing: offset)
    // A zero-length segment has no direction: use the next one that has, or at the end of
    // the line (an arrival often repeats its last vertex) the previous one.
    let hasLength = { (i: Int) in self.cumulative[i + 1] - self.cumulative[i] >= 0.01 }
    if let i = (start..<segmentCount).first(where: hasLength)
      ?? (0..<start).last(where: hasLength)
    {
      return segmentBearing(i)
    }
    return 0
  }

  /// Projects `point` onto the whole line.
  public func project(_ point: Coordinate) -> PolylineProjection? {
    project(point, segments: 0..<segmentCount)
  }

  /// Projects `point` onto the segments in `range` only (clamped to the line), so a
  /// caller tracking a moving point can search near its last match.
  ///
  /// Returns nil for a line with fewer than two vertices.
  public func project(_ point: Coordinate, segments range: Range<Int>) -> PolylineProjection? {
    var best: PolylineProjection?
    forEachProjection(point, segments: range) { candidate in
      if best == nil || candidate.crossTrack < best!.crossTrack { best = candidate }
    }
    return best
  }

  /// Calls `body` with the projection of `point` onto each segment in `range`.
  ///
  /// With `offsets`, only the part of the line between those distances from its start
  /// counts: a segment that crosses a bound is cut there (its projection is the nearest
  /// point of what is left), one wholly outside is skipped.
  public func forEachProjection(
    _ point: Coordinate, segments range: Range<Int>, within offsets: ClosedRange<Double>? = nil,
    _ body: (PolylineProjection) -> Void
  ) {
    let lower = max(0, range.lowerBound)
    let upper = min(segmentCount, range.upperBound)
    guard lower < upper else { return }
    let p = projection.project(point)
    for i in lower..<upper {
      var tMin = 0.0
      var tMax = 1.0
      if let offsets {
        let start = cumulative[i]
        let length = cumulative[i + 1] - start
        if start + length < offsets.lowerBound || start > offsets.upperBound { continue }
        if length > 0 {
          tMin = max(0, (offsets.lowerBound - start) / length)
          tMax = min(1, (offsets.upperBound - start) / length)
        }
      }
      let a = points[i]
      let b = points[i + 1]
      let dx = b.x - a.x
      let dy = b.y - a.y
      let len2 = dx * dx + dy * dy
      var t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0
      t = min(tMax, max(tMin, t))
      let qx = a.x + dx * t
      let qy = a.y + dy * t
      let ex = p.x - qx
      let ey = p.y - qy
      body(
        PolylineProjection(
          segment: i,
          offset: cumulative[i] + (cumulative[i + 1] - cumulative[i]) * t,
          crossTrack: (ex * ex + ey * ey).squareRoot(),
          coordinate: projection.unproject(PlanePoint(x: qx, y: qy)),
          bearing: segmentBearing(i)))
    }
  }

  /// Bearing of segment `i`, degrees clockwise from north.
  public func segmentBearing(_ i: Int) -> Double {
    bearings[i]
  }
}
