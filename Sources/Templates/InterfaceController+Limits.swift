extension InterfaceController {
  /// The vehicle's speed changed: the driving limits come on above `drivingSpeed` and go
  /// off at or below it.
  /// Applies the driving limits for `speed`; returns whether they changed.
  mutating func vehicleSpeed(_ speed: Double) -> Bool {
    let limited = speed > configuration.drivingSpeed
    guard limited != isDrivingLimited else { return false }
    isDrivingLimited = limited
    for index in stack.indices {
      let before = stack[index]
      stack[index] = self.limited(before)
      if stack[index] != before { render(.template(before.id)) }
    }
    outbox.append(.drivingLimitsChanged(limited))
    return true
  }

  /// `template` with the current driving limits applied — lists cut to
  /// `drivingListItemLimit` rows, the speller off with a message — and a map's controls
  /// to the display's room (`mapControls`).
  func limited(_ template: Template) -> Template {
    switch template {
    case .list(var list):
      list.itemLimit = isDrivingLimited ? configuration.drivingListItemLimit : nil
      return .list(list)
    case .search(var search):
      search.disabledMessage =
        isDrivingLimited ? SearchTemplate.drivingMessage(configuration.text) : nil
      return .search(search)
    case .tabBar(var bar):
      bar.tabs = bar.tabs.map(limited)
      return .tabBar(bar)
    case .map(var map):
      map.room = configuration.mapControls
      return .map(map)
    case .grid, .alert, .actionSheet, .information, .pointOfInterest, .nowPlaying, .contact:
      return template
    }
  }
}
