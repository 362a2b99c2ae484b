/// The map screen's controls (CarPlay's `CPMapTemplate`): round map buttons along the right
/// edge, text buttons in the navigation bar, and which control has the knob's focus.
///
/// Limits follow CarPlay: at most four map buttons and two bar buttons on each side;
/// extra ones are dropped, first ones kept.
public struct MapTemplate: Hashable, Sendable {
  public static let maximumMapButtons = 4
  public static let maximumBarButtonsPerSide = 2

  public private(set) var mapButtons: [MapButton]
  public private(set) var leadingBarButtons: [BarButton]
  public private(set) var trailingBarButtons: [BarButton]
  /// The id of the control the rotary knob has focused, nil when none has.
  public var focusedID: String?

  public init(
    mapButtons: [MapButton] = [], leadingBarButtons: [BarButton] = [],
    trailingBarButtons: [BarButton] = [], focusedID: String? = nil
  ) {
    self.mapButtons = Array(mapButtons.prefix(Self.maximumMapButtons))
    self.leadingBarButtons = Array(leadingBarButtons.prefix(Self.maximumBarButtonsPerSide))
    self.trailingBarButtons = Array(trailingBarButtons.prefix(Self.maximumBarButtonsPerSide))
    self.focusedID = focusedID
  }

  /// Every focusable control in knob order: bar buttons left to right, then map buttons
  /// top to bottom. Disabled controls are skipped.
  public var focusOrder: [String] {
    (leadingBarButtons + trailingBarButtons).filter(\.isEnabled).map(\.id)
      + mapButtons.filter(\.isEnabled).map(\.id)
  }

  /// Moves the focus `steps` controls along `focusOrder` (negative: backwards), wrapping;
  /// with no focus yet, the first step lands on the first control.
  public mutating func moveFocus(by steps: Int) {
    let order = focusOrder
    guard !order.isEmpty else {
      focusedID = nil
      return
    }
    guard let id = focusedID, let index = order.firstIndex(of: id) else {
      focusedID = steps >= 0 ? order[0] : order[order.count - 1]
      return
    }
    let next = ((index + steps) % order.count + order.count) % order.count
    focusedID = order[next]
  }

  /// The driving screen's usual controls: mute, overview, recenter and end, with the
  /// mute button showing `muted`.
  public static func guidance(muted: Bool = false, focusedID: String? = nil) -> MapTemplate {
    MapTemplate(
      mapButtons: [
        MapButton(id: "mute", symbol: muted ? .speakerMuted : .speaker),
        MapButton(id: "overview", symbol: .overview),
        MapButton(id: "recenter", symbol: .recenter),
        MapButton(id: "end", symbol: .endRoute),
      ],
      leadingBarButtons: [BarButton(id: "menu", title: "Menu")],
      trailingBarButtons: [BarButton(id: "route", title: "Route")],
      focusedID: focusedID)
  }
}
