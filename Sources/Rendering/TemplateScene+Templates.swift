import MapLayers
import Navigation
import Templates

// From the interface controller's templates to the scenes drawn here. Templates keep
// their own element ids as focus ids, so `InterfaceController.focusedElementID` is the
// focus.

extension TemplateScene.Content {
  /// What `template` shows as the content of a screen; nil for a template that is never
  /// content (an alert, an action sheet, a tab bar).
  init?(_ template: Template, map: MapContext) {
    switch template {
    case .map(let m): self = .map(MapScreen(m, context: map))
    case .list(let t): self = .list(t)
    case .grid(let t): self = .grid(t)
    case .information(let t): self = .information(t)
    case .search(let t): self = .search(t)
    case .pointOfInterest(let t): self = .pointOfInterest(t, layers: map.layers)
    case .nowPlaying(let t): self = .nowPlaying(t, artwork: map.artwork)
    case .contact(let t): self = .contact(t)
    case .alert, .actionSheet, .tabBar: return nil
    }
  }
}

extension Template {
  /// The words a back button or a tab uses for this template, the system's own in the
  /// language of `text`.
  func shortTitle(_ text: ScreenText) -> String {
    switch self {
    case .map: text[.map]
    case .list(let t): t.title
    case .grid(let t): t.title
    case .information(let t): t.title
    case .search: text[.search]
    case .pointOfInterest(let t): t.title
    case .nowPlaying(let t): t.title
    case .contact(let t): t.name
    case .alert, .actionSheet: ""
    case .tabBar: text[.home]
    }
  }

  var tabSymbol: TemplateSymbol {
    switch self {
    case .map: .navigation
    case .list: .list
    case .grid: .grid
    case .information: .info
    case .search: .search
    case .pointOfInterest: .pin
    case .nowPlaying: .speaker
    case .contact: .phone
    case .alert, .actionSheet, .tabBar: .letters("?")
    }
  }
}

extension TabBarContent {
  /// The tabs of `bar`, titled in the language of `text` where the system names them.
  public init(_ bar: TabBarTemplate, text: ScreenText = ScreenText()) {
    self.init(
      tabs: bar.tabs.enumerated().map { i, tab in
        Tab(
          id: TabBarTemplate.tabElementID(i), title: tab.shortTitle(text), symbol: tab.tabSymbol)
      },
      selectedID: TabBarTemplate.tabElementID(bar.selectedIndex))
  }
}

/// What the map templates need beside the templates themselves: the navigation screen
/// under them, the route lines of trip previews, the map layers.
public struct MapContext: Sendable {
  /// The navigation screen (camera, route, vehicle, cards) the map template sits on.
  public var scene: NavigationScene
  /// Route lines by trip id, one per route choice in order.
  public var routes: [String: [MapRoute]]
  /// Under points of interest.
  public var layers: [any MapLayer]
  /// The share of the navigation alert's time left (1 → 0), nil to draw no timer.
  public var alertRemaining: Double?
  /// The Now Playing screen's artwork, from the artwork cache.
  public var artwork: Artwork

  public init(
    scene: NavigationScene, routes: [String: [MapRoute]] = [:], layers: [any MapLayer] = [],
    alertRemaining: Double? = nil, artwork: Artwork = .none
  ) {
    self.scene = scene
    self.routes = routes
    self.layers = layers
    self.alertRemaining = alertRemaining
    self.artwork = artwork
  }
}

extension MapScreen {
  /// The navigation screen with `map`'s buttons, and its navigation alert, trip preview
  /// or pan mode over it (in that order of precedence, as the knob's focus follows).
  public init(_ map: MapTemplate, context: MapContext) {
    var scene = context.scene
    scene.template = map
    let overlay: Overlay?
    if let alert = map.navigationAlert {
      overlay = .navigationAlert(
        alert, remaining: alert.duration > 0 ? context.alertRemaining : nil)
    } else if let preview = map.tripPreview, let trip = preview.selectedTrip {
      overlay = .tripPreview(preview, routes: context.routes[trip.id] ?? [])
    } else if map.isPanning {
      overlay = .panning
    } else {
      overlay = nil
    }
    self.init(scene: scene, overlay: overlay)
  }
}

extension TemplateScene {
  /// What `controller` shows: the top of its stack (beside the root's tabs when the root
  /// is a tab bar), the alert or action sheet it presents, and the knob's focus.
  ///
  /// Returns nil while the controller has no root.
  public init?(
    _ controller: InterfaceController, size: ScreenSize, theme: Theme, map: MapContext
  ) {
    guard let root = controller.stack.first, let top = controller.stack.last else { return nil }
    let text = controller.configuration.text
    var tabBar: TabBarContent?
    var shown = top
    var backTitle: String?
    if case .tabBar(let bar) = root {
      tabBar = TabBarContent(bar, text: text)
      if controller.stack.count == 1, let tab = bar.selectedTab { shown = tab }
    }
    if controller.stack.count >= 2 {
      let below = controller.stack[controller.stack.count - 2]
      if case .tabBar(let bar) = below {
        backTitle = bar.selectedTab?.shortTitle(text) ?? text[.back]
      } else {
        backTitle = below.shortTitle(text)
      }
    }
    // A point's detail goes back to the list of points.
    if case .pointOfInterest(let poi) = shown, poi.detailPoint != nil { backTitle = poi.title }
    var mapContext = map
    mapContext.scene.size = size
    mapContext.scene.text = text
    guard let content = Content(shown, map: mapContext) else { return nil }
    var modal: Modal?
    switch controller.presented {
    case .alert(let alert)?: modal = .alert(alert)
    case .actionSheet(let sheet)?: modal = .actionSheet(sheet)
    default: modal = nil
    }
    self.init(
      size: size, theme: theme, content: content, tabBar: tabBar, modal: modal,
      backTitle: backTitle, focusedID: controller.focusedElementID)
    self.text = text
  }
}
