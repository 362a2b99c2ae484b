import Templates

/// What a button did.
public enum ButtonAction: String, Sendable, Equatable {
  case press
  /// Held for the long-press time; reported while still held.
  case longPress
  case release
}

/// A decoded input: what the core and the bench monitor see. `at` is when it happened on
/// the kernel's `CLOCK_MONOTONIC` (the edge's or the touch's timestamp).
public enum InputEvent: Sendable, Equatable {
  /// The knob turned by `detents` (positive clockwise, after the configured direction).
  case rotated(detents: Int, at: Duration)
  /// A button with its configured role.
  case button(role: InputRole, action: ButtonAction, at: Duration)
  /// The ignition (ACC) line, after its debounce: a cranking dip does not count.
  case ignition(on: Bool, at: Duration)
  /// The headlights line, after its debounce: the screen's night theme while on.
  case headlights(on: Bool, at: Duration)
  /// A tap on the screen element with this focus id (the renderer's), found under the
  /// finger: it does what the knob's press on that element does.
  case tap(elementID: String, at: Duration)
  /// A finger dragged the screen by this many pixels (x right, y down).
  case drag(ScreenOffset, at: Duration)
  /// Two fingers spread (> 1) or closed (< 1) by this factor.
  case pinch(scale: Double, at: Duration)

  /// When it happened, on the kernel's `CLOCK_MONOTONIC`.
  public var time: Duration {
    switch self {
    case .rotated(_, let at), .button(_, _, let at), .ignition(_, let at),
      .headlights(_, let at), .tap(_, let at),
      .drag(_, let at), .pinch(_, let at):
      at
    }
  }
}
