import Canvas
import Templates

/// The shared measures of the template screens at one size: the 800×480 design sizes
/// times `scale` (never below 1, so list titles stay ≥ 24 px), and where the tab bar and
/// the content go.
public struct TemplateLayout: Hashable, Sendable {
  public let size: ScreenSize
  public let scale: Double
  public let isPortrait: Bool
  public let screen: ScreenRect

  public init(size: ScreenSize) {
    self.size = size
    let w = Double(size.width)
    let h = Double(size.height)
    isPortrait = h > w
    // The same rule as the navigation screen, so both kinds of screen match in size.
    scale = isPortrait ? max(1, w / 640) : max(1, min(w / 800, h / 480))
    screen = ScreenRect(x: 0, y: 0, width: w, height: h)
  }

  /// `v` design pixels at this size, whole.
  func px(_ v: Double) -> Double { (v * scale).rounded() }

  var margin: Double { px(12) }
  var headerHeight: Double { px(60) }

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
