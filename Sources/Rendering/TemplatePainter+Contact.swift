import Canvas
import Foundation
import Templates

extension TemplatePainter {
  /// A person's card: a disc with their initials, the name large with the subtitle under
  /// it, the detail lines, and the buttons in a row along the bottom (call first, filled).
  func contact(_ card: ContactTemplate, in area: ScreenRect) {
    let body = header(title: "", in: area)
    let buttonHeight = px(60)
    let gap = px(12)
    let buttonsTop = body.maxY - margin - buttonHeight
    let slots = buttonRow(
      card.actions.count, in: body, top: buttonsTop, height: buttonHeight, widest: px(220),
      gap: gap)
    for (action, slot) in zip(card.actions, slots) { contactButton(action, in: slot) }
    let bottom = card.actions.isEmpty ? body.maxY - margin : buttonsTop - px(10)
    let top = body.minY + px(14)
    let side = min(px(96), bottom - top)
    let disc = ScreenRect(x: body.x + margin + px(8), y: top, width: side, height: side)
    initials(of: card.name, in: disc)
    let x = disc.maxX + px(20)
    let width = body.maxX - margin - x
    let name = canvas.fit([card.name], .bold(px(32)), minimumSize: px(24), maxWidth: width)
    var baseline = top + px(34)
    canvas.drawText(name.text, name.style, x: x, baseline: baseline, theme.panelText)
    let secondary = TextStyle.regular(px(22))
    if let subtitle = card.subtitle, !subtitle.isEmpty {
      baseline += px(30)
      canvas.drawText(
        canvas.ellipsized(subtitle, secondary, maxWidth: width), secondary, x: x,
        baseline: baseline, theme.panelSecondaryText)
    }
    baseline += px(8)
    let lineHeight = px(30)
    for detail in card.details {
      // Lines that do not fit above the buttons are left out, never drawn over them.
      guard baseline + lineHeight <= bottom + px(4) else { break }
      baseline += lineHeight
      canvas.drawText(
        canvas.ellipsized(detail, secondary, maxWidth: width), secondary, x: x,
        baseline: baseline, theme.panelText)
    }
  }

  /// The initials of `name` (its first two words' first letters) on a filled disc.
  private func initials(of name: String, in r: ScreenRect) {
    canvas.circle(center: ScreenPoint(x: r.midX, y: r.midY), radius: r.width / 2)
    canvas.fill(theme.highlight)
    let letters = name.split(separator: " ").prefix(2).compactMap(\.first).map(String.init)
      .joined().uppercased()
    let style = canvas.fit(
      [letters.isEmpty ? "?" : letters], .bold((r.height * 0.4).rounded()),
      minimumSize: px(14), maxWidth: r.width * 0.8)
    let w = canvas.textWidth(style.text, style.style)
    canvas.drawText(
      style.text, style.style, x: (r.midX - w / 2).rounded(),
      baseline: canvas.baseline(centering: style.style, on: r.midY), theme.highlightText)
  }

  /// One button of the card: the unit's word for call, message and directions (call filled
  /// as the one to press), the app's title for a custom one; a disabled one greyed and not
  /// focusable.
  private func contactButton(_ action: ContactTemplate.Action, in r: ScreenRect) {
    let word: String =
      switch action.kind {
      case .call: text[.call]
      case .message: text[.message]
      case .directions: text[.directions]
      case .custom: ""
      }
    let title = action.title.flatMap { $0.isEmpty ? nil : $0 } ?? word
    guard action.isEnabled else {
      canvas.fillRoundedRect(r, radius: px(12), theme.templateControl)
      let fitted = canvas.fit(
        [title], .regular(px(24)), minimumSize: px(18), maxWidth: r.width - px(20))
      let w = canvas.textWidth(fitted.text, fitted.style)
      canvas.drawText(
        fitted.text, fitted.style, x: (r.midX - w / 2).rounded(),
        baseline: canvas.baseline(centering: fitted.style, on: r.midY), theme.panelSecondaryText)
      return
    }
    actionButton(
      TemplateAction(id: action.id, title: title, style: action.kind == .call ? .primary : .normal),
      in: r)
  }
}
