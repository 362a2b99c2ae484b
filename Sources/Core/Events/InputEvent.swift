import Templates

/// What a button did.
public enum ButtonAction: String, Sendable, Equatable {
  case press
  /// Held for the long-press time; reported while still held.
  case longPress
  case release
}

/// A decoded input: what the core and the bench monitor see.
public enum InputEvent: Sendable, Equatable {
  /// The knob turned by `detents` (positive clockwise, after the configured direction).
  case rotated(detents: Int, at: Duration)
  /// A button with its configured role.
  case button(role: InputRole, action: ButtonAction, at: Duration)
  /// The ignition (ACC) line, after its debounce: a cranking dip does not count.
  case ignition(on: Bool, at: Duration)
}
