import Navigation

/// The interface controller's tunables.
public struct InterfaceConfiguration: Hashable, Sendable {
  /// The kind of app whose templates these are: which it may use, and how deep.
  public var category: AppCategory
  /// Templates in the stack at most, the root included (CarPlay: 5 for most apps; the
  /// category may allow fewer).
  public var maximumDepth: Int
  /// Pan mode ends after this many seconds without input.
  public var panTimeout: Double
  /// Pixels per pan step (per knob detent or nudge).
  public var panStep: Double
  /// Zoom levels per knob detent on the map.
  public var zoomPerDetent: Double
  /// Above this speed (metres per second) the driving limits apply.
  public var drivingSpeed: Double
  /// While driving, lists show at most this many items.
  public var drivingListItemLimit: Int
  /// The language of the words the interface adds itself (the speller's driving message)
  /// and of the built-in app's screens.
  public var text: ScreenText
  /// The map controls the display has room for.
  public var mapControls: MapControlRoom
  /// Whether these are the built-in app's templates: the system's own app, which may show
  /// the shared Now Playing screen whatever its category (a bridge app only as an audio
  /// app). `NavigationApp` sets it; an app's configuration made from the built-in app's
  /// must clear it.
  public var isBuiltIn = false

  public init(
    category: AppCategory = .navigation, maximumDepth: Int = 5, panTimeout: Double = 10,
    panStep: Double = 80,
    zoomPerDetent: Double = 1, drivingSpeed: Double = 8 / 3.6, drivingListItemLimit: Int = 12,
    text: ScreenText = ScreenText(), mapControls: MapControlRoom = MapControlRoom()
  ) {
    self.category = category
    self.maximumDepth = maximumDepth
    self.panTimeout = panTimeout
    self.panStep = panStep
    self.zoomPerDetent = zoomPerDetent
    self.drivingSpeed = drivingSpeed
    self.drivingListItemLimit = drivingListItemLimit
    self.text = text
    self.mapControls = mapControls
  }

  /// The deepest the stack may grow: ``maximumDepth`` or the category's, the smaller.
  public var depthLimit: Int { min(maximumDepth, category.maximumDepth) }

  /// The kinds the app may push: its category's, and Now Playing for the built-in app.
  public var pushKinds: Set<TemplateKind> {
    isBuiltIn ? category.pushKinds.union([.nowPlaying]) : category.pushKinds
  }
}
