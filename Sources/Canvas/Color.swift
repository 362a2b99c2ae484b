/// A colour with straight (not premultiplied) alpha, each channel 0…1.
public struct Color: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from `0xRRGGBB`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
      blue: Double(hex & 0xff) / 255, alpha: alpha)
  }

  /// The same colour with alpha `alpha`.
  public func opacity(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  public static let white = Color(hex: 0xffffff)
  public static let black = Color(hex: 0x000000)
  public static let clear = Color(hex: 0x000000, alpha: 0)
}
