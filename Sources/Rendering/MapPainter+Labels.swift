import CCairo
import Canvas
import Foundation
import Geo
import MapLayers

/// A street name placed on the map, in the pixels of the surface it was placed for.
struct MapLabel: Hashable, Sendable {
  var name: String
  /// The road's kind: its fill is the halo's colour.
  var kind: MapFeature.Kind
  var mid: ScreenPoint
  /// Radians from the x axis, between −π/2 and π/2 (upright).
  var angle: Double
  var width: Double
  /// The box the text and its halo cover.
  var bounds: ScreenRect
}

extension MapPainter {
  static let labelSpacing = 160.0

  /// Street names along the larger roads, once per name, where the map is zoomed in enough
  /// to read them: each at the middle of the longest straight piece that holds it, turned
  /// along it and kept upright. Names are placed first where `visible` shows them; a map
  /// drawn larger than the screen (`area` beyond `visible`) then places the names not yet
  /// placed in its margin, clear of `visible`, for the frames that show the margin later.
  func placeLabels(_ features: [MapFeature], visible: ScreenRect) -> [MapLabel] {
    guard scene.camera.metresPerPixel <= 2.5 else { return [] }
    let style = TextStyle.bold(13 * scale)
    let everywhere = transform.region(covering: area)
    let named = features.indices.filter { i in
      let f = features[i]
      let b = f.bounds
      return f.name.map { !$0.isEmpty } == true
        && (f.kind == .road || f.kind == .majorRoad || f.kind == .motorway)
        && everywhere.intersects(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
    }.sorted { Self.widthFactor(features[$0].kind) > Self.widthFactor(features[$1].kind) }
    var labels: [MapLabel] = []
    var done = Set<String>()
    var widths: [String: Double] = [:]
    for margin in [false, true] {
      let within = margin ? area : visible
      if margin && visible.contains(area) { break }
      let region = transform.region(covering: within)
      for i in named {
        let feature = features[i]
        let b = feature.bounds
        guard let name = feature.name, !done.contains(name),
          region.intersects(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY),
          let label = place(
            name, feature, within: within, clearOf: margin ? visible : nil,
            width: {
              if let known = widths[name] { return known }
              let width = canvas.textWidth(name, style)
              widths[name] = width
              return width
            }),
          !labels.contains(where: {
            abs($0.mid.x - label.mid.x) < Self.labelSpacing * scale
              && abs($0.mid.y - label.mid.y) < Self.labelSpacing * scale
          })
        else { continue }
        labels.append(label)
        done.insert(name)
      }
    }
    return labels
  }

  /// `name` at the middle of the longest piece of `feature` with both ends in `within`,
  /// when it is long enough for the name (`measure`d only then) and (with `clearOf`) the
  /// label stays out of that rectangle.
  private func place(
    _ name: String, _ feature: MapFeature, within: ScreenRect, clearOf excluded: ScreenRect?,
    width measure: () -> Double
  ) -> MapLabel? {
    var best: (a: ScreenPoint, b: ScreenPoint, length: Double)?
    for (p, q) in zip(feature.points, feature.points.dropFirst()) {
      let a = transform.screen(p)
      let b = transform.screen(q)
      guard within.holds(a), within.holds(b) else { continue }
      let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      if length > best?.length ?? 0 { best = (a, b, length) }
    }
    guard let best, best.length >= 24 * scale else { return nil }
    let width = measure()
    guard best.length >= width + 24 * scale else { return nil }
    let mid = ScreenPoint(x: (best.a.x + best.b.x) / 2, y: (best.a.y + best.b.y) / 2)
    var angle = atan2(best.b.y - best.a.y, best.b.x - best.a.x)
    if angle > .pi / 2 { angle -= .pi }
    if angle < -.pi / 2 { angle += .pi }
    // The text's box turned by `angle`, with its halo and a pixel to spare.
    let halfWidth = width / 2 + 3 * scale
    let halfHeight = 10 * scale
    let dx = abs(cos(angle)) * halfWidth + abs(sin(angle)) * halfHeight
    let dy = abs(sin(angle)) * halfWidth + abs(cos(angle)) * halfHeight
    let bounds = ScreenRect(x: mid.x - dx, y: mid.y - dy, width: 2 * dx, height: 2 * dy)
    if let excluded, bounds.intersects(excluded) { return nil }
    return MapLabel(
      name: name, kind: feature.kind, mid: mid, angle: angle, width: width, bounds: bounds)
  }

  /// Draws `labels` with a halo in their road's colour.
  func drawLabels(_ labels: [MapLabel]) {
    let style = TextStyle.bold(13 * scale)
    let cr = canvas.cr
    for label in labels {
      cairo_save(cr)
      cairo_translate(cr, label.mid.x, label.mid.y)
      cairo_rotate(cr, label.angle)
      let baseline = canvas.baseline(centering: style, on: 0)
      canvas.addTextPath(label.name, style, x: -label.width / 2, baseline: baseline)
      canvas.setColor(label.kind == .road ? self.style.road : self.style.majorRoad)
      cairo_set_line_width(cr, 3 * scale)
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
      cairo_stroke_preserve(cr)
      canvas.setColor(self.style.label)
      cairo_fill(cr)
      cairo_restore(cr)
    }
  }
}

extension ScreenRect {
  /// Whether `p` lies inside or on the edge.
  func holds(_ p: ScreenPoint) -> Bool {
    p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
  }
}
