import Board
import JSON

/// The `display.touch` section: which touch screen is read, and how it lies on the picture.
public struct TouchSettings: ConfigurationSection {
  /// Whether a touch screen is read at all.
  public var enabled = true
  /// ``automatic``, or the device node to read.
  public var device = TouchSettings.automatic
  /// Degrees clockwise the touch coordinates are turned to match the picture.
  public var rotation = 0
  /// Mirror the panel's x axis, before turning.
  public var flipX = false
  /// Mirror the panel's y axis, before turning.
  public var flipY = false

  /// The device value that reads the first touch screen found.
  public static let automatic = "auto"

  /// Every setting at its default.
  public init() {}

  static let name = "touch"

  static var keys: [ConfigurationKey<Self>] {
    [
      .sectionSwitch("enabled", \.enabled),
      .value(
        "device", \.device,
        allowed: "`\"auto\"`: the first `/dev/input/event*` with touch axes; or a device's "
          + "absolute path (`\"/dev/input/by-id/usb-…-event-if00\"`)",
        read: { node throws(JSONError) in
          let text = try node.nonEmptyString()
          guard text == automatic || text.hasPrefix("/") else {
            throw node.error(
              "expected \"auto\" or an absolute path of an input device, got \(JSONNode.quoted(text))"
            )
          }
          return text
        },
        write: JSONValue.string),
      .value(
        "rotation", \.rotation,
        allowed: TouchCalibration.rotations.map { "`\($0)`" }.joined(separator: ", "),
        doc: "degrees clockwise the touch coordinates are turned to match the picture",
        read: { node throws(JSONError) in
          let degrees = try node.integer(in: Int(Int32.min)...Int(Int32.max))
          guard TouchCalibration.rotations.contains(degrees) else {
            throw node.error("expected 0, 90, 180 or 270, got \(degrees)")
          }
          return degrees
        },
        write: { .number(Double($0)) }),
      .bool("flipX", \.flipX, doc: "mirror the panel's x axis (before turning)"),
      .bool("flipY", \.flipY, doc: "mirror the panel's y axis (before turning)"),
    ]
  }

  /// How touches map onto the picture.
  public var calibration: TouchCalibration {
    TouchCalibration(rotation: rotation, flipX: flipX, flipY: flipY)
  }
}
