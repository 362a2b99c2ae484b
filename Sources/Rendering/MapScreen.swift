import Templates

/// The map template as the screen shows it: the navigation screen, and over it at most
/// one of a trip preview, a navigation alert or the panning controls.
public struct MapScreen: Sendable {
  public enum Overlay: Sendable {
    case tripPreview(TripPreviewContent)
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

/// Route choices before a trip starts: each with its time, distance and a note, the
/// selected one highlighted on the map, and a Start button.
public struct TripPreviewContent: Sendable {
  public struct Choice: Sendable, Identifiable {
    /// The choice's focus id.
    public var id: String
    /// "14 min".
    public var time: String
    /// "6.2 km".
    public var distance: String
    /// "Fastest", "Shortest", "Toll"; nil for none.
    public var note: String?
    /// "via Mannerheimintie", nil for none.
    public var summary: String?
    /// The line on the map; nil draws none.
    public var route: MapRoute?

    public init(
      id: String, time: String, distance: String, note: String? = nil, summary: String? = nil,
      route: MapRoute? = nil
    ) {
      self.id = id
      self.time = time
      self.distance = distance
      self.note = note
      self.summary = summary
      self.route = route
    }
  }

  /// The destination's name.
  public var title: String
  /// Under the title; nil says how many routes there are.
  public var subtitle: String?
  public var choices: [Choice]
  public var selectedID: String?
  public var startTitle: String
  /// The Start button's focus id.
  public var startID: String

  public init(
    title: String, subtitle: String? = nil, choices: [Choice], selectedID: String? = nil,
    startTitle: String = "Start", startID: String = "start"
  ) {
    self.title = title
    self.subtitle = subtitle
    self.choices = choices
    self.selectedID = selectedID
    self.startTitle = startTitle
    self.startID = startID
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
