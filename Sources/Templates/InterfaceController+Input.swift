import Foundation

extension InterfaceController {
  /// The knob turned. In pan mode it pans along `panAxis`; on the bare map with nothing
  /// focused it zooms; otherwise it moves the focus through the top template.
  mutating func turn(_ detents: Int, at now: Date) {
    guard detents != 0 else { return }
    if mapIsTop, let m = map {
      if m.isPanning {
        let direction: PanDirection =
          switch panAxis {
          case .horizontal: detents > 0 ? .right : .left
          case .vertical: detents > 0 ? .down : .up
          }
        pan(direction, steps: abs(detents), at: now)
        return
      }
      if focusedElementID == nil && m.navigationAlert == nil && m.tripPreview == nil {
        zoom(by: Double(detents) * configuration.zoomPerDetent)
        return
      }
    }
    guard let top = topTemplate else { return }
    if case .nowPlaying(let playing) = top {
      turnNowPlaying(playing, by: detents)
      return
    }
    let next = FocusRing(top.focusOrder).moved(from: focusedElementID, by: detents)
    setFocus(next)
  }

  /// A button was pressed.
  mutating func press(_ role: InputRole, long: Bool, at now: Date) {
    switch role {
    case .select: select(at: now)
    case .back: if long { goHome() } else { back() }
    case .home: goHome()
    case .mute: toggleMute()
    }
  }

  /// A direction nudge: a pan step in pan mode, ignored otherwise.
  mutating func nudge(_ direction: PanDirection, at now: Date) {
    guard mapIsTop, isPanning, !direction.isEmpty else { return }
    pan(direction, steps: 1, at: now)
  }

  /// The knob's press.
  mutating func select(at now: Date) {
    if mapIsTop, isPanning {
      panAxis = panAxis.toggled
      render(.template(map!.id))
      touchPanning(at: now)
      return
    }
    guard let top = topTemplate else { return }
    if case .nowPlaying(var playing) = top {
      pressNowPlaying(&playing)
      return
    }
    guard let element = focusedElementID else {
      // On the map a press with nothing focused hands the knob to the controls.
      if mapIsTop { setFocus(top.focusOrder.first) }
      return
    }
    if presented != nil {
      outbox.append(.selected(templateID: top.id, elementID: element))
      return
    }
    if case .map = top {
      chooseOnMap(element, at: now)
      return
    }
    var template = top
    choose(element, in: &template)
    stack[stack.count - 1] = template
  }

  /// Choosing `element` of a pushed (or tab) template.
  private mutating func choose(_ element: String, in template: inout Template) {
    switch template {
    case .list(var list):
      if let item = list.allItems.first(where: { $0.id == element }), let message = item.message {
        chooseMessage(item, message, in: list)
        return
      }
      guard list.loadingItemID == nil else { return }  // one handler at a time
      list.loadingItemID = element
      template = .list(list)
      outbox.append(.selected(templateID: list.id, elementID: element))
      render(.template(list.id))
    case .search(var search):
      if let key = search.speller.key(forElement: element), search.disabledMessage == nil {
        search.speller.type(key)
        template = .search(search)
        render(.template(search.id))
        // The ring is reordered after each letter: the knob starts again at its head.
        setFocus(search.focusOrder.first)
        outbox.append(.searchTextChanged(templateID: search.id, text: search.speller.text))
      } else if search.result(forElement: element) != nil {
        outbox.append(.selected(templateID: search.id, elementID: element))
      }
    case .tabBar(var bar):
      if let index = bar.tabs.indices.first(where: { TabBarTemplate.tabElementID($0) == element }) {
        bar.selectedIndex = index
        outbox.append(.selected(templateID: bar.id, elementID: element))
        render(.stack)
      } else if bar.tabs.indices.contains(bar.selectedIndex) {
        var tab = bar.tabs[bar.selectedIndex]
        choose(element, in: &tab)
        bar.tabs[bar.selectedIndex] = tab
      }
      template = .tabBar(bar)
    case .pointOfInterest(var poi):
      choosePoint(element, in: &poi)
      template = .pointOfInterest(poi)
    case .grid, .information, .alert, .actionSheet, .map, .nowPlaying, .contact:
      outbox.append(.selected(templateID: template.id, elementID: element))
    }
  }

  /// Choosing `element` on the bare map.
  mutating func chooseOnMap(_ element: String, at now: Date) {
    guard let m = map else { return }
    if m.navigationAlert != nil {
      chooseNavigationAlertAction(element)
      return
    }
    if m.tripPreview != nil {
      choosePreview(element)
      return
    }
    guard let button = m.shownMapButton(element) else {
      outbox.append(.selected(templateID: m.id, elementID: element))  // a bar button
      return
    }
    switch button.role {
    case .app: outbox.append(.selected(templateID: m.id, elementID: element))
    case .pan: startPanning(at: now)
    case .zoomIn: zoom(by: 1)
    case .zoomOut: zoom(by: -1)
    case .recentre: recentre()
    case .mute: toggleMute()
    }
  }

  /// Back (the button, or a tap on the back button on screen): dismiss what is presented,
  /// else pop; on the bare map, take down the alert or preview, leave pan mode, or hand the
  /// knob back to zooming — the first that applies.
  mutating func back() {
    if let shown = presented {
      presented = nil
      outbox.append(.dismissedByUser(templateID: shown.id))
      render(.presentation)
      return
    }
    if closePointDetail() { return }
    if stack.count > 1 {
      stack.removeLast()
      render(.stack)
      return
    }
    guard mapIsTop, let m = map else { return }
    if m.navigationAlert != nil {
      takeDownNavigationAlert(.userDismissed)
    } else if m.tripPreview != nil {
      _ = try? hideTripPreviews()
      outbox.append(.selected(templateID: m.id, elementID: TripPreview.cancelElementID))
    } else if m.isPanning {
      stopPanning()
    } else {
      setFocus(nil)
    }
  }

  /// Home: back to the bare map — dismiss, pop to root, leave pan mode, unfocus.
  mutating func goHome() {
    if let shown = presented {
      presented = nil
      outbox.append(.dismissedByUser(templateID: shown.id))
      render(.presentation)
    }
    if stack.count > 1 {
      stack.removeLast(stack.count - 1)
      render(.stack)
    }
    _ = closePointDetail()
    stopPanning()
    fixFocus()
    if map?.navigationAlert == nil && map?.tripPreview == nil { setFocus(nil) }
  }

  /// The app answered the choice of `itemID`: its list stops loading.
  mutating func itemHandled(_ itemID: String) {
    for index in stack.indices {
      var template = stack[index]
      if clearLoading(itemID, in: &template) {
        stack[index] = template
        render(.template(template.id))
        return
      }
    }
  }

  private func clearLoading(_ itemID: String, in template: inout Template) -> Bool {
    switch template {
    case .list(var list) where list.loadingItemID == itemID:
      list.loadingItemID = nil
      template = .list(list)
      return true
    case .tabBar(var bar):
      for i in bar.tabs.indices {
        var tab = bar.tabs[i]
        if clearLoading(itemID, in: &tab) {
          bar.tabs[i] = tab
          template = .tabBar(bar)
          return true
        }
      }
      return false
    default:
      return false
    }
  }

  /// A timer came back.
  mutating func timerFired(_ timer: TimerID, at now: Date) {
    switch timer {
    case .panTimeout: panTimer(at: now)
    case .navigationAlert(let id): navigationAlertTimer(id, at: now)
    }
  }
}
