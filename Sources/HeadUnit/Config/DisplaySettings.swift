import Board
import JSON

/// The `display` section: the framebuffer drawn on, and how; the touch screen over it.
public struct DisplaySettings: ConfigurationSection {
  /// The framebuffer device drawn on.
  public var framebuffer = "/dev/fb0"
  /// `"auto"` (day and night switched at civil twilight from the position and the time),
  /// `"day"` or `"night"`.
  public var theme = "auto"
  /// The most frames per second drawn while the map moves.
  public var frameRate = 5
  /// The touch screen over the display (`touch`, `touchRotation`, `touchFlipX`,
  /// `touchFlipY`).
  public var touch = TouchSettings()
  /// How far over the limit the speed turns red; nil: 5 km/h, or 3 mph with imperial
  /// `units`.
  public var speedWarning: SpeedWarningSetting?
  /// A short tone when the speed turns red (never over a prompt).
  public var speedChime = false

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
      .value(
        "touch", \.touch.device,
        allowed: "`\"auto\"`: the first `/dev/input/event*` with touch axes; `\"off\"`; or a "
          + "device's absolute path (`\"/dev/input/by-id/usb-…-event-if00\"`)",
        read: TouchSettings.device, write: JSONValue.string),
      .value(
        "touchRotation", \.touch.rotation,
        allowed: TouchCalibration.rotations.map { "`\($0)`" }.joined(separator: ", "),
        doc: "degrees clockwise the touch coordinates are turned to match the picture",
        read: TouchSettings.rotation, write: { .number(Double($0)) }),
      .bool("touchFlipX", \.touch.flipX, doc: "mirror the touch panel's x axis (before turning)"),
      .bool("touchFlipY", \.touch.flipY, doc: "mirror the touch panel's y axis (before turning)"),
      .optional(
        "speedWarning", \.speedWarning,
        allowed: "a whole number 0–30 (km/h, or mph with imperial `units`) or a share of the "
          + "limit, `\"0%\"`–`\"50%\"`",
        doc: "how far over the limit the speed turns red",
        none: "none: 5 km/h, or 3 mph with imperial `units`",
        read: SpeedWarningSetting.read, write: \.json),
      .bool("speedChime", \.speedChime, doc: "a short tone when the speed turns red"),
    ]
  }
}
