/// A point on the screen in pixels: x to the right, y down, (0, 0) the top-left corner of
/// the top-left pixel. Fractional: a touch lands between pixel centres.
public struct TouchPoint: Sendable, Hashable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The straight-line distance to `other`, pixels.
  public func distance(to other: TouchPoint) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// `(412, 96)`: the pixel it lands in.
  public var description: String {
    "(\(Int(x.rounded(.down))), \(Int(y.rounded(.down))))"
  }
}
