import Canvas
import Templates

/// The shared measures of the template screens at one size: the 800×480 design sizes
/// times `scale` (the navigation screen's, by the same display class: below 1 only on
/// small screens, 0.75 there, where list titles are fitted down to 18 px, not 24), and
/// where the tab bar and the content go.
public struct TemplateLayout: Hashable, Sendable {
  public let size: ScreenSize
  public let scale: Double
  public let isPortrait: Bool
  public let screen: ScreenRect
  /// The display class whose rules this layout follows.
  public let displayClass: DisplayClass

  public init(size: ScreenSize) {
    self.size = size
    let w = Double(size.width)
    let h = Double(size.height)
    // The same rule as the navigation screen, so both kinds of screen match in size.
    let navigation = NavigationLayout(size: size)
    isPortrait = navigation.isPortrait
    // Small screens: no less than 0.75, where the speller's keys and list rows stay 40 px
    // touch targets.
    scale = navigation.displayClass == .small ? max(0.75, navigation.scale) : navigation.scale
    displayClass = navigation.displayClass
    screen = ScreenRect(x: 0, y: 0, width: w, height: h)
  }

  /// `v` design pixels at this size, whole.
  func px(_ v: Double) -> Double { (v * scale).rounded() }

  var margin: Double { px(12) }
  /// The title row: room for a back button 40 px tall (a touch target) at least.
  var headerHeight: Double { max(px(60), 40 + px(16)) }

  /// The tab bar: down the left edge on landscape screens, along the bottom on portrait.
  var tabBar: ScreenRect {
    isPortrait
      ? ScreenRect(x: 0, y: screen.height - px(96), width: screen.width, height: px(96))
      : ScreenRect(x: 0, y: 0, width: px(112), height: screen.height)
  }

  /// What the content may use, beside or above the tab bar when there is one.
  func contentArea(hasTabBar: Bool) -> ScreenRect {
    guard hasTabBar else { return screen }
    let bar = tabBar
    return isPortrait
      ? ScreenRect(x: 0, y: 0, width: screen.width, height: bar.minY)
      : ScreenRect(x: bar.maxX, y: 0, width: screen.width - bar.maxX, height: screen.height)
  }
}
