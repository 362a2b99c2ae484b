import CCairo
import Canvas
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

  /// Draws `features` — the areas, the grid, the roads — and `labels`, or when nil the
  /// labels placed for `area`.
  ///
  /// With cairo's fast antialiasing (a 4×4 sample grid instead of the default's finer
  /// one): areas and road strokes look the same at a glance — no pixel moves by more than
  /// a tenth of its range — and drawing a map takes about a third less, most of a full
  /// frame's time. The route, the vehicle and every overlay keep the default.
  func drawFeatures(_ features: [MapFeature], labels: [MapLabel]? = nil) {
    cairo_save(canvas.cr)
    cairo_set_antialias(canvas.cr, CAIRO_ANTIALIAS_FAST)
    defer { cairo_restore(canvas.cr) }
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
    drawLabels(labels ?? placeLabels(features, visible: area))
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
      canvas.fill(color)
      if kind == .building && mpp <= Self.buildingsFrom {
        // One building at a time: cairo's scan converter steps every row a path has a
        // vertex in through all the path's edges, so hundreds of small outlines in one
        // path cost nearly twice what they cost apart (1.6 against 0.9 ms a street-level
        // frame here); the shared walls differ by at most 6 levels.
        for f in group {
          path(f.points, close: true)
          for hole in f.holes { path(hole, close: true) }
          canvas.stroke(style.areas.buildingOutline, width: max(0.5, 0.6 * scale))
        }
      }
    }
  }

  /// One layer's roads: casings first, then the fills by class, so crossings of one layer
  /// join and a higher layer passes over.
  private func drawRoads(_ group: [MapFeature], tunnels: Bool) {
    let cr = canvas.cr
    let roadWidth = min(20, max(5, 12 / max(0.1, scene.camera.metresPerPixel))) * scale
    let byKind = Dictionary(grouping: group, by: \.kind)
    // Wide roads' round ends and bends flattened to a quarter pixel rather than cairo's
    // tenth: a third fewer edges to fill, and no pixel differs by more than 3 levels.
    if roadWidth >= 10 { cairo_set_tolerance(cr, 0.25) }
    defer { cairo_set_tolerance(cr, 0.1) }
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

  /// Road width relative to an ordinary street.
  static func widthFactor(_ kind: MapFeature.Kind) -> Double {
    switch kind {
    case .minorRoad: 0.6
    case .majorRoad: 1.3
    case .motorway: 1.6
    default: 1
    }
  }
}
