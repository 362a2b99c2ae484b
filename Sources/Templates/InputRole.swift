/// The head unit's buttons besides the knob's rotation.
public enum InputRole: Hashable, Sendable {
  /// The knob's press: choose the focused element.
  case select
  /// Back: pop, dismiss, leave pan mode, unfocus the map. Held: home.
  case back
  /// Home: back to the map (pop to root, dismiss, leave pan mode).
  case home
  /// Toggle voice guidance.
  case mute
}
