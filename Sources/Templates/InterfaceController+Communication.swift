extension InterfaceController {
  /// The row rules of message items (CarPlay's `CPMessageListItem`): a communication app's
  /// list holds message items only, no other category shows one, a message item has no
  /// handler of the app's and a plain row no handler but the app's. Checks `template`'s
  /// lists, a tab bar's included.
  func checkRows(of template: Template, verb: String) throws(TemplateError) {
    switch template {
    case .list(let list): try checkRows(of: list, verb: verb, kind: template.kind)
    case .tabBar(let bar):
      for case .list(let list) in bar.tabs { try checkRows(of: list, verb: verb, kind: .tabBar) }
    default: return
    }
  }

  private func checkRows(of list: ListTemplate, verb: String, kind: TemplateKind)
    throws(TemplateError)
  {
    let category = configuration.category
    for item in list.allItems {
      let rule: String
      switch (item.message, item.handler) {
      case (nil, .app) where category == .communication:
        rule = "a communication app's rows are message items, and row \"\(item.id)\" is not one"
      case (nil, .unit):
        rule = "row \"\(item.id)\" is not a message item, so its handler is the app's"
      case (_?, _) where category != .communication:
        rule =
          "\(category.appPhrase) cannot show message item \"\(item.id)\": only communication "
          + "apps do"
      case (_?, .app):
        rule =
          "message item \"\(item.id)\" has a handler of the app's: the unit answers message items"
      default: continue
      }
      throw .rule(.unsupportedItem, verb, kind, list.id, rule)
    }
  }

  /// The driver chose message item `item` of `list`: no handler runs and the row does not
  /// load; the owner hears `.messageSelected`.
  mutating func chooseMessage(_ item: ListItem, _ message: MessageItem, in list: ListTemplate) {
    outbox.append(
      .messageSelected(
        templateID: list.id, itemID: item.id, conversationID: message.conversationID))
  }

  /// Takes down the navigation alert on the root map at once, as if the app had dismissed
  /// it (no minimum time; held-back dismissals complete), and returns the effects — the
  /// owner's way to make room for an alert of its own. Nothing when none is up.
  public mutating func withdrawNavigationAlert() -> [UIEffect] {
    outbox = []
    defer { outbox = [] }
    takeDownNavigationAlert(.systemDismissed)
    fixFocus()
    return outbox
  }
}
