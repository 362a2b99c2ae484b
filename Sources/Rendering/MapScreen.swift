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
    /// Panning mode: the knob moves the map; a crosshair marks the middle, the first two
    /// of the map template's buttons stay, and a "Done" button (focus id "pan.exit")
    /// leaves the mode.
    case panning
  }

  /// The map, vehicle, cards and buttons (what `NavigationRenderer` draws).
  public var scene: NavigationScene
  public var overlay: Overlay?

  public init(scene: NavigationScene, overlay: Overlay? = nil) {
    self.scene = scene
    self.overlay = overlay
  }
}
