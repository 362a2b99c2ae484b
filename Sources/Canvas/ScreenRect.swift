/// A point on the screen, pixels from the top-left corner.
public struct ScreenPoint: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// An axis-aligned rectangle on the screen, in pixels from the top-left corner.
public struct ScreenRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = ScreenRect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether the two rectangles share any area (touching edges do not count).
  public func intersects(_ other: ScreenRect) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }

  /// Whether `other` lies wholly inside this rectangle.
  public func contains(_ other: ScreenRect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The rectangle grown by `d` on every side (shrunk for negative `d`).
  public func insetBy(_ d: Double) -> ScreenRect {
    ScreenRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
  }

  /// The smallest rectangle holding both (an empty one does not count).
  public func union(_ other: ScreenRect) -> ScreenRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return ScreenRect(
      x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The rectangle grown outwards to whole pixels.
  public var integral: ScreenRect {
    let x0 = minX.rounded(.down)
    let y0 = minY.rounded(.down)
    return ScreenRect(
      x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
  }

  public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
