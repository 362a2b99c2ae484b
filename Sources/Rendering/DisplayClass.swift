import Templates

/// A kind of display the screens are laid out for, with its own design rules.
///
/// - `small`: 3.5" and 2.8" panels (480×320, 320×240). The design sizes shrink (down to
///   0.6 of 800×480's), never under ``minimums``; three map buttons, the status chip
///   shows the GPS dot and the clock, the estimates drop the distance when they have no
///   room for it, and the navigation-bar buttons sit along the bottom beside the
///   estimates, 44 px tall.
/// - `standard`: 800×480 and its larger kin (1024×600, 1280×720): the 800×480 design
///   scaled up, cards over a full-screen map.
/// - `bar`: wide bar displays (aspect ≥ 2.5: 1280×400, 1920×720): the card on the left,
///   the estimates on the right beside the map buttons, the map and the vehicle in the
///   middle.
/// - `portrait`: 768×1024: the card stacked above the map.
public enum DisplayClass: String, CaseIterable, Hashable, Sendable {
  case small, standard, bar, portrait

  /// The smallest sizes this class draws, pixels, whatever the scale: each is readable
  /// (or, for buttons, hit) at arm's length on the physical displays of the class.
  public var minimums: ReadableSizes {
    switch self {
    // A 3.5" 480×320 panel is about 165 dpi: 28 px type is 4.3 mm, a 44 px button 6.8 mm.
    case .small: ReadableSizes(symbol: 56, distance: 28, road: 18, button: 44)
    case .standard, .portrait: ReadableSizes(symbol: 96, distance: 44, road: 28, button: 56)
    // An 8.8" 1280×400 bar is about 150 dpi: 40 px is 6.8 mm, as 44 px on a 7" 800×480.
    case .bar: ReadableSizes(symbol: 80, distance: 40, road: 24, button: 48)
    }
  }

  /// The multiplier on the 800×480 design sizes at `size` for this class.
  func scale(for size: ScreenSize) -> Double {
    let w = Double(size.width)
    let h = Double(size.height)
    switch self {
    case .small: return min(1, max(0.6, min(w / 800, h / 480)))
    case .standard: return max(1, min(w / 800, h / 480))
    // The card, the estimates and the buttons side by side take about 760 design pixels.
    case .bar: return max(0.8, min(h / 480, w / 760))
    case .portrait: return max(1, w / 640)
    }
  }

  /// How many round map buttons the class shows.
  public var mapButtonCount: Int { self == .small ? 3 : 4 }
}

/// The smallest sizes of the parts read or touched while driving, pixels.
public struct ReadableSizes: Hashable, Sendable {
  /// The maneuver symbol's side.
  public var symbol: Double
  /// The distance to the maneuver, type size.
  public var distance: Double
  /// The road name, type size.
  public var road: Double
  /// A button's (touch target's) smaller side.
  public var button: Double

  public init(symbol: Double, distance: Double, road: Double, button: Double) {
    self.symbol = symbol
    self.distance = distance
    self.road = road
    self.button = button
  }
}
