/// The `display` section: the framebuffer drawn on, and how; the touch screen over it.
public struct DisplaySettings: ConfigurationSection {
  /// The framebuffer device drawn on.
  public var framebuffer = "/dev/fb0"
  /// `"day"` or `"night"`.
  public var theme = "day"
  /// The most frames per second drawn while the map moves.
  public var frameRate = 5
  /// The touch screen over the display.
  public var touch = TouchSettings()

  /// Every setting at its default.
  public init() {}

  static let name = "display"

  static var keys: [ConfigurationKey<Self>] {
    [
      .text("framebuffer", \.framebuffer, allowed: "a framebuffer device, not empty"),
      .choice("theme", \.theme, ["day", "night"]),
      .integer(
        "frameRate", \.frameRate, in: 1...30, unit: "fps",
        doc: "the most frames per second drawn while the map moves"),
      .section(\.touch),
    ]
  }
}
