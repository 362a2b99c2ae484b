import MapLayers
import Navigation
import Templates

/// Everything one frame of a template screen shows, as plain values: the top template,
/// the tab bar around it, a modal over it, the back button and the knob's focus.
///
/// Templates are drawn as they are; beside them go only what the screen adds (the map
/// under a map template or its points of interest).
public struct TemplateScene: Sendable {
  public enum Content: Sendable {
    case map(MapScreen)
    case list(ListTemplate)
    case grid(GridTemplate)
    case information(InformationTemplate)
    case search(SearchTemplate)
    /// With the map layers under the pins.
    case pointOfInterest(PointOfInterestTemplate, layers: [any MapLayer])
    /// With its artwork as the artwork cache gives it (`ArtworkCache.artwork(id:side:)`
    /// at `TemplateLayout.nowPlayingArtworkSide`).
    case nowPlaying(NowPlayingTemplate, artwork: Artwork)
    /// A person's card.
    case contact(ContactTemplate)
  }

  /// Presented over everything, on a dimmed screen.
  public enum Modal: Hashable, Sendable {
    case alert(AlertTemplate)
    case actionSheet(ActionSheetTemplate)
  }

  public var size: ScreenSize
  public var theme: Theme
  public var content: Content
  public var tabBar: TabBarContent?
  public var modal: Modal?
  /// The back button's title over the content; nil on the first screen (no back button).
  public var backTitle: String?
  /// The id the knob has focused (see `TemplateRenderer.render(_:)` for the ids).
  public var focusedID: String?
  /// The language of the words the screen adds itself ("Done", "No results", "Back").
  public var text = ScreenText()

  public init(
    size: ScreenSize, theme: Theme, content: Content, tabBar: TabBarContent? = nil,
    modal: Modal? = nil, backTitle: String? = nil, focusedID: String? = nil
  ) {
    self.size = size
    self.theme = theme
    self.content = content
    self.tabBar = tabBar
    self.modal = modal
    self.backTitle = backTitle
    self.focusedID = focusedID
  }
}
