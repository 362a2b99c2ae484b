import Templates

/// What a finger (or two) did on the screen, in screen pixels, stamped with the time of the
/// device frame that completed it.
public enum TouchGesture: Sendable, Equatable {
  /// One finger down and up again without moving: at the point it went down.
  case tap(TouchPoint, at: Duration)
  /// One finger moved by this much since the last drag (x right, y down).
  case drag(ScreenOffset, at: Duration)
  /// Two fingers spread (scale > 1) or closed (< 1) by this factor since the last pinch.
  case pinch(scale: Double, at: Duration)
  /// A finger touched or moved outside the screen: the touch is ignored until every
  /// finger is up. Once per touch.
  case outside(TouchPoint, at: Duration)

  /// When it happened, on the device's clock.
  public var time: Duration {
    switch self {
    case .tap(_, let at), .drag(_, let at), .pinch(_, let at), .outside(_, let at): at
    }
  }
}
