import CCairo
import Foundation
import Geo
import MapLayers

/// The layers' features: areas bottom to top by kind (sea, land use, green, water, then
/// buildings, faint and only at street level), then the roads layer by layer — tunnels
/// faded with a dashed casing under the ground's roads, bridges over them with a dark edge —
/// and the street names last.
extension MapPainter {
  /// Buildings show from this close (metres a pixel, street level) and fade in over the next
  /// half.
  static let buildingsFrom = 1.6

  /// The area kinds in drawing order.
  static let areaOrder: [MapFeature.Kind] = [
    .sea, .residential, .industrial, .farmland, .forest, .park, .water, .building,
  ]

  static let roadOrder: [MapFeature.Kind] = [.minorRoad, .road, .majorRoad, .motorway]

  func drawFeatures(_ features: [MapFeature]) {
    let visible = transform.region(covering: view)
    let minimum = 1 / transform.pixelsPerUnit
    var areas: [MapFeature.Kind: [MapFeature]] = [:]
    var roads: [Int: [MapFeature]] = [:]
    var grid: [MapFeature] = []
    for f in features {
      let b = f.bounds
      guard visible.intersects(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY) else {
        continue
      }
      if f.kind.isRoad {
        // Tunnels under the ground's roads of their layer.
        let tunnel = f.structure == .tunnel
        roads[(tunnel ? min(f.layer, -1) : f.layer) * 2 + (tunnel ? 0 : 1), default: []].append(f)
      } else if f.kind == .gridLine {
        grid.append(f)
      } else if b.span >= minimum {
        areas[f.kind, default: []].append(f)
      }
    }
    drawAreas(areas)
    if !grid.isEmpty {
      for f in grid { path(f.points) }
      canvas.stroke(style.grid, width: max(1, scale), cap: CAIRO_LINE_CAP_BUTT)
    }
    for key in roads.keys.sorted() { drawRoads(roads[key]!, tunnels: key % 2 == 0) }
    drawLabels(features)
  }

  private func drawAreas(_ areas: [MapFeature.Kind: [MapFeature]]) {
    let cr = canvas.cr
    let mpp = scene.camera.metresPerPixel
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    defer { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING) }
    for kind in Self.areaOrder {
      guard let group = areas[kind], var color = style.areas.fill(kind) else { continue }
      if kind == .building {
        guard mpp <= Self.buildingsFrom * 1.5 else { continue }
        let fade = min(1, max(0, (Self.buildingsFrom * 1.5 - mpp) / (Self.buildingsFrom * 0.5)))
        color = color.opacity(color.alpha * fade)
      }
      for f in group {
        path(f.points, close: true)
        for hole in f.holes { path(hole, close: true) }
      }
      if kind == .building && mpp <= Self.buildingsFrom {
        setColor(color)
        cairo_fill_preserve(cr)
        canvas.stroke(style.areas.buildingOutline, width: max(0.5, 0.6 * scale))
      } else {
        canvas.fill(color)
      }
    }
  }

  private func setColor(_ c: Color) { canvas.setColor(c) }

  /// One layer's roads: casings first, then the fills by class, so crossings of one layer
  /// join and a higher layer passes over.
  private func drawRoads(_ group: [MapFeature], tunnels: Bool) {
    let cr = canvas.cr
    let roadWidth = min(20, max(5, 12 / max(0.1, scene.camera.metresPerPixel))) * scale
    let byKind = Dictionary(grouping: group, by: \.kind)
    // Bridges: a dark edge outside the casing.
    for kind in Self.roadOrder {
      let bridges = byKind[kind]?.filter { $0.structure == .bridge } ?? []
      guard !bridges.isEmpty else { continue }
      for f in bridges { path(f.points) }
      canvas.stroke(
        style.areas.bridgeCasing, width: roadWidth * Self.widthFactor(kind) + 5 * scale,
        cap: CAIRO_LINE_CAP_BUTT)
    }
    for kind in Self.roadOrder {
      guard let list = byKind[kind] else { continue }
      for f in list { path(f.points) }
      if tunnels {
        let dash = [6 * scale, 4 * scale]
        cairo_set_dash(cr, dash, 2, 0)
      }
      canvas.stroke(
        tunnels ? style.roadCasing.opacity(style.areas.tunnelOpacity) : style.roadCasing,
        width: roadWidth * Self.widthFactor(kind) + 2 * scale,
        cap: tunnels ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND)
      cairo_set_dash(cr, nil, 0, 0)
    }
    for kind in Self.roadOrder {
      guard let list = byKind[kind] else { continue }
      for f in list { path(f.points) }
      let fill = kind == .majorRoad || kind == .motorway ? style.majorRoad : style.road
      canvas.stroke(
        tunnels ? fill.opacity(style.areas.tunnelOpacity) : fill,
        width: roadWidth * Self.widthFactor(kind))
    }
  }

  func inside(_ p: ScreenPoint) -> Bool {
    p.x >= area.x && p.x <= area.x + area.width && p.y >= area.y && p.y <= area.y + area.height
  }

  /// Road width relative to an ordinary street.
  static func widthFactor(_ kind: MapFeature.Kind) -> Double {
    switch kind {
    case .minorRoad: 0.6
    case .majorRoad: 1.3
    case .motorway: 1.6
    default: 1
    }
  }

  /// Street names along the larger roads, once per name, where the map is zoomed in
  /// enough to read them: each at the middle of the longest straight piece on screen that
  /// holds it, turned along it and kept upright, with a halo in the road's colour.
  func drawLabels(_ features: [MapFeature]) {
    guard scene.camera.metresPerPixel <= 2.5 else { return }
    let style = TextStyle.bold(13 * scale)
    var placed: [ScreenPoint] = []
    let named = features.filter { f in
      f.name.map { !$0.isEmpty } == true
        && (f.kind == .road || f.kind == .majorRoad || f.kind == .motorway)
    }.sorted { Self.widthFactor($0.kind) > Self.widthFactor($1.kind) }
    var done = Set<String>()
    let cr = canvas.cr
    for feature in named {
      guard let name = feature.name, !done.contains(name) else { continue }
      let width = canvas.textWidth(name, style)
      var best: (a: ScreenPoint, b: ScreenPoint, length: Double)?
      for (p, q) in zip(feature.points, feature.points.dropFirst()) {
        let a = transform.screen(p)
        let b = transform.screen(q)
        guard inside(a), inside(b) else { continue }
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        if length > best?.length ?? 0 { best = (a, b, length) }
      }
      guard let best, best.length >= width + 24 * scale else { continue }
      let mid = ScreenPoint(x: (best.a.x + best.b.x) / 2, y: (best.a.y + best.b.y) / 2)
      let spacing = 160 * scale
      guard !placed.contains(where: { abs($0.x - mid.x) < spacing && abs($0.y - mid.y) < spacing })
      else { continue }
      placed.append(mid)
      done.insert(name)
      var angle = atan2(best.b.y - best.a.y, best.b.x - best.a.x)
      if angle > .pi / 2 { angle -= .pi }
      if angle < -.pi / 2 { angle += .pi }
      cairo_save(cr)
      cairo_translate(cr, mid.x, mid.y)
      cairo_rotate(cr, angle)
      Fonts.shared.select(style, on: cr)
      let baseline = canvas.baseline(centering: style, on: 0)
      cairo_move_to(cr, -width / 2, baseline)
      cairo_text_path(cr, name)
      canvas.setColor(feature.kind == .road ? self.style.road : self.style.majorRoad)
      cairo_set_line_width(cr, 3 * scale)
      cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
      cairo_stroke_preserve(cr)
      canvas.setColor(self.style.label)
      cairo_fill(cr)
      cairo_restore(cr)
    }
  }

}
