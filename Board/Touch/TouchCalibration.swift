import Templates

/// How a touch panel's axes map onto the screen: its axis ranges scaled to the screen's
/// size, after an optional flip of either axis and a turn, for a panel mounted otherwise
/// than the picture (the official 7" display upside down in its case, a USB panel glued on
/// sideways).
///
/// Order: the device's coordinates are normalised over its ranges, flipped (in the panel's
/// own axes), then turned ``rotation`` degrees clockwise, then scaled to the screen. A
/// device value `v` in `min…max` covers the cell `[v, v + 1)` of `max − min + 1`, and a
/// touch is placed at its centre, so the whole range lands inside the screen whichever
/// way it is flipped or turned; values outside the range land outside the screen.
public struct TouchCalibration: Sendable, Equatable {
  /// Degrees clockwise the touch coordinates are turned to match the picture: 0, 90, 180
  /// or 270.
  public var rotation: Int
  /// Mirror the panel's x axis (left ↔ right), before turning.
  public var flipX: Bool
  /// Mirror the panel's y axis (top ↔ bottom), before turning.
  public var flipY: Bool

  /// The turns a panel can be mounted at.
  public static let rotations = [0, 90, 180, 270]

  /// - Precondition: `rotation` is one of ``rotations`` (the configuration checks it).
  public init(rotation: Int = 0, flipX: Bool = false, flipY: Bool = false) {
    precondition(Self.rotations.contains(rotation), "rotation \(rotation) is not a quarter turn")
    self.rotation = rotation
    self.flipX = flipX
    self.flipY = flipY
  }

  /// Where device coordinates (`x`, `y`) of `device` fall on a `screen`-sized picture.
  public func point(x: Int32, y: Int32, device: TouchDevice, screen: ScreenSize) -> TouchPoint {
    var u = Self.normalised(x, device.x)
    var v = Self.normalised(y, device.y)
    if flipX { u = 1 - u }
    if flipY { v = 1 - v }
    switch rotation {
    case 90: (u, v) = (1 - v, u)
    case 180: (u, v) = (1 - u, 1 - v)
    case 270: (u, v) = (v, 1 - u)
    default: break
    }
    return TouchPoint(x: u * Double(screen.width), y: v * Double(screen.height))
  }

  /// `value`'s cell centre as a share of `range` (0…1 inside it).
  static func normalised(_ value: Int32, _ range: ClosedRange<Int32>) -> Double {
    let cells = Double(range.upperBound) - Double(range.lowerBound) + 1
    return (Double(value) - Double(range.lowerBound) + 0.5) / cells
  }
}
