import Foundation

extension InterfaceController {
  /// Replaces the stack with `template`, a kind the app's category may use as its root (a
  /// navigation app's map or tab bar).
  mutating func setRoot(_ template: Template) throws(TemplateError) {
    let verb = "set root to"
    let category = configuration.category
    guard category.rootKinds.contains(template.kind) else {
      throw .rule(
        .unsupportedRoot, verb, template.kind, template.id,
        "\(category.appPhrase)'s root is \(category == .navigation ? "its map or a tab bar" : "a " + AppCategory.words(category.rootKinds))"
      )
    }
    try template.validate(for: verb)
    try checkTabs(of: template, verb: verb)
    try checkRows(of: template, verb: verb)
    tearDownMap()
    stack = [limited(template)]
    render(.stack)
  }

  /// Pushes a kind the app's category may push (a navigation app's list, grid, search,
  /// information or point-of-interest template).
  mutating func push(_ template: Template) throws(TemplateError) {
    let verb = "push"
    let category = configuration.category
    if template.kind == .tabBar {
      throw .rule(.tabBarNotRoot, verb, .tabBar, template.id, "a tab bar can only be the root")
    }
    guard configuration.pushKinds.contains(template.kind) else {
      let pushable = AppCategory.words(configuration.pushKinds, joiner: "and")
      throw .rule(
        .unsupportedPush, verb, template.kind, template.id,
        category == .navigation
          ? "only \(pushable) templates can be pushed"
          : "\(category.appPhrase) can push only \(pushable) templates")
    }
    guard !stack.isEmpty else {
      throw .rule(.noRoot, verb, template.kind, template.id, "there is no root yet")
    }
    let limit = configuration.depthLimit
    guard stack.count < limit else {
      throw .rule(
        .depthExceeded, verb, template.kind, template.id,
        "the stack would be \(stack.count + 1) deep, at most \(limit) including the root"
          + (limit < configuration.maximumDepth ? " for \(category.appPhrase)" : ""))
    }
    guard !stack.contains(where: { $0.id == template.id }) else {
      throw .rule(
        .duplicateID, verb, template.kind, template.id,
        "a template with id \"\(template.id)\" is already in the stack")
    }
    try template.validate(for: verb)
    try checkRows(of: template, verb: verb)
    stack.append(limited(template))
    render(.stack)
  }

  /// A tab bar's tabs must be kinds the category may use in one.
  private func checkTabs(of template: Template, verb: String) throws(TemplateError) {
    guard case .tabBar(let bar) = template else { return }
    let category = configuration.category
    for tab in bar.tabs where !category.tabKinds.contains(tab.kind) {
      throw .rule(
        .unsupportedRoot, verb, .tabBar, template.id,
        "\(category.appPhrase)'s tab cannot hold \(AppCategory.withArticle(tab.kind.rawValue))")
    }
  }

  /// Pops the top template; the root stays.
  mutating func pop() throws(TemplateError) {
    guard let top = stack.last else {
      throw TemplateError(
        code: .noRoot, kind: nil, templateID: nil, message: "cannot pop: there is no root")
    }
    guard stack.count > 1 else {
      throw .rule(.cannotPopRoot, "pop", top.kind, top.id, "the root cannot be popped")
    }
    stack.removeLast()
    render(.stack)
  }

  /// Pops everything above the root; at the root, does nothing.
  mutating func popToRoot() throws(TemplateError) {
    guard !stack.isEmpty else {
      throw TemplateError(
        code: .noRoot, kind: nil, templateID: nil,
        message: "cannot pop to root: there is no root")
    }
    if stack.count > 1 {
      stack.removeLast(stack.count - 1)
      render(.stack)
    }
  }

  /// Pops everything above the template with `id`.
  mutating func pop(to id: String) throws(TemplateError) {
    guard let index = stack.firstIndex(where: { $0.id == id }) else {
      throw TemplateError(
        code: .notInStack, kind: nil, templateID: id,
        message: "cannot pop to \"\(id)\": it is not in the stack")
    }
    if index < stack.count - 1 {
      stack.removeLast(stack.count - 1 - index)
      render(.stack)
    }
  }

  /// Presents an alert or action sheet; one at a time.
  mutating func present(_ template: Template) throws(TemplateError) {
    let verb = "present"
    if template.kind == .tabBar {
      throw .rule(.tabBarNotRoot, verb, .tabBar, template.id, "a tab bar can only be the root")
    }
    guard TemplateKind.presentable.contains(template.kind) else {
      throw .rule(
        .unsupportedPresent, verb, template.kind, template.id,
        "only alert and action sheet templates can be presented")
    }
    if let shown = presented {
      throw .rule(
        .alreadyPresenting, verb, template.kind, template.id,
        "\(shown.kind.rawValue) \"\(shown.id)\" is already presented, one at a time")
    }
    try template.validate(for: verb)
    presented = template
    render(.presentation)
  }

  /// Dismisses the presented template; with none, does nothing.
  mutating func dismiss() {
    guard presented != nil else { return }
    presented = nil
    render(.presentation)
  }

  /// Replaces the template with the same id (stack or presented) after checking it.
  mutating func update(_ template: Template) throws(TemplateError) {
    let verb = "update"
    if let shown = presented, shown.id == template.id {
      guard shown.kind == template.kind else { throw kindChanged(shown, template) }
      try template.validate(for: verb)
      presented = template
      render(.template(template.id))
      return
    }
    guard let index = stack.firstIndex(where: { $0.id == template.id }) else {
      throw .rule(.notInStack, verb, template.kind, template.id, "it is not in the stack")
    }
    let old = stack[index]
    guard old.kind == template.kind else { throw kindChanged(old, template) }
    try template.validate(for: verb)
    try checkRows(of: template, verb: verb)
    switch (old, template) {
    case (.map(var m), .map(let new)):
      // The map's modes belong to the controller; an update brings new buttons only.
      try m.setButtons(
        mapButtons: new.allMapButtons, leading: new.leadingBarButtons,
        trailing: new.trailingBarButtons)
      m.showMuted(isMuted)
      stack[index] = .map(m)
    case (.list(let l), .list(var new)):
      if let loading = l.loadingItemID, new.allItems.contains(where: { $0.id == loading }) {
        new.loadingItemID = loading
      }
      stack[index] = limited(.list(new))
    case (.pointOfInterest(let p), .pointOfInterest(var new)):
      // The detail the driver opened stays open while its point has one.
      new.detailPointID = p.detailPointID
      stack[index] = .pointOfInterest(new)
    case (.search(let s), .search(let new)):
      let shown = limited(.search(new))
      stack[index] = shown
      // A new ring: a knob at the old head (or on a key gone) starts at the new head.
      if index == stack.count - 1, let focused = focusedElementID,
        focused == s.focusOrder.first || !shown.focusOrder.contains(focused)
      {
        setFocus(shown.focusOrder.first)
      }
    default:
      stack[index] = limited(template)
    }
    render(.template(template.id))
  }

  private func kindChanged(_ old: Template, _ new: Template) -> TemplateError {
    .rule(
      .kindChanged, "update", new.kind, new.id,
      "\"\(new.id)\" is a \(old.kind.rawValue), its kind cannot change")
  }

  /// Replaces the map's buttons.
  mutating func setMapButtons(
    _ buttons: [MapButton], leading: [BarButton], trailing: [BarButton]
  ) throws(TemplateError) {
    let muted = isMuted
    try withMap("update map buttons") { (m) throws(TemplateError) in
      try m.setButtons(mapButtons: buttons, leading: leading, trailing: trailing)
      m.showMuted(muted)
    }
  }

  /// Before the root map goes away: ends pan mode and takes down its navigation alert,
  /// completing held-back dismissals.
  mutating func tearDownMap() {
    guard var m = map else { return }
    if m.isPanning {
      m.isPanning = false
      stack[0] = .map(m)
      endPanning()
    }
    if m.navigationAlert != nil { takeDownNavigationAlert(.systemDismissed) }
  }
}
