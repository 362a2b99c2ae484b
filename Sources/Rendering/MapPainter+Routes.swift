import Canvas
import Geo

extension MapPainter {
  /// The whole of `route` as one line in `line`'s colours (route choices in a preview).
  func drawWholeRoute(_ route: MapRoute, _ line: PolylineStyle) {
    let points = route.points(from: 0, to: route.length)
    guard points.count > 1 else { return }
    if line.casingWidth > 0 {
      path(points)
      canvas.stroke(line.casing, width: (line.width + 2 * line.casingWidth) * layout.scale)
    }
    path(points)
    canvas.stroke(line.color, width: line.width * layout.scale)
  }

  /// The origin and destination markers of `route`.
  func drawEnds(of route: MapRoute) {
    let style = scene.theme.map
    if let s = style.marker(.origin) {
      draw(s, at: transform.screen(WebMercator.project(route.origin)), rotation: 0)
    }
    if let s = style.marker(.destination) {
      draw(s, at: transform.screen(WebMercator.project(route.destination)), rotation: 0)
    }
  }

  /// Where `coordinate` falls on screen.
  func screenPoint(_ coordinate: Coordinate) -> ScreenPoint {
    transform.screen(WebMercator.project(coordinate))
  }
}
