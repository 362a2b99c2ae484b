import Canvas
import Templates

extension TemplatePainter {
  /// A point's detail in place of the list (CarPlay's detail card): its number and title,
  /// subtitle and summary, and its buttons along the bottom — "Navigate" (the system's,
  /// in the screen's language, drawn as the one to press) and the app's own.
  func pointDetail(_ point: PointOfInterest, number: Int, in r: ScreenRect) {
    let inner = r.insetBy(margin)
    var buttons: [TemplateAction] = []
    if point.navigates {
      buttons.append(
        TemplateAction(
          id: PointOfInterestTemplate.navigateElementID, title: text[.navigate], style: .primary))
    }
    if let own = point.button { buttons.append(own) }
    let buttonHeight = px(60)
    let gap = px(12)
    // Side by side when each gets a fair width, else one over the other.
    let sideBySide = buttons.count < 2 || inner.width >= px(300)
    let rows = sideBySide ? min(1, buttons.count) : buttons.count
    let buttonsTop = inner.maxY - Double(rows) * buttonHeight - Double(max(0, rows - 1)) * gap
    let perRow = sideBySide ? max(1, buttons.count) : 1
    let w = ((inner.width - gap * Double(perRow - 1)) / Double(perRow)).rounded(.down)
    for (i, action) in buttons.enumerated() {
      let column = sideBySide ? i : 0
      let row = sideBySide ? 0 : i
      actionButton(
        action,
        in: ScreenRect(
          x: inner.x + Double(column) * (w + gap),
          y: buttonsTop + Double(row) * (buttonHeight + gap), width: w, height: buttonHeight))
    }
    // The number as on its pin, then the words, as many lines as fit above the buttons.
    let badgeRadius = px(16)
    badge(
      String(number), center: ScreenPoint(x: inner.x + badgeRadius, y: inner.y + px(20)),
      radius: badgeRadius, fill: theme.highlight, color: theme.highlightText)
    let textX = inner.x + badgeRadius * 2 + px(12)
    let textWidth = inner.maxX - textX
    let bottom = buttonsTop - px(10)
    var baseline = inner.y + px(30)
    let titleStyle = TextStyle.bold(px(26))
    for line in wrap(point.title, titleStyle, maxWidth: textWidth, maxLines: 2)
    where baseline <= bottom {
      canvas.drawText(line, titleStyle, x: textX, baseline: baseline.rounded(), theme.panelText)
      baseline += px(32)
    }
    let parts: [(String?, TextStyle, Color, Int)] = [
      (point.subtitle, .regular(px(22)), theme.panelText, 2),
      (point.summary, .regular(px(20)), theme.panelSecondaryText, 4),
    ]
    for (words, style, color, maxLines) in parts {
      guard let words, !words.isEmpty else { continue }
      baseline += px(6)
      for line in wrap(words, style, maxWidth: textWidth, maxLines: maxLines)
      where baseline <= bottom {
        canvas.drawText(line, style, x: textX, baseline: baseline.rounded(), color)
        baseline += (style.size * 1.3).rounded()
      }
    }
  }
}
