import Canvas
import MapLayers
import Navigation
import Templates

extension TemplatePainter {
  /// The points (at most twelve) as a numbered list beside (landscape) or under
  /// (portrait) a map of `layers` fitted to them, with the same numbers on pins; the
  /// focused point's pin larger, in the highlight colour.
  func pointsOfInterest(
    _ template: PointOfInterestTemplate, layers: [any MapLayer], in area: ScreenRect
  ) {
    let points = Array(template.points.prefix(PointOfInterestTemplate.maximumPointCount))
    let body = header(title: template.title, in: area)
    let mapRect: ScreenRect
    let listRect: ScreenRect
    if layout.isPortrait {
      let h = (body.height * 0.45).rounded()
      mapRect = ScreenRect(x: body.x, y: body.y, width: body.width, height: h)
      listRect = ScreenRect(x: body.x, y: mapRect.maxY, width: body.width, height: body.height - h)
    } else {
      let w = (body.width * 0.5).rounded()
      listRect = ScreenRect(x: body.x, y: body.y, width: w, height: body.height)
      mapRect = ScreenRect(x: listRect.maxX, y: body.y, width: body.width - w, height: body.height)
    }
    let rows = points.enumerated().map { i, point in
      Row.item(
        ListItem(id: point.id, text: point.title, detailText: point.subtitle ?? point.summary),
        symbol: .number(i + 1), isLoading: false)
    }
    if let point = template.detailPoint {
      poiMap(points, highlighted: point.id, layers: layers, in: mapRect)
      pointDetail(point, number: (points.firstIndex(of: point) ?? 0) + 1, in: listRect)
      return
    }
    poiMap(points, highlighted: focusedID, layers: layers, in: mapRect)
    rowList(rows, in: listRect)
  }

  private func poiMap(
    _ points: [PointOfInterest], highlighted: String?, layers: [any MapLayer], in r: ScreenRect
  ) {
    let coordinates = points.map(\.coordinate)
    let pinHeight = px(44)
    guard
      let camera = MapCamera.fitting(
        coordinates, width: r.width, height: r.height - pinHeight, margin: px(36))
    else {
      fill(r, theme.map.background)
      return
    }
    let scene = NavigationScene(
      size: layout.size, theme: theme, camera: camera, layers: layers,
      status: StatusContent(gps: .good, isMuted: false, clock: ""))
    // The fitted camera centres the points a little low, so the pins standing on them show.
    let anchor = ScreenPoint(x: r.midX.rounded(), y: (r.midY + pinHeight / 2).rounded())
    let painter = MapPainter(
      canvas: canvas, scene: scene, layout: NavigationLayout(size: layout.size), area: r,
      anchor: anchor)
    painter.drawBase()
    canvas.clip(r)
    let highlighted = highlighted.flatMap { id in points.contains { $0.id == id } ? id : nil }
    // The highlighted pin last, on top.
    let order = points.enumerated().sorted {
      ($0.element.id == highlighted ? 1 : 0) < ($1.element.id == highlighted ? 1 : 0)
    }
    for (i, point) in order {
      pin(
        number: i + 1, at: painter.screenPoint(point.coordinate),
        isHighlighted: point.id == highlighted)
    }
    canvas.resetClip()
  }

  /// A numbered pin standing on `tip`.
  private func pin(number: Int, at tip: ScreenPoint, isHighlighted: Bool) {
    let radius = isHighlighted ? px(19) : px(15)
    let center = ScreenPoint(x: tip.x, y: tip.y - radius * 2)
    let fillColor = isHighlighted ? theme.highlight : theme.map.marker(.destination)?.fill ?? .black
    canvas.circle(center: ScreenPoint(x: center.x, y: center.y + px(2)), radius: radius + px(1))
    canvas.fill(theme.shadow)
    canvas.moveTo(tip.x, tip.y)
    canvas.lineTo(tip.x - radius * 0.6, center.y + radius * 0.6)
    canvas.lineTo(tip.x + radius * 0.6, center.y + radius * 0.6)
    canvas.fill(fillColor)
    canvas.circle(center: center, radius: radius)
    canvas.fill(.white)
    badge(
      String(number), center: center, radius: radius - px(2), fill: fillColor, color: .white)
  }
}
