import Canvas

extension FocusTarget {
  /// The target a touch at `point` is meant for, among one frame's `targets`: the first
  /// (in reading order) whose rectangle holds the point; else, for a finger that lands just
  /// beside a small control, the nearest whose rectangle is within `slack` pixels; else nil
  /// (the touch hit the map, a title, empty space).
  public static func hit(
    _ point: ScreenPoint, in targets: [FocusTarget], slack: Double = 8
  ) -> FocusTarget? {
    if let inside = targets.first(where: { $0.rect.covers(point) }) { return inside }
    var best: (target: FocusTarget, distance: Double)?
    for target in targets {
      let distance = target.rect.distance(to: point)
      if distance <= slack, distance < (best?.distance ?? .infinity) {
        best = (target, distance)
      }
    }
    return best?.target
  }
}

extension ScreenRect {
  /// Whether `point` is inside: left and top edges in, right and bottom edges out, as
  /// pixels are.
  func covers(_ point: ScreenPoint) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// How far `point` is from the rectangle; 0 inside.
  func distance(to point: ScreenPoint) -> Double {
    let dx = max(minX - point.x, 0, point.x - maxX)
    let dy = max(minY - point.y, 0, point.y - maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}
