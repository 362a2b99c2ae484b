import CCairo
import Canvas
import Foundation
import Geo
import MapLayers
import Navigation

/// Draws the map part of a scene: background, layers, the route in its three parts,
/// markers, and (separately, as it moves most) the vehicle.
struct MapPainter {
  let canvas: CairoCanvas
  let scene: NavigationScene
  let layout: NavigationLayout
  let transform: MapTransform
  /// Where the map is drawn (the layout's map area unless told otherwise).
  let area: ScreenRect
  /// Paints the portrait header band behind the card (the navigation screen only).
  private let drawsHeader: Bool
  /// The map area with a margin, so wide lines entering it are not cut.
  let view: ScreenRect

  var style: MapStyle { scene.theme.map }
  var scale: Double { layout.scale }

  init(canvas: CairoCanvas, scene: NavigationScene, layout: NavigationLayout) {
    self.canvas = canvas
    self.scene = scene
    self.layout = layout
    transform = MapTransform(camera: scene.camera, anchor: Self.anchor(scene, layout))
    area = layout.mapArea
    drawsHeader = true
    view = layout.mapArea.insetBy(-40 * layout.scale)
  }

  /// A painter for a map inside `area` with the camera centre at `anchor` (template
  /// screens that place the map themselves); no header band is drawn.
  init(
    canvas: CairoCanvas, scene: NavigationScene, layout: NavigationLayout, area: ScreenRect,
    anchor: ScreenPoint
  ) {
    self.canvas = canvas
    self.scene = scene
    self.layout = layout
    transform = MapTransform(camera: scene.camera, anchor: anchor)
    self.area = area
    drawsHeader = false
    view = area.insetBy(-40 * layout.scale)
  }

  /// A painter drawing the map of `scene` as `transform` places it, into `area` of
  /// `canvas`, with `view` the part being drawn (a piece of a cached map): no header.
  init(
    canvas: CairoCanvas, scene: NavigationScene, layout: NavigationLayout,
    transform: MapTransform, area: ScreenRect, view: ScreenRect
  ) {
    self.canvas = canvas
    self.scene = scene
    self.layout = layout
    self.transform = transform
    self.area = area
    drawsHeader = false
    self.view = view.insetBy(-40 * layout.scale)
  }

  static func anchor(_ scene: NavigationScene, _ layout: NavigationLayout) -> ScreenPoint {
    scene.camera.anchor == .vehicle ? layout.vehicleAnchor : layout.freeAreaCenter
  }

  /// Everything but the vehicle: the static map drawn here, or composited from `cache`
  /// (which draws what it lacks), and the route and markers over it.
  func drawBase(from cache: MapCache? = nil) {
    let cr = canvas.cr
    cairo_save(cr)
    if drawsHeader, let header = layout.header {
      OverlayPainter(canvas: canvas, theme: scene.theme, scale: scale).header(header)
    }
    canvas.clip(area)
    if let cache, cache.paint(scene, transform: transform, area: area, onto: canvas) {
      // The static map is on the canvas.
    } else {
      drawStatic()
    }
    drawRoute()
    drawStaticMarkers()
    cairo_restore(cr)
  }

  /// The background and the layers' features over `view`.
  func drawStatic() {
    canvas.setColor(style.background)
    cairo_paint(canvas.cr)
    let region = transform.region(covering: view)
    for layer in scene.layers {
      drawFeatures(layer.features(in: region))
    }
  }

  /// Adds `points` to the current path. Open lines skip the segments wholly outside the
  /// view (a long route or street costs only what shows); tiny steps are dropped.
  func path(_ points: [PlanePoint], close: Bool = false) {
    guard let first = points.first else { return }
    let cr = canvas.cr
    if close {
      let s = transform.screen(first)
      cairo_move_to(cr, s.x, s.y)
      for p in points.dropFirst() {
        let q = transform.screen(p)
        cairo_line_to(cr, q.x, q.y)
      }
      cairo_close_path(cr)
      return
    }
    var previous = transform.screen(first)
    var previousCode = outcode(previous)
    var drawing = false
    var last = previous
    for (i, p) in points.enumerated().dropFirst() {
      let q = transform.screen(p)
      let code = outcode(q)
      defer {
        previous = q
        previousCode = code
      }
      if previousCode & code != 0 {
        drawing = false
        continue
      }
      if !drawing {
        cairo_move_to(cr, previous.x, previous.y)
        drawing = true
        last = previous
      }
      // Skip vertices closer than half a pixel: they add cost, not shape.
      if abs(q.x - last.x) + abs(q.y - last.y) < 0.5 && i != points.count - 1 { continue }
      cairo_line_to(cr, q.x, q.y)
      last = q
    }
  }

  /// Which sides of the view `p` lies beyond (Cohen–Sutherland bits).
  @inline(__always)
  func outcode(_ p: ScreenPoint) -> Int {
    (p.x < view.minX ? 1 : 0) | (p.x > view.maxX ? 2 : 0) | (p.y < view.minY ? 4 : 0)
      | (p.y > view.maxY ? 8 : 0)
  }

  // MARK: - Route

  private func drawRoute() {
    guard let route = scene.route else { return }
    let progress = scene.progress ?? 0
    let activeEnd = max(progress, scene.nextManeuverOffset ?? route.length)
    let parts: [(RoutePart, Double, Double)] = [
      (.travelled, 0, progress), (.remaining, activeEnd, route.length),
      (.active, progress, activeEnd),
    ]
    for (part, start, end) in parts where end > start {
      guard let line = style.polyline(part) else { continue }
      let points = route.points(from: start, to: end)
      guard points.count > 1 else { continue }
      if line.casingWidth > 0 {
        path(points)
        canvas.stroke(line.casing, width: (line.width + 2 * line.casingWidth) * scale)
      }
      if let congestion = route.congestion, part != .travelled {
        drawTraffic(route, congestion, from: start, to: end, width: line.width)
      } else {
        path(points)
        canvas.stroke(line.color, width: line.width * scale)
      }
    }
  }

  /// The line in runs of equal congestion, each in its traffic colour.
  private func drawTraffic(
    _ route: MapRoute, _ congestion: [Congestion], from start: Double, to end: Double,
    width: Double
  ) {
    let cumulative = route.guidance.line.cumulative
    let segments = route.segments(from: start, to: end)
    var runStart = segments.lowerBound
    for i in segments where i == segments.upperBound || congestion[i + 1] != congestion[runStart] {
      let a = max(start, cumulative[runStart])
      let b = min(end, cumulative[i + 1])
      path(route.points(from: a, to: b))
      canvas.stroke(style.traffic[congestion[runStart]] ?? style.road, width: width * scale)
      runStart = i + 1
    }
  }

  // MARK: - Markers

  private func drawStaticMarkers() {
    guard let route = scene.route else { return }
    var markers: [(MarkerStyle, Coordinate)] = []
    if let s = style.marker(.origin) { markers.append((s, route.origin)) }
    if let s = style.marker(.destination) { markers.append((s, route.destination)) }
    if let s = style.marker(.waypoint) { markers += route.waypoints.map { (s, $0) } }
    for (marker, coordinate) in markers.sorted(by: { $0.0.zIndex < $1.0.zIndex }) {
      draw(marker, at: transform.screen(WebMercator.project(coordinate)), rotation: 0)
    }
  }

  /// The screen box the vehicle marker covers, nil when none is drawn.
  func vehicleRect() -> ScreenRect? {
    guard let vehicle = scene.vehicle, let marker = style.marker(.vehicle) else { return nil }
    let p = transform.screen(WebMercator.project(vehicle.coordinate))
    let size = marker.size * scale
    // Generous: the shadow and the stroke stick out of the icon box.
    return ScreenRect(
      x: p.x - size * marker.anchorX, y: p.y - size * marker.anchorY, width: size, height: size
    ).insetBy(-4 * scale).integral
  }

  func drawVehicle() {
    guard let vehicle = scene.vehicle, var marker = style.marker(.vehicle) else { return }
    if vehicle.isEstimated {
      marker.fill = marker.fill.opacity(0.5)
    }
    let p = transform.screen(WebMercator.project(vehicle.coordinate))
    draw(marker, at: p, rotation: vehicle.heading - scene.camera.heading)
  }

  func draw(_ marker: MarkerStyle, at point: ScreenPoint, rotation: Double) {
    let cr = canvas.cr
    let size = marker.size * scale
    cairo_save(cr)
    cairo_translate(
      cr, point.x - size * (marker.anchorX - 0.5), point.y - size * (marker.anchorY - 0.5))
    let half = size / 2
    switch marker.icon {
    case .navigationArrow:
      canvas.circle(center: ScreenPoint(x: 0, y: 2 * scale), radius: half - scale)
      canvas.fill(scene.theme.shadow)
      canvas.circle(center: ScreenPoint(x: 0, y: 0), radius: half - 2 * scale)
      canvas.fill(marker.stroke)
      canvas.circle(center: ScreenPoint(x: 0, y: 0), radius: half - 5 * scale)
      canvas.fill(marker.fill)
      cairo_rotate(cr, rotation * .pi / 180)
      let a = half * 0.62
      canvas.moveTo(0, -a)
      canvas.lineTo(a * 0.78, a * 0.8)
      canvas.lineTo(0, a * 0.42)
      canvas.lineTo(-a * 0.78, a * 0.8)
      cairo_close_path(cr)
      canvas.fill(marker.stroke)
    case .dot:
      canvas.circle(center: ScreenPoint(x: 0, y: 0), radius: half)
      canvas.fill(marker.stroke)
      canvas.circle(center: ScreenPoint(x: 0, y: 0), radius: half * 0.7)
      canvas.fill(marker.fill)
    case .pin:
      let r = size * 0.3
      let c = ScreenPoint(x: 0, y: -half + r + scale)
      let tip = ScreenPoint(x: 0, y: half)
      let spread = asin(min(1, r / (tip.y - c.y)))
      canvas.moveTo(tip.x, tip.y)
      cairo_arc(cr, c.x, c.y, r, .pi - spread, 2 * .pi + spread)
      cairo_close_path(cr)
      cairo_set_source_rgba(
        cr, marker.fill.red, marker.fill.green, marker.fill.blue, marker.fill.alpha)
      cairo_fill_preserve(cr)
      canvas.stroke(marker.stroke, width: 2 * scale)
      canvas.circle(center: c, radius: r * 0.38)
      canvas.fill(marker.stroke)
    case .flag:
      canvas.moveTo(-half * 0.5, half)
      canvas.lineTo(-half * 0.5, -half)
      canvas.stroke(marker.stroke, width: 3 * scale)
      canvas.moveTo(-half * 0.5, -half)
      canvas.lineTo(half * 0.8, -half * 0.55)
      canvas.lineTo(-half * 0.5, -half * 0.1)
      cairo_close_path(cr)
      canvas.fill(marker.fill)
    }
    cairo_restore(cr)
  }
}
