import CCairo
import Canvas
import Foundation
import Geo
import MapLayers

/// The static map — background, areas, roads, street names: all that does not move with
/// the vehicle — drawn once into a surface larger than the map area, and painted into each
/// frame turned, scaled and moved to that frame's camera.
///
/// The surface holds one *view*: the camera of the frame that began it, with margins round
/// the map area wide enough for the camera to turn ``maximumTurn`` about its anchor and to
/// move some seconds ahead. Only what frames show is drawn: the first frame of a view draws
/// the map area, later frames the strips the view moves or turns into. A new view begins
/// when the theme or the layers change, the zoom leaves ``zoomRange`` of the view's, the
/// camera turns more than ``maximumTurn`` from it, a frame would show beyond the surface, or
/// the camera stops turning at an angle to the view (so a straight road is drawn crisp
/// again after a bend). Street names are placed once per view and turn with the map.
///
/// Not thread-safe: one renderer owns it. A large strip is drawn in bands of rows on as
/// many threads as there are processors (up to four), each band a cairo surface and
/// context of its own on the same pixels; the call returns when all are drawn.
final class MapCache {
  /// Degrees the camera may turn from a view's heading before the view is drawn again.
  static let maximumTurn = 12.0
  /// How far the zoom may stray from a view's (a ratio) before it is drawn again.
  static let zoomRange = 1.1
  /// Pixels of map ahead of the vehicle kept for the camera moving forward.
  static let ahead = 96.0
  /// Pixels drawn beyond what a frame needs when a view grows, so it grows seldom.
  static let growth = 48.0

  let layout: NavigationLayout
  /// Where the map area's top-left corner lies on the surface.
  private let origin: ScreenPoint
  private let size: (width: Int, height: Int)
  private var canvas: CairoCanvas?
  private var view: View?

  /// The canvases of a strip's bands, for the threads that draw them.
  private struct Handoff: @unchecked Sendable {
    // Safe: iteration i of the drawing touches only canvases[i], a cairo surface and context
    // of its own on rows no other band has, and the caller waits for every iteration
    // before it uses them or the pixels again.
    let canvases: [CairoCanvas]
  }

  /// What a view was drawn with, and how much of it is drawn.
  private struct View: Sendable {
    var key: Key
    /// The scene whose camera began the view (its zoom and heading hold for every strip).
    var scene: NavigationScene
    /// Ground to surface pixels.
    var transform: MapTransform
    /// The surface pixels drawn so far.
    var drawn: ScreenRect
    /// Each layer's features over the whole surface, and its street names.
    var layers: [(features: [MapFeature], labels: [MapLabel])]
    /// The camera heading of the last frame painted.
    var lastHeading: Double
  }

  /// What makes a view unusable when it changes.
  private struct Key: Hashable, Sendable {
    var theme: String
    var layers: [String]
    var area: ScreenRect
    var anchor: ScreenPoint
  }

  init(layout: NavigationLayout) {
    self.layout = layout
    let area = layout.mapArea
    var margins = (left: 0.0, top: 0.0, right: 0.0, bottom: 0.0)
    for anchor in [layout.vehicleAnchor, layout.freeAreaCenter] {
      let m = Self.margins(of: area, turningAbout: anchor, scale: layout.scale)
      margins = (
        max(margins.left, m.left), max(margins.top, m.top), max(margins.right, m.right),
        max(margins.bottom, m.bottom)
      )
    }
    origin = ScreenPoint(x: margins.left.rounded(.up), y: margins.top.rounded(.up))
    size = (
      Int((area.width + origin.x + margins.right).rounded(.up)),
      Int((area.height + origin.y + margins.bottom).rounded(.up))
    )
  }

  /// The bytes the surface takes once drawn.
  var byteCount: Int { size.width * size.height * 4 }

  /// Forgets the view: the next frame draws the map again.
  func invalidate() { view = nil }

  /// How far beyond `area` the map shows while it turns up to ``maximumTurn`` either way
  /// about `anchor`, with a few pixels to spare and ``ahead`` more on top.
  static func margins(of area: ScreenRect, turningAbout anchor: ScreenPoint, scale: Double)
    -> (left: Double, top: Double, right: Double, bottom: Double)
  {
    var box = area
    for step in -4...4 {
      let angle = Double(step) / 4 * maximumTurn * .pi / 180
      for corner in [
        ScreenPoint(x: area.minX, y: area.minY), ScreenPoint(x: area.maxX, y: area.minY),
        ScreenPoint(x: area.minX, y: area.maxY), ScreenPoint(x: area.maxX, y: area.maxY),
      ] {
        let dx = corner.x - anchor.x
        let dy = corner.y - anchor.y
        let p = ScreenPoint(
          x: anchor.x + dx * cos(angle) - dy * sin(angle),
          y: anchor.y + dx * sin(angle) + dy * cos(angle))
        box = box.union(ScreenRect(x: p.x, y: p.y, width: 0.01, height: 0.01))
      }
    }
    let spare = 16 * scale
    return (
      area.minX - box.minX + spare, area.minY - box.minY + spare + ahead * scale,
      box.maxX - area.maxX + spare, box.maxY - area.maxY + spare
    )
  }

  /// Paints the static map of `scene`, as `transform` shows it, into `area` of `target`
  /// (clipped there by the caller), drawing first what the view lacks. False when it cannot
  /// (no surface, a camera that is not finite): the caller draws the map itself.
  func paint(
    _ scene: NavigationScene, transform: MapTransform, area: ScreenRect,
    onto target: CairoCanvas
  ) -> Bool {
    guard let canvas = surface() else { return false }
    let key = Key(
      theme: scene.theme.name, layers: scene.layers.map { "\($0.id)#\($0.revision)" },
      area: area, anchor: transform.anchor)
    if let view, view.key == key, fits(view, transform, area) {
      // Still the view's.
    } else {
      begin(scene, key: key, transform: transform, area: area, on: canvas)
    }
    guard var view else { return false }
    var m = transform.matrix(to: view.transform)
    guard [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy(\.isFinite) else { return false }
    let needed = Self.box(of: area, through: m).insetBy(-1).integral.clamped(to: bounds)
    if !view.drawn.contains(needed) {
      let growth = Self.growth * layout.scale
      let target = Self.grown(view.drawn, toHold: needed, by: growth).clamped(to: bounds)
      grow(&view, to: target, on: canvas)
    }
    view.lastHeading = transform.heading
    self.view = view

    let turned = abs(m.yx) > 1e-9 || abs(m.xy) > 1e-9
    let scaled = abs(m.xx - 1) > 1e-9 || abs(m.yy - 1) > 1e-9
    if !turned && !scaled {
      // Whole pixels: a plain copy (cairo copies only an exact integer translation).
      m = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: m.x0.rounded(), y0: m.y0.rounded())
    }
    let cr = target.cr
    cairo_save(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    let pattern = cairo_pattern_create_for_surface(canvas.surface)
    cairo_pattern_set_matrix(pattern, &m)
    // pixman turns a picture with bilinear filtering seven times slower than with nearest
    // (3.5 against 0.5 ms a frame here); scaling alone it does fast.
    cairo_pattern_set_filter(
      pattern, scaled && !turned ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
    cairo_set_source(cr, pattern)
    cairo_paint(cr)
    cairo_pattern_destroy(pattern)
    cairo_restore(cr)
    return true
  }

  private var bounds: ScreenRect {
    ScreenRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
  }

  private func surface() -> CairoCanvas? {
    if canvas == nil { canvas = try? CairoCanvas(width: size.width, height: size.height) }
    return canvas
  }

  /// Whether frames drawn with `transform` can still come from `view`.
  private func fits(_ view: View, _ transform: MapTransform, _ area: ScreenRect) -> Bool {
    let zoom = transform.pixelsPerUnit / view.transform.pixelsPerUnit
    guard zoom <= Self.zoomRange, zoom >= 1 / Self.zoomRange else { return false }
    let turn = abs(Self.difference(transform.heading, view.transform.heading))
    guard turn <= Self.maximumTurn else { return false }
    // Turning stopped at an angle: draw the view square to the camera again.
    if turn > 0.5 && abs(Self.difference(transform.heading, view.lastHeading)) < 0.05 {
      return false
    }
    let m = transform.matrix(to: view.transform)
    return bounds.contains(Self.box(of: area, through: m).insetBy(-1))
  }

  /// Starts a view for `transform`'s camera: fetches the features of the whole surface and
  /// places the street names; draws nothing yet.
  private func begin(
    _ scene: NavigationScene, key: Key, transform: MapTransform, area: ScreenRect,
    on canvas: CairoCanvas
  ) {
    let shift = ScreenPoint(x: origin.x - area.minX, y: origin.y - area.minY)
    let surface = transform.moved(dx: shift.x, dy: shift.y)
    let visible = ScreenRect(x: origin.x, y: origin.y, width: area.width, height: area.height)
    let painter = MapPainter(
      canvas: canvas, scene: scene, layout: layout, transform: surface, area: bounds,
      view: bounds)
    let region = surface.region(covering: painter.view)
    let layers = scene.layers.map { layer in
      let features = layer.features(in: region)
      return (features, painter.placeLabels(features, visible: visible))
    }
    view = View(
      key: key, scene: scene, transform: surface, drawn: .zero, layers: layers,
      lastHeading: transform.heading)
  }

  /// `drawn` grown to hold `needed`, by `growth` more on each side it grows on (just
  /// `needed` when nothing is drawn).
  static func grown(_ drawn: ScreenRect, toHold needed: ScreenRect, by growth: Double)
    -> ScreenRect
  {
    guard !drawn.isEmpty else { return needed }
    let x0 = needed.minX < drawn.minX ? needed.minX - growth : drawn.minX
    let y0 = needed.minY < drawn.minY ? needed.minY - growth : drawn.minY
    let x1 = needed.maxX > drawn.maxX ? needed.maxX + growth : drawn.maxX
    let y1 = needed.maxY > drawn.maxY ? needed.maxY + growth : drawn.maxY
    return ScreenRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).integral
  }

  /// Draws the part of `target` that `view` has not drawn yet (`target` holds `drawn`).
  private func grow(_ view: inout View, to target: ScreenRect, on canvas: CairoCanvas) {
    let drawn = view.drawn
    var strips: [ScreenRect] = []
    if drawn.isEmpty {
      strips = [target]
    } else {
      strips = [
        ScreenRect(
          x: target.minX, y: target.minY, width: target.width, height: drawn.minY - target.minY),
        ScreenRect(
          x: target.minX, y: drawn.maxY, width: target.width, height: target.maxY - drawn.maxY),
        ScreenRect(
          x: target.minX, y: drawn.minY, width: drawn.minX - target.minX, height: drawn.height),
        ScreenRect(
          x: drawn.maxX, y: drawn.minY, width: target.maxX - drawn.maxX, height: drawn.height),
      ]
    }
    for strip in strips where !strip.isEmpty {
      let bands = Self.bands(of: strip)
      cairo_surface_flush(canvas.surface)
      var canvases: [CairoCanvas] = []
      if bands.count > 1 {
        canvases = bands.compactMap { CairoCanvas(rows: Int($0.minY)..<Int($0.maxY), of: canvas) }
      }
      if bands.count > 1 && canvases.count == bands.count {
        // Each band on a thread, with its own cairo context and surface on rows apart.
        let (drawing, layout, bounds) = (view, self.layout, self.bounds)
        let handoff = Handoff(canvases: canvases)
        DispatchQueue.concurrentPerform(iterations: bands.count) { i in
          Self.draw(
            bands[i], of: drawing, on: handoff.canvases[i], bounds: bounds, layout: layout)
        }
      } else {
        Self.draw(strip, of: view, on: canvas, bounds: bounds, layout: layout)
      }
      canvas.markDirty()
    }
    view.drawn = target
  }

  /// Draws `rect` of `view` on `canvas`: the background, then each layer.
  private static func draw(
    _ rect: ScreenRect, of view: View, on canvas: CairoCanvas, bounds: ScreenRect,
    layout: NavigationLayout
  ) {
    let painter = MapPainter(
      canvas: canvas, scene: view.scene, layout: layout, transform: view.transform,
      area: bounds, view: rect)
    let cr = canvas.cr
    cairo_save(cr)
    canvas.clip(rect)
    canvas.setColor(view.scene.theme.map.background)
    cairo_paint(cr)
    for layer in view.layers {
      painter.drawFeatures(
        layer.features, labels: layer.labels.filter { $0.bounds.intersects(painter.view) })
    }
    cairo_restore(cr)
  }

  /// `strip` cut into bands of rows to draw at once, one a processor (at most four), when
  /// it is large enough for that to pay.
  static func bands(of strip: ScreenRect) -> [ScreenRect] {
    let rows = Int(strip.height)
    let count = min(
      ProcessInfo.processInfo.activeProcessorCount, 4, rows / 96,
      strip.width * strip.height >= 150_000 ? 4 : 1)
    guard count > 1 else { return [strip] }
    return (0..<count).map { i in
      let top = Int(strip.minY) + rows * i / count
      let bottom = Int(strip.minY) + rows * (i + 1) / count
      return ScreenRect(
        x: strip.minX, y: Double(top), width: strip.width, height: Double(bottom - top))
    }
  }

  /// The box around `rect`'s corners mapped by `m`.
  static func box(of rect: ScreenRect, through m: cairo_matrix_t) -> ScreenRect {
    var box = ScreenRect.zero
    for (x, y) in [
      (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY),
      (rect.maxX, rect.maxY),
    ] {
      let p = ScreenRect(
        x: m.xx * x + m.xy * y + m.x0, y: m.yx * x + m.yy * y + m.y0, width: 1e-6, height: 1e-6)
      box = box.union(p)
    }
    return box
  }

  /// `a` − `b` in degrees, between −180 and 180.
  static func difference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d < -180 { d += 360 }
    return d
  }
}

extension ScreenRect {
  /// The part of this rectangle inside `other` (empty when they do not meet).
  func clamped(to other: ScreenRect) -> ScreenRect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return ScreenRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }
}
