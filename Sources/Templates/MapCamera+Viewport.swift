import Foundation
import Geo

extension MapCamera {
  /// This camera as the driver has moved it: zoomed by the viewport's levels from
  /// ``MapViewport/recentreZoom`` (each level halves the metres per pixel), then its
  /// centre moved by the viewport's offset, in pixels of the turned view (x right, y down),
  /// so the ground that was `offset` from the anchor is at the anchor. The default viewport
  /// leaves the camera as it is.
  public func moved(by viewport: MapViewport) -> MapCamera {
    var camera = self
    camera.metresPerPixel = metresPerPixel * pow(2, MapViewport.recentreZoom - viewport.zoom)
    let offset = viewport.offset
    guard offset != .zero, offset.dx.isFinite, offset.dy.isFinite else { return camera }
    // Screen pixels to mercator units east (x) and north (y), turned by the heading.
    let unitsPerPixel =
      camera.metresPerPixel * WebMercator.scale(atLatitude: center.latitude)
    let right = offset.dx * unitsPerPixel
    let up = -offset.dy * unitsPerPixel
    let angle = heading * .pi / 180
    let origin = WebMercator.project(center)
    camera.center = WebMercator.unproject(
      PlanePoint(
        x: origin.x + right * cos(angle) + up * sin(angle),
        y: origin.y - right * sin(angle) + up * cos(angle)))
    return camera
  }
}
