import Templates

/// The map template as the screen shows it: the navigation screen, and over it at most
/// one of a trip preview, a navigation alert or the panning controls.
public struct MapScreen: Sendable {
  public enum Overlay: Sendable {
    /// With the selected trip's route lines, one per route choice in order (a choice
    /// without one draws no line).
    case tripPreview(TripPreview, routes: [MapRoute])
    /// With the share of its time left (1 → 0), nil to draw no timer.
    case navigationAlert(NavigationAlert, remaining: Double?)
    case panning(PanningContent)
  }

  /// The map, vehicle, cards and buttons (what `NavigationRenderer` draws).
  public var scene: NavigationScene
  public var overlay: Overlay?

  public init(scene: NavigationScene, overlay: Overlay? = nil) {
    self.scene = scene
    self.overlay = overlay
  }
}

/// Panning mode: the knob moves the map; a crosshair marks the middle, at most two map
/// buttons stay, and one button leaves the mode.
public struct PanningContent: Hashable, Sendable {
  public static let maximumButtons = 2

  public var buttons: [MapButton]
  public var exitTitle: String
  /// The exit button's focus id.
  public var exitID: String

  public init(buttons: [MapButton], exitTitle: String = "Done", exitID: String = "pan.exit") {
    self.buttons = Array(buttons.prefix(Self.maximumButtons))
    self.exitTitle = exitTitle
    self.exitID = exitID
  }
}
