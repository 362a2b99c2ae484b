import CCairo
import Canvas
import Foundation
import Navigation
import Templates

extension TemplatePainter {
  // MARK: - Trip preview

  /// The selected trip's route choices on a panel (left on landscape screens, at the
  /// bottom on portrait ones), every choice's line of `routes` on the map with the
  /// selected one on top in the active colour, and the start button. Draws nothing when
  /// no trip is selected.
  func tripPreview(_ preview: TripPreview, routes: [MapRoute], scene: NavigationScene) {
    guard let trip = preview.selectedTrip else { return }
    let screen = layout.screen
    let navigation = NavigationLayout(size: layout.size)
    let choices = trip.routeChoices.indices.map { i in
      Choice(
        id: TripPreview.choiceElementID(tripID: trip.id, choice: i), choice: trip.routeChoices[i],
        route: routes.indices.contains(i) ? routes[i] : nil)
    }
    let rowHeight = px(86)
    let titleHeight = px(60)
    let startHeight = px(64)
    let pad = px(12)
    let panelRect: ScreenRect
    let mapRect: ScreenRect
    if layout.isPortrait {
      let count = Double(max(1, choices.count))
      let h = pad + titleHeight + count * rowHeight + px(10) + startHeight + pad
      panelRect = ScreenRect(
        x: margin, y: screen.maxY - margin - h, width: screen.width - 2 * margin, height: h)
      mapRect = ScreenRect(x: 0, y: 0, width: screen.width, height: panelRect.minY)
    } else {
      panelRect = ScreenRect(
        x: margin, y: margin, width: navigation.card.width, height: screen.height - 2 * margin)
      mapRect = ScreenRect(
        x: panelRect.maxX, y: 0, width: screen.width - panelRect.maxX, height: screen.height)
    }

    let selectedID = TripPreview.choiceElementID(
      tripID: trip.id, choice: preview.selectedChoiceIndex)
    let selected = choices.first { $0.id == selectedID } ?? choices.first
    let coordinates = choices.flatMap { $0.route?.guidance.line.coordinates ?? [] }
    var camera = scene.camera
    // Room above the routes for the destination pin, which stands on its point.
    let pinHeight = px(44)
    if let fitted = MapCamera.fitting(
      coordinates, width: mapRect.width - px(24), height: mapRect.height - pinHeight,
      margin: px(32))
    {
      camera = fitted
    }
    var mapScene = scene
    mapScene.camera = camera
    mapScene.route = nil
    let painter = MapPainter(
      canvas: canvas, scene: mapScene, layout: navigation,
      area: layout.isPortrait ? mapRect : screen,
      anchor: ScreenPoint(
        x: (mapRect.midX - px(12)).rounded(), y: (mapRect.midY + pinHeight / 2).rounded()))
    painter.drawBase()
    canvas.clip(layout.isPortrait ? mapRect : screen)
    let map = theme.map
    if let other = map.polyline(.travelled) {
      for choice in choices where choice.id != selected?.id {
        if let route = choice.route { painter.drawWholeRoute(route, other) }
      }
    }
    if let route = selected?.route, let active = map.polyline(.active) {
      painter.drawWholeRoute(route, active)
      painter.drawEnds(of: route)
    }
    canvas.resetClip()

    panel(panelRect, radius: px(14), theme.templateSurface)
    let inner = panelRect.insetBy(pad)
    let title = canvas.fit(
      [trip.destinationNameVariants.first ?? ""], .bold(px(28)), minimumSize: px(24),
      maxWidth: inner.width - px(8))
    canvas.drawText(
      title.text, title.style, x: inner.x + px(4), baseline: inner.y + px(30), theme.panelText)
    let countStyle = TextStyle.regular(px(18))
    let routeCount = text.routes(choices.count)
    let tripOf = text.text(
      .tripOfTrips,
      ["number": String(preview.selectedTripIndex + 1), "count": String(preview.trips.count)])
    let subtitle = preview.trips.count > 1 ? "\(tripOf) · \(routeCount)" : routeCount
    canvas.drawText(
      canvas.ellipsized(subtitle, countStyle, maxWidth: inner.width - px(8)), countStyle,
      x: inner.x + px(4), baseline: inner.y + px(55), theme.panelSecondaryText)

    var start = ScreenRect(
      x: inner.x, y: inner.maxY - startHeight, width: inner.width, height: startHeight)
    // As many choices as fit above the Start button, the selected one among them.
    let room = start.minY - px(10) - (inner.y + titleHeight)
    let fits = max(1, Int((room / rowHeight).rounded(.down)))
    let selectedIndex = choices.firstIndex { $0.id == selected?.id } ?? 0
    let first = max(0, min(selectedIndex - fits + 1, choices.count - fits))
    var y = inner.y + titleHeight
    var ring: ScreenRect?
    for choice in choices.dropFirst(first).prefix(fits) {
      let r = ScreenRect(x: inner.x, y: y, width: inner.width, height: rowHeight - px(6))
      if routeChoice(choice, isSelected: choice.id == selected?.id, in: r) { ring = r }
      y += rowHeight
    }
    if let ring { focusRing(ring, radius: px(10)) }

    if let title = preview.optionsButtonTitle {
      // Options to the left, a third of the row; Start keeps the rest.
      let width = (start.width - px(8)) / 3
      let options = ScreenRect(x: start.x, y: start.y, width: width, height: start.height)
      start = ScreenRect(
        x: options.maxX + px(8), y: start.y, width: start.width - width - px(8),
        height: start.height)
      let focusedOptions = focusable(TripPreview.optionsElementID, options)
      canvas.fillRoundedRect(options, radius: px(12), theme.panelSecondaryText.opacity(0.25))
      let style = canvas.fit(
        [title], .bold(px(22)), minimumSize: px(14), maxWidth: options.width - px(12))
      drawCentered(
        style.text, style.style, midX: options.midX,
        baseline: canvas.baseline(centering: style.style, on: options.midY), theme.panelText)
      if focusedOptions { focusRing(options, radius: px(12)) }
    }
    let focused = focusable(TripPreview.startElementID, start)
    canvas.fillRoundedRect(start, radius: px(12), theme.gpsGood)
    let startStyle = canvas.fit(
      [preview.startTitle(text)], .bold(px(30)), minimumSize: px(24), maxWidth: start.width - px(24)
    )
    drawCentered(
      startStyle.text, startStyle.style, midX: start.midX,
      baseline: canvas.baseline(centering: startStyle.style, on: start.midY), .white)
    if focused { focusRing(start, radius: px(12)) }
  }

  /// A route choice of the previewed trip under its focus id, with its line on the map.
  private struct Choice {
    var id: String
    var choice: RouteChoice
    var route: MapRoute?
  }

  /// One route choice: time large, distance, a note chip and the roads it takes; returns
  /// whether it has the focus.
  private func routeChoice(_ choice: Choice, isSelected: Bool, in r: ScreenRect) -> Bool {
    let focused = focusable(choice.id, r)
    let time = choice.choice.selectionSummaryVariants.first ?? ""
    let via = choice.choice.viaVariants.first
    let radius = px(10)
    canvas.fillRoundedRect(
      r, radius: radius,
      isSelected ? theme.highlight.opacity(0.14) : theme.templateControl.opacity(0.5))
    if isSelected {
      canvas.fillRoundedRect(
        ScreenRect(x: r.x, y: r.y, width: px(6), height: r.height), radius: px(3), theme.highlight)
    }
    if focused { canvas.fillRoundedRect(r, radius: radius, theme.focusFill) }
    let x = r.x + px(18)
    let right = r.maxX - px(12)
    let timeStyle = TextStyle.bold(px(30))
    let top = r.y + px(36)
    canvas.drawText(time, timeStyle, x: x, baseline: top, theme.panelText)
    let after = x + canvas.textWidth(time, timeStyle) + px(12)
    if let note = choice.choice.additionalInformationVariants.first {
      // Condensed or smaller (not under 11 px) before it is cut.
      let (text, style) = canvas.fit(
        [note], .bold(px(18)), minimumSize: min(px(18), 11), maxWidth: right - after - px(16))
      if !text.isEmpty {
        let chip = ScreenRect(
          x: after, y: top - px(23), width: canvas.textWidth(text, style) + px(16),
          height: px(28))
        canvas.fillRoundedRect(chip, radius: chip.height / 2, theme.accent)
        canvas.drawText(
          text, style, x: chip.x + px(8),
          baseline: canvas.baseline(centering: style, on: chip.midY),
          theme.templateSurface)
      }
    }
    // The distance leads the second line, so the note never crowds it out.
    let secondStyle = TextStyle.regular(px(22))
    // The roads it takes where they fit whole: the map shows them anyway (a small
    // screen's panel has room for the distance only).
    let summaryStyle = TextStyle(weight: .condensed, size: px(20))
    let leading = (choice.choice.summaryVariants.first ?? "")
    let showsVia =
      via.map {
        x + canvas.textWidth(leading + " · ", secondStyle) + canvas.textWidth($0, summaryStyle)
          <= right
      } ?? false
    let distance = leading + (showsVia ? " · " : "")
    canvas.drawText(
      distance, secondStyle, x: x, baseline: r.maxY - px(14), theme.panelSecondaryText)
    guard showsVia, let via else { return focused }
    let summaryX = x + canvas.textWidth(distance, secondStyle)
    let summary = canvas.fit([via], secondStyle, minimumSize: px(20), maxWidth: right - summaryX)
    canvas.drawText(
      summary.text, summary.style, x: summaryX, baseline: r.maxY - px(14), theme.panelText)
    return focused
  }

  // MARK: - Over the navigation screen

  /// The focus targets of the navigation screen's own buttons (as `NavigationRenderer`
  /// places them).
  func mapTemplateTargets(_ template: MapTemplate) {
    let navigation = NavigationLayout(size: layout.size)
    let slots = navigation.barButtonSlots(
      leading: template.leadingBarButtons.count, trailing: template.trailingBarButtons.count)
    for (button, slot) in zip(template.leadingBarButtons, slots.leading) {
      if let slot, button.isEnabled { focusable(button.id, slot) }
    }
    for (button, slot) in zip(template.trailingBarButtons, slots.trailing) {
      if let slot, button.isEnabled { focusable(button.id, slot) }
    }
    for (button, slot) in zip(template.mapButtons, navigation.mapButtons) where button.isEnabled {
      focusable(button.id, slot)
    }
  }

  /// A navigation alert in the free part of the map: beside the guidance card on
  /// landscape screens, across the top of the map on portrait ones.
  /// `remaining`: the share of its time left (1 → 0), nil to draw no timer.
  func navigationAlert(_ alert: NavigationAlert, remaining: Double?) {
    let title = alert.titleVariants.first ?? ""
    let subtitle = alert.subtitleVariants.first
    let symbol = alert.image.map(TemplateSymbol.init(named:))
    let navigation = NavigationLayout(size: layout.size)
    let pad = px(16)
    let left = navigation.isPortrait ? margin : navigation.card.maxX + margin
    let right = navigation.mapButtons[0].minX - margin
    let width = min(px(480), right - left)
    let x = (navigation.isPortrait ? left : (left + right - width) / 2).rounded()
    // The title whole in two lines if any cut down to 24 px does it, else in three.
    let titleStyles = [
      TextStyle.bold(px(26)), TextStyle(weight: .condensedBold, size: px(26)),
      TextStyle(weight: .condensedBold, size: px(24)),
    ]
    var textX = x + pad
    let symbolSide = px(48)
    if symbol != nil { textX += symbolSide + px(14) }
    let textWidth = x + width - pad - textX
    var titleStyle = titleStyles[0]
    var titleLines: [String] = []
    for (style, lines) in zip(titleStyles + [titleStyles[2]], [2, 2, 2, 3]) {
      titleStyle = style
      titleLines = wrap(title, style, maxWidth: textWidth, maxLines: lines)
      if titleLines.last?.hasSuffix("…") != true { break }
    }
    let subtitleStyle = TextStyle.regular(px(20))
    // The subtitle in two lines when it needs them (an incoming message's text).
    let subtitleLines = subtitle.map { wrap($0, subtitleStyle, maxWidth: textWidth, maxLines: 2) }
    let buttonHeight = px(56)
    let textHeight =
      max(
        symbol == nil ? 0 : symbolSide,
        Double(titleLines.count) * px(32) + Double(subtitleLines?.count ?? 0) * px(28))
    let height = pad + textHeight + px(14) + buttonHeight + pad
    // Under the status chip, clear of the vehicle, which sits low on the map.
    let r = ScreenRect(
      x: x, y: navigation.status.maxY + margin, width: width, height: height.rounded())
    panel(r, radius: px(14), theme.templateSurface)
    if let symbol {
      symbol.draw(
        in: canvas,
        rect: ScreenRect(x: x + pad, y: r.y + pad, width: symbolSide, height: symbolSide),
        color: theme.gpsEstimated, accent: theme.templateSurface)
    }
    var y = r.y + pad
    for line in titleLines {
      canvas.drawText(line, titleStyle, x: textX, baseline: y + px(25), theme.panelText)
      y += px(32)
    }
    for line in subtitleLines ?? [] {
      canvas.drawText(line, subtitleStyle, x: textX, baseline: y + px(21), theme.panelSecondaryText)
      y += px(28)
    }
    let actions = [alert.primaryAction] + (alert.secondaryAction.map { [$0] } ?? [])
    let gap = px(12)
    let buttonY = r.maxY - pad - buttonHeight
    let w = ((width - 2 * pad - gap * Double(actions.count - 1)) / Double(actions.count))
      .rounded(.down)
    for (i, action) in actions.enumerated() {
      actionButton(
        action,
        in: ScreenRect(
          x: x + pad + Double(i) * (w + gap), y: buttonY, width: w, height: buttonHeight))
    }
    if let remaining {
      // The time left before the alert goes away, as a bar along its top.
      let track = ScreenRect(
        x: r.x + px(14), y: r.y + px(5), width: r.width - px(28), height: px(4))
      canvas.fillRoundedRect(track, radius: track.height / 2, theme.templateSeparator)
      var done = track
      done.width = (track.width * min(1, max(0, remaining))).rounded()
      if done.width > 0 { canvas.fillRoundedRect(done, radius: track.height / 2, theme.highlight) }
    }
  }

  /// The panning crosshair over the middle of the free map.
  func panCrosshair() {
    let navigation = NavigationLayout(size: layout.size)
    let c = navigation.freeAreaCenter
    let ring = px(13)
    let arm = px(32)
    // A light halo under dark strokes, so the mark shows on any map colour.
    for (color, width) in [(theme.templateSurface, px(8)), (theme.panelText, px(3))] {
      canvas.circle(center: c, radius: ring)
      canvas.moveTo(c.x - arm, c.y)
      canvas.lineTo(c.x - ring - px(4), c.y)
      canvas.moveTo(c.x + ring + px(4), c.y)
      canvas.lineTo(c.x + arm, c.y)
      canvas.moveTo(c.x, c.y - arm)
      canvas.lineTo(c.x, c.y - ring - px(4))
      canvas.moveTo(c.x, c.y + ring + px(4))
      canvas.lineTo(c.x, c.y + arm)
      canvas.stroke(color, width: width, cap: CAIRO_LINE_CAP_ROUND)
    }
    canvas.circle(center: c, radius: px(3))
    canvas.fill(theme.highlight)
  }
}
