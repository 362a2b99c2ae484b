import Navigation

/// The map screen's controls (CarPlay's `CPMapTemplate`): round map buttons along the right
/// edge, text buttons in the navigation bar, which control has the knob's focus, and the
/// map's modes: trip previews, a navigation alert, panning.
///
/// Limits follow CarPlay: at most four map buttons (two while panning) and two bar
/// buttons on each side; extra ones are dropped, first ones kept.
public struct MapTemplate: Hashable, Sendable, Identifiable {
  public static let maximumMapButtons = 4
  public static let maximumMapButtonsWhilePanning = 2
  public static let maximumBarButtonsPerSide = 2

  public var id: String
  /// Every map button kept (the first four given).
  public private(set) var allMapButtons: [MapButton]
  public private(set) var leadingBarButtons: [BarButton]
  public private(set) var trailingBarButtons: [BarButton]
  /// The id of the control the rotary knob has focused, nil when none has.
  public var focusedID: String?
  /// True while the panning interface is shown.
  public internal(set) var isPanning = false
  /// The trips being previewed, nil when no preview is shown.
  public internal(set) var tripPreview: TripPreview?
  /// The navigation alert on screen, nil when none is.
  public internal(set) var navigationAlert: NavigationAlert?
  /// Pan offset and zoom chosen by the driver.
  public internal(set) var viewport = MapViewport()
  /// The controls the display has room for (set by the interface controller).
  public internal(set) var room = MapControlRoom()

  public init(
    id: String = "map", mapButtons: [MapButton] = [], leadingBarButtons: [BarButton] = [],
    trailingBarButtons: [BarButton] = [], focusedID: String? = nil
  ) {
    self.id = id
    self.allMapButtons = Array(mapButtons.prefix(Self.maximumMapButtons))
    self.leadingBarButtons = Array(leadingBarButtons.prefix(Self.maximumBarButtonsPerSide))
    self.trailingBarButtons = Array(trailingBarButtons.prefix(Self.maximumBarButtonsPerSide))
    self.focusedID = focusedID
  }

  /// The map buttons shown: the first four, or the first two while panning, and no more
  /// than the display has room for.
  public var mapButtons: [MapButton] {
    let limit = isPanning ? Self.maximumMapButtonsWhilePanning : Self.maximumMapButtons
    return Array(allMapButtons.prefix(min(limit, room.mapButtons)))
  }

  /// The bar buttons shown: as many as the display has room for, leading ones first.
  public var shownBarButtons: (leading: [BarButton], trailing: [BarButton]) {
    let leading = Array(leadingBarButtons.prefix(room.barButtons))
    return (leading, Array(trailingBarButtons.prefix(room.barButtons - leading.count)))
  }

  /// Every focusable control in knob order. A navigation alert takes the knob first (its
  /// actions), then a trip preview (route choices, then start); while panning the knob
  /// pans, so nothing is focusable; otherwise the bar buttons shown left to right, then
  /// the map buttons shown top to bottom. Disabled controls are skipped.
  public var focusOrder: [String] {
    if let alert = navigationAlert { return alert.focusOrder }
    if let preview = tripPreview { return preview.focusOrder }
    if isPanning { return [] }
    let bar = shownBarButtons
    return (bar.leading + bar.trailing).filter(\.isEnabled).map(\.id)
      + mapButtons.filter(\.isEnabled).map(\.id)
  }

  /// Moves the focus `steps` controls along `focusOrder` (negative: backwards), wrapping;
  /// with no focus yet, the first step lands on the first control.
  public mutating func moveFocus(by steps: Int) {
    focusedID = FocusRing(focusOrder).moved(from: focusedID, by: steps)
  }

  /// Replaces the buttons. More than four map buttons are accepted and the extra ones
  /// dropped (CarPlay ignores them); more than two bar buttons on a side is an error.
  public mutating func setButtons(
    mapButtons: [MapButton], leading: [BarButton], trailing: [BarButton]
  ) throws(TemplateError) {
    for (side, buttons) in [("leading", leading), ("trailing", trailing)]
    where buttons.count > Self.maximumBarButtonsPerSide {
      throw .rule(
        .tooManyButtons, "update", .map, id,
        "\(buttons.count) \(side) bar buttons, at most \(Self.maximumBarButtonsPerSide) a side")
    }
    allMapButtons = Array(mapButtons.prefix(Self.maximumMapButtons))
    leadingBarButtons = leading
    trailingBarButtons = trailing
  }

  /// Shows the mute button(s) as `muted`.
  mutating func showMuted(_ muted: Bool) {
    for i in allMapButtons.indices where allMapButtons[i].role == .mute {
      allMapButtons[i].symbol = muted ? .speakerMuted : .speaker
    }
  }

  /// The map button with `id` among those shown.
  func shownMapButton(_ id: String) -> MapButton? { mapButtons.first { $0.id == id } }

  /// The driving screen's usual controls: mute, overview, recenter and end, with the
  /// mute button showing `muted`; the menu and route bar buttons in the language of `text`.
  public static func guidance(
    muted: Bool = false, focusedID: String? = nil, text: ScreenText = ScreenText()
  ) -> MapTemplate {
    MapTemplate(
      mapButtons: [
        MapButton(id: "mute", symbol: muted ? .speakerMuted : .speaker),
        MapButton(id: "overview", symbol: .overview),
        MapButton(id: "recenter", symbol: .recenter),
        MapButton(id: "end", symbol: .endRoute),
      ],
      leadingBarButtons: [BarButton(id: "menu", title: text[.menu])],
      trailingBarButtons: [BarButton(id: "route", title: text[.route])],
      focusedID: focusedID)
  }
}
