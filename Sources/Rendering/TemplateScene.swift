import Templates

/// Everything one frame of a template screen shows, as plain values: the top template,
/// the tab bar around it, a modal over it and the knob's focus.
public struct TemplateScene: Sendable {
  public enum Content: Sendable {
    case map(MapScreen)
    case list(ListScreen)
    case grid(GridScreen)
    case information(InformationScreen)
    case search(SearchScreen)
    case pointOfInterest(PointOfInterestScreen)
  }

  /// Presented over everything, on a dimmed screen.
  public enum Modal: Hashable, Sendable {
    case alert(AlertScreen)
    case actionSheet(ActionSheetScreen)
  }

  public var size: ScreenSize
  public var theme: Theme
  public var content: Content
  public var tabBar: TabBarContent?
  public var modal: Modal?
  /// The id the knob has focused (see `TemplateRenderer.render(_:)` for the ids).
  public var focusedID: String?

  public init(
    size: ScreenSize, theme: Theme, content: Content, tabBar: TabBarContent? = nil,
    modal: Modal? = nil, focusedID: String? = nil
  ) {
    self.size = size
    self.theme = theme
    self.content = content
    self.tabBar = tabBar
    self.modal = modal
    self.focusedID = focusedID
  }
}
