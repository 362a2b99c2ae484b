import CCairo
import Canvas
import Foundation
import Geo
import MapLayers
import Templates

/// Web Mercator metres to screen pixels for one camera: scaled, turned so the camera's
/// heading points up, and placed with the camera centre on `anchor`.
struct MapTransform: Hashable, Sendable {
  let center: PlanePoint
  /// Screen pixels per mercator metre.
  let pixelsPerUnit: Double
  let heading: Double
  let anchor: ScreenPoint
  private let cosH: Double
  private let sinH: Double

  init(camera: MapCamera, anchor: ScreenPoint) {
    let mercatorPerPixel =
      max(0.01, camera.metresPerPixel) * WebMercator.scale(atLatitude: camera.center.latitude)
    self.init(
      center: WebMercator.project(camera.center), pixelsPerUnit: 1 / mercatorPerPixel,
      heading: camera.heading, anchor: anchor)
  }

  init(center: PlanePoint, pixelsPerUnit: Double, heading: Double, anchor: ScreenPoint) {
    self.center = center
    self.pixelsPerUnit = pixelsPerUnit
    self.heading = heading
    self.anchor = anchor
    cosH = cos(heading * .pi / 180)
    sinH = sin(heading * .pi / 180)
  }

  /// The same view with every pixel moved by (`dx`, `dy`): the transform into a surface
  /// whose origin lies at (−`dx`, −`dy`) on this one's.
  func moved(dx: Double, dy: Double) -> MapTransform {
    MapTransform(
      center: center, pixelsPerUnit: pixelsPerUnit, heading: heading,
      anchor: ScreenPoint(x: anchor.x + dx, y: anchor.y + dy))
  }

  /// The affine map from this transform's pixels to `other`'s (both show the same ground):
  /// what a cairo pattern drawn with `other` needs as its matrix to be painted here.
  func matrix(to other: MapTransform) -> cairo_matrix_t {
    // Both are similarities, so three points fix the map; near the anchor for precision.
    let o = other.screen(plane(anchor))
    let x = other.screen(plane(ScreenPoint(x: anchor.x + 1, y: anchor.y)))
    let y = other.screen(plane(ScreenPoint(x: anchor.x, y: anchor.y + 1)))
    let xx = x.x - o.x
    let yx = x.y - o.y
    let xy = y.x - o.x
    let yy = y.y - o.y
    return cairo_matrix_t(
      xx: xx, yx: yx, xy: xy, yy: yy, x0: o.x - xx * anchor.x - xy * anchor.y,
      y0: o.y - yx * anchor.x - yy * anchor.y)
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
