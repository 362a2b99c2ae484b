import Core

/// What a display with controls of its own reports, in arrival order: a desktop window's
/// keyboard and mouse standing for the knob, the buttons and the touch screen.
public enum DisplayInput: Sendable, Equatable {
  /// A knob, button, ignition or headlights event, as the GPIO inputs would report it.
  case input(InputEvent)
  /// A gesture in screen pixels, as the touch screen would report it.
  case touch(TouchGesture)
  /// The display was closed by its user: the unit should stop.
  case closed
}
