import Board
import JSON

/// The touch screen over the display (the `display.touch…` keys): which device is read,
/// and how it lies on the picture.
public struct TouchSettings: Sendable, Equatable {
  /// ``automatic``, ``off``, or the device node to read.
  public var device = TouchSettings.automatic
  /// Degrees clockwise the touch coordinates are turned to match the picture.
  public var rotation = 0
  /// Mirror the panel's x axis, before turning.
  public var flipX = false
  /// Mirror the panel's y axis, before turning.
  public var flipY = false

  /// The device value that reads the first touch screen found.
  public static let automatic = "auto"
  /// The device value that reads none.
  public static let off = "off"

  /// Every setting at its default.
  public init() {}

  /// Whether a touch screen is read at all.
  public var isEnabled: Bool { device != Self.off }

  /// How touches map onto the picture.
  public var calibration: TouchCalibration {
    TouchCalibration(rotation: rotation, flipX: flipX, flipY: flipY)
  }

  /// `"auto"`, `"off"` or an absolute path, from `node`.
  static func device(_ node: JSONNode) throws(JSONError) -> String {
    let text = try node.nonEmptyString()
    guard text == automatic || text == off || text.hasPrefix("/") else {
      throw node.error(
        "expected \"auto\", \"off\" or the absolute path of an input device, got "
          + JSONNode.quoted(text))
    }
    return text
  }

  /// A quarter turn in degrees, from `node`.
  static func rotation(_ node: JSONNode) throws(JSONError) -> Int {
    let degrees = try node.integer(in: Int(Int32.min)...Int(Int32.max))
    guard TouchCalibration.rotations.contains(degrees) else {
      throw node.error("expected 0, 90, 180 or 270, got \(degrees)")
    }
    return degrees
  }
}
