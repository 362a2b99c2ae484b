import Foundation
import Geo
import MapLayers
import Templates

/// Web Mercator metres to screen pixels for one camera: scaled, turned so the camera's
/// heading points up, and placed with the camera centre on `anchor`.
struct MapTransform: Hashable {
  let center: PlanePoint
  /// Screen pixels per mercator metre.
  let pixelsPerUnit: Double
  let heading: Double
  let anchor: ScreenPoint
  private let cosH: Double
  private let sinH: Double

  init(camera: MapCamera, anchor: ScreenPoint) {
    center = WebMercator.project(camera.center)
    let mercatorPerPixel =
      max(0.01, camera.metresPerPixel) * WebMercator.scale(atLatitude: camera.center.latitude)
    pixelsPerUnit = 1 / mercatorPerPixel
    heading = camera.heading
    self.anchor = anchor
    cosH = cos(camera.heading * .pi / 180)
    sinH = sin(camera.heading * .pi / 180)
  }

  @inline(__always)
  func screen(_ p: PlanePoint) -> ScreenPoint {
    let dx = (p.x - center.x) * pixelsPerUnit
    let dy = (p.y - center.y) * pixelsPerUnit
    return ScreenPoint(x: anchor.x + dx * cosH - dy * sinH, y: anchor.y - (dx * sinH + dy * cosH))
  }

  /// The mercator point shown at screen point `s`.
  func plane(_ s: ScreenPoint) -> PlanePoint {
    let rx = (s.x - anchor.x) / pixelsPerUnit
    let ry = -(s.y - anchor.y) / pixelsPerUnit
    // Inverse of the rotation in `screen(_:)`.
    return PlanePoint(x: center.x + rx * cosH + ry * sinH, y: center.y - rx * sinH + ry * cosH)
  }

  /// The mercator box covering screen rectangle `r` (whatever the rotation).
  func region(covering r: ScreenRect) -> MapRegion {
    let corners = [
      plane(ScreenPoint(x: r.minX, y: r.minY)), plane(ScreenPoint(x: r.maxX, y: r.minY)),
      plane(ScreenPoint(x: r.minX, y: r.maxY)), plane(ScreenPoint(x: r.maxX, y: r.maxY)),
    ]
    return MapRegion(
      minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!,
      maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!,
      mercatorPerPixel: 1 / pixelsPerUnit)
  }
}
