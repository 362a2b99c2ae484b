import Foundation
import Geo
import Navigation

/// A route prepared for drawing: its guidance polyline projected once to Web Mercator,
/// the optional traffic along it, and where its legs meet (waypoints).
public struct MapRoute: Sendable {
  public let guidance: GuidanceRoute
  /// Traffic per segment of `guidance.line` (one fewer than its vertices), when known.
  public let congestion: [Congestion]?
  /// Where one leg ends and the next begins.
  public let waypoints: [Coordinate]
  /// The line's vertices in Web Mercator metres.
  let points: [PlanePoint]
  /// Tells routes apart in caches without comparing their geometry.
  let identity: Int

  /// - Parameter congestion: traffic per segment of the route's guidance line; ignored
  ///   unless it has exactly one value per segment.
  public init(_ route: Route, congestion: [Congestion]? = nil) {
    self.init(GuidanceRoute(route), congestion: congestion)
  }

  public init(_ guidance: GuidanceRoute, congestion: [Congestion]? = nil) {
    self.guidance = guidance
    points = guidance.line.coordinates.map(WebMercator.project)
    self.congestion =
      congestion.flatMap { $0.count == guidance.line.segmentCount ? $0 : nil }
    waypoints = guidance.route.legs.dropLast().compactMap { $0.steps.last?.geometry.last }
    var hasher = Hasher()
    hasher.combine(points.count)
    hasher.combine(guidance.length)
    hasher.combine(points.first?.x)
    hasher.combine(points.last?.y)
    hasher.combine(self.congestion)
    identity = hasher.finalize()
  }

  public var origin: Coordinate { guidance.line.coordinates.first ?? guidance.destination }
  public var destination: Coordinate { guidance.destination }
  public var length: Double { guidance.length }

  /// The direction to show as "up" at `offset`: from a little behind to further ahead,
  /// so the view turns smoothly into a bend instead of snapping at the corner.
  public func viewHeading(at offset: Double, behind: Double = 5, ahead: Double = 25) -> Double {
    let a = guidance.line.coordinate(at: max(0, offset - behind))
    let b = guidance.line.coordinate(at: min(length, offset + ahead))
    guard Earth.distance(a, b) > 1 else { return guidance.line.bearing(at: offset) }
    return Earth.bearing(from: a, to: b)
  }

  /// Mercator vertices from `start` to `end` metres along the line (cut exactly at both).
  func points(from start: Double, to end: Double) -> [PlanePoint] {
    let line = guidance.line
    let start = max(0, start)
    let end = min(length, end)
    guard end > start, points.count > 1 else { return [] }
    let first = line.segment(containing: start)
    let last = line.segment(containing: end)
    var result = [point(at: start, segment: first)]
    if first < last {
      result.append(contentsOf: points[(first + 1)...last])
    }
    result.append(point(at: end, segment: last))
    return result
  }

  /// Segment indices covering `start`…`end` (for per-segment traffic colours).
  func segments(from start: Double, to end: Double) -> ClosedRange<Int> {
    guidance.line.segment(
      containing: max(0, start))...guidance.line.segment(
        containing: min(length, end))
  }

  private func point(at offset: Double, segment i: Int) -> PlanePoint {
    let c = guidance.line.cumulative
    let length = c[i + 1] - c[i]
    let t = length > 0 ? min(1, max(0, (offset - c[i]) / length)) : 0
    return PlanePoint(
      x: points[i].x + (points[i + 1].x - points[i].x) * t,
      y: points[i].y + (points[i + 1].y - points[i].y) * t)
  }
}
