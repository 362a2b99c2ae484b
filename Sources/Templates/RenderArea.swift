/// What changed on screen, so the renderer redraws only that.
public enum RenderArea: Hashable, Sendable {
  /// The template stack or the root changed.
  case stack
  /// A template was presented or dismissed.
  case presentation
  /// The knob's focus moved.
  case focus
  /// The content of one template changed (list loading state, speller text, limits, map
  /// buttons, trip preview, navigation alert, pan mode).
  case template(String)
  /// The map's viewport (pan offset or zoom) changed.
  case viewport
}
