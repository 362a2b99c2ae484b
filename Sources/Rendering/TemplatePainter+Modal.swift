import Canvas
import Templates

extension TemplatePainter {
  /// Darkens everything drawn so far, under a modal.
  func dim() { fill(layout.screen, theme.dimming) }

  func alert(_ alert: AlertTemplate) {
    dim()
    let screen = layout.screen
    let pad = px(24)
    let width = min(px(540), screen.width - 2 * px(32))
    let titleStyle = TextStyle.bold(px(28))
    let lineHeight = px(38)
    let textWidth = width - 2 * pad
    // The longest variant that fits in three lines whole, else the shortest, cut.
    let variants = alert.titleVariants.isEmpty ? [""] : alert.titleVariants
    let lines =
      variants.lazy.map { self.wrap($0, titleStyle, maxWidth: textWidth, maxLines: 3) }
      .first { !($0.last ?? "").hasSuffix("…") }
      ?? wrap(variants[variants.count - 1], titleStyle, maxWidth: textWidth, maxLines: 3)
    let buttonHeight = px(60)
    let gap = px(12)
    let sideBySide =
      alert.actions.count < 2
      || alert.actions.allSatisfy {
        canvas.textWidth($0.title, .bold(px(24))) <= (textWidth - gap) / 2 - px(20)
      }
    let buttonRows = sideBySide ? min(1, alert.actions.count) : alert.actions.count
    let height =
      pad + Double(lines.count) * lineHeight + px(16) + Double(buttonRows) * buttonHeight
      + Double(max(0, buttonRows - 1)) * gap + pad
    let r = ScreenRect(
      x: (screen.midX - width / 2).rounded(), y: (screen.midY - height / 2).rounded(),
      width: width, height: height.rounded())
    panel(r, radius: px(20), theme.templateSurface)
    var y = r.y + pad
    for line in lines {
      drawCentered(line, titleStyle, midX: r.midX, baseline: y + px(29), theme.panelText)
      y += lineHeight
    }
    y += px(16)
    if sideBySide {
      let count = Double(max(1, alert.actions.count))
      let w = ((textWidth - gap * (count - 1)) / count).rounded(.down)
      for (i, action) in alert.actions.enumerated() {
        actionButton(
          action,
          in: ScreenRect(
            x: r.x + pad + Double(i) * (w + gap), y: y, width: w, height: buttonHeight))
      }
    } else {
      for action in alert.actions {
        actionButton(
          action, in: ScreenRect(x: r.x + pad, y: y, width: textWidth, height: buttonHeight))
        y += buttonHeight + gap
      }
    }
  }

  func actionSheet(_ sheet: ActionSheetTemplate) {
    dim()
    let screen = layout.screen
    let pad = px(20)
    let width = min(px(560), screen.width - 2 * px(32))
    let textWidth = width - 2 * pad
    var titleStyle = TextStyle.bold(px(26))
    let messageStyle = TextStyle.regular(px(22))
    var titleLines =
      sheet.title.map { wrap($0, titleStyle, maxWidth: textWidth, maxLines: 2) } ?? []
    var messageLines =
      sheet.message.map { wrap($0, messageStyle, maxWidth: textWidth, maxLines: 2) } ?? []
    let gap = px(10)
    let count = Double(max(1, sheet.actions.count))
    func textHeight() -> Double {
      Double(titleLines.count) * px(34) + Double(messageLines.count) * px(30)
        + (titleLines.isEmpty && messageLines.isEmpty ? 0 : px(14))
    }
    func buttonHeight() -> Double {
      let available = screen.height - 2 * px(16) - 2 * pad - textHeight()
      return min(px(58), ((available - gap * (count - 1)) / count).rounded(.down))
    }
    // A small screen keeps its buttons 40 px touch targets: the message goes first.
    if buttonHeight() < 40 { messageLines = [] }
    if buttonHeight() < 40, titleLines.count > 1, let title = sheet.title {
      // Then the title on one line, condensed and smaller if need be.
      let fitted = canvas.fit([title], titleStyle, minimumSize: px(20), maxWidth: textWidth)
      titleStyle = fitted.style
      titleLines = [fitted.text]
    }
    let textHeight = textHeight()
    let buttonHeight = buttonHeight()
    let height = 2 * pad + textHeight + count * buttonHeight + (count - 1) * gap
    // Bottom-anchored on portrait screens (the thumb's side), centred on landscape ones.
    let y0 =
      layout.isPortrait
      ? screen.maxY - px(24) - height : (screen.midY - height / 2).rounded()
    let r = ScreenRect(
      x: (screen.midX - width / 2).rounded(), y: y0, width: width, height: height.rounded())
    panel(r, radius: px(20), theme.templateSurface)
    var y = r.y + pad
    for line in titleLines {
      drawCentered(line, titleStyle, midX: r.midX, baseline: y + px(26), theme.panelText)
      y += px(34)
    }
    for line in messageLines {
      drawCentered(line, messageStyle, midX: r.midX, baseline: y + px(22), theme.panelSecondaryText)
      y += px(30)
    }
    if !titleLines.isEmpty || !messageLines.isEmpty { y += px(14) }
    for action in sheet.actions {
      actionButton(
        action, in: ScreenRect(x: r.x + pad, y: y, width: textWidth, height: buttonHeight))
      y += buttonHeight + gap
    }
  }
}
