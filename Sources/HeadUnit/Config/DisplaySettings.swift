/// The `display` section: the framebuffer drawn on, and how.
public struct DisplaySettings: ConfigurationSection {
  /// The framebuffer device drawn on.
  public var framebuffer = "/dev/fb0"
  /// `"auto"` (day and night switched at civil twilight from the position and the time),
  /// `"day"` or `"night"`.
  public var theme = "auto"
  /// The most frames per second drawn while the map moves.
  public var frameRate = 5

  /// Every setting at its default.
  public init() {}

  static let name = "display"

  static var keys: [ConfigurationKey<Self>] {
    [
      .text("framebuffer", \.framebuffer, allowed: "a framebuffer device, not empty"),
      .choice("theme", \.theme, ["auto", "day", "night"]),
      .integer(
        "frameRate", \.frameRate, in: 1...30, unit: "fps",
        doc: "the most frames per second drawn while the map moves"),
    ]
  }
}
