import Foundation
import Geo

/// What part of the world the map shows, and turned which way.
///
/// The camera is geography only; the screen layout decides where on screen its anchor
/// falls (low and right of the guidance card when following the vehicle, the middle of
/// the free area for an overview).
public struct MapCamera: Hashable, Sendable {
  /// Which way the map is turned.
  public enum Orientation: String, Hashable, Sendable {
    /// The direction of travel points up.
    case headingUp
    case northUp
  }

  /// Where on the screen `center` is placed.
  public enum Anchor: Hashable, Sendable {
    /// The vehicle's spot: low on the screen so the road ahead shows.
    case vehicle
    /// The middle of the map area not covered by cards.
    case freeArea
  }

  /// The ground point shown at `anchor`.
  public var center: Coordinate
  /// Compass bearing that points up on screen, degrees (0 for north-up).
  public var heading: Double
  /// Ground metres per screen pixel at `center`.
  public var metresPerPixel: Double
  public var anchor: Anchor

  public init(center: Coordinate, heading: Double, metresPerPixel: Double, anchor: Anchor) {
    self.center = center
    self.heading = heading
    self.metresPerPixel = metresPerPixel
    self.anchor = anchor
  }

  /// A north-up camera showing all of `coordinates` inside a `width` × `height` pixel area
  /// with `margin` pixels around them (for the route overview).
  public static func fitting(
    _ coordinates: [Coordinate], width: Double, height: Double, margin: Double = 24
  ) -> MapCamera? {
    guard let first = coordinates.first else { return nil }
    var low = WebMercator.project(first)
    var high = low
    for c in coordinates.dropFirst() {
      let p = WebMercator.project(c)
      low = PlanePoint(x: min(low.x, p.x), y: min(low.y, p.y))
      high = PlanePoint(x: max(high.x, p.x), y: max(high.y, p.y))
    }
    let center = WebMercator.unproject(
      PlanePoint(x: (low.x + high.x) / 2, y: (low.y + high.y) / 2))
    let usableWidth = max(1, width - 2 * margin)
    let usableHeight = max(1, height - 2 * margin)
    let mercatorPerPixel = max(
      (high.x - low.x) / usableWidth, (high.y - low.y) / usableHeight, 0.5)
    return MapCamera(
      center: center, heading: 0,
      metresPerPixel: mercatorPerPixel / WebMercator.scale(atLatitude: center.latitude),
      anchor: .freeArea)
  }
}
