/// The way the map is nudged while panning: bit flags as CarPlay's `CPPanDirection`
/// (none 0, left 1, right 2, up 4, down 8); two flags make a diagonal.
public struct PanDirection: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let left = PanDirection(rawValue: 1)
  public static let right = PanDirection(rawValue: 2)
  public static let up = PanDirection(rawValue: 4)
  public static let down = PanDirection(rawValue: 8)

  /// The flags of the way `offset` goes (none for zero): a drag's direction.
  public init(_ offset: ScreenOffset) {
    var flags: PanDirection = []
    if offset.dx < 0 { flags.insert(.left) }
    if offset.dx > 0 { flags.insert(.right) }
    if offset.dy < 0 { flags.insert(.up) }
    if offset.dy > 0 { flags.insert(.down) }
    self = flags
  }

  /// The screen offset one step of `step` pixels in this direction moves the view by:
  /// x to the right, y down; a diagonal is scaled by √½ so every step is `step` long.
  /// Opposite flags cancel.
  public func offset(step: Double) -> ScreenOffset {
    var dx = 0.0
    var dy = 0.0
    if contains(.left) { dx -= 1 }
    if contains(.right) { dx += 1 }
    if contains(.up) { dy -= 1 }
    if contains(.down) { dy += 1 }
    let scale = dx != 0 && dy != 0 ? step * (0.5).squareRoot() : step
    return ScreenOffset(dx: dx * scale, dy: dy * scale)
  }
}
