import Canvas
import Foundation
import Templates

extension TemplatePainter {
  /// One message item: its mark (a dot for unread, a pin for pinned) in a column of its
  /// own, the sender or conversation (bold while unread) with the time at the trailing
  /// edge, and the last message's first words under it. Returns whether it has the focus.
  func messageItem(
    _ item: ListItem, _ message: MessageItem, in r: ScreenRect, separator: Bool
  ) -> Bool {
    let focused = item.isEnabled && focusable(item.id, r.insetBy(px(2)))
    fill(r, theme.templateSurface)
    if focused { fill(r, theme.focusFill) }
    let pad = px(16)
    let column = px(22)
    let markX = r.x + pad + column / 2
    let titleBaseline = r.y + px(34)
    switch message.leading {
    case .unread:
      canvas.circle(center: ScreenPoint(x: markX, y: titleBaseline - px(9)), radius: px(7))
      canvas.fill(theme.highlight)
    case .pinned:
      TemplateSymbol.pin.draw(
        in: canvas,
        rect: ScreenRect(
          x: markX - px(11), y: titleBaseline - px(21), width: px(22), height: px(22)),
        color: theme.panelSecondaryText, accent: theme.templateSurface)
    case .none:
      break
    }
    let x = r.x + pad + column + px(10)
    var right = r.maxX - pad
    let timeStyle = TextStyle.regular(px(20))
    if let time = message.timeText, !time.isEmpty {
      let shown = canvas.ellipsized(time, timeStyle, maxWidth: r.width * 0.3)
      let w = canvas.textWidth(shown, timeStyle)
      canvas.drawText(
        shown, timeStyle, x: right - w, baseline: titleBaseline,
        message.isUnread ? theme.highlight : theme.panelSecondaryText)
      right -= w + px(12)
    }
    let titleStyle: TextStyle = message.isUnread ? .bold(px(26)) : .regular(px(26))
    let title = canvas.fit([item.text], titleStyle, minimumSize: px(22), maxWidth: right - x)
    canvas.drawText(
      title.text, title.style, x: x, baseline: titleBaseline,
      item.isEnabled ? theme.panelText : theme.panelSecondaryText)
    if let preview = item.detailText, !preview.isEmpty {
      let style = TextStyle.regular(px(20))
      canvas.drawText(
        canvas.ellipsized(preview, style, maxWidth: r.maxX - pad - x), style, x: x,
        baseline: r.y + px(62), theme.panelSecondaryText)
    }
    if separator {
      fill(
        ScreenRect(x: x, y: r.maxY - 1, width: r.maxX - x, height: 1), theme.templateSeparator)
    }
    return focused
  }
}
