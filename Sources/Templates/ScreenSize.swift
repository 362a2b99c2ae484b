/// A screen size in pixels.
public struct ScreenSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The 7" head unit panel.
  public static let standard = ScreenSize(width: 800, height: 480)
  /// CarPlay's smallest map area.
  public static let compact = ScreenSize(width: 748, height: 456)
  /// A portrait tablet: the card stacks above the map.
  public static let portrait = ScreenSize(width: 768, height: 1024)
  /// A wide dashboard display.
  public static let wide = ScreenSize(width: 1920, height: 720)
  public static let all: [ScreenSize] = [.standard, .compact, .portrait, .wide]

  /// The widths and heights screens are laid out for; a display outside them is drawn at
  /// the nearest size inside (`drawable`) and shown centred or cropped.
  public static let sides = 200...4096

  /// This size held to ``sides`` in each direction.
  public var drawable: ScreenSize {
    ScreenSize(
      width: min(max(width, Self.sides.lowerBound), Self.sides.upperBound),
      height: min(max(height, Self.sides.lowerBound), Self.sides.upperBound))
  }

  /// Parses "800x480" (or "800×480").
  public init?(_ text: String) {
    let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
      Self.sides.contains(w), Self.sides.contains(h)
    else { return nil }
    self.init(width: w, height: h)
  }

  public var description: String { "\(width)x\(height)" }
}
