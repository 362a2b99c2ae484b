/// A distance on the screen in pixels: x to the right, y down.
public struct ScreenOffset: Hashable, Sendable {
  public var dx: Double
  public var dy: Double

  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  public static let zero = ScreenOffset(dx: 0, dy: 0)

  public static func + (a: ScreenOffset, b: ScreenOffset) -> ScreenOffset {
    ScreenOffset(dx: a.dx + b.dx, dy: a.dy + b.dy)
  }
}
