/// The head unit's buttons besides the knob's rotation.
///
/// The raw value is the role's name in the board configuration (`"role": "select"`).
public enum InputRole: String, Hashable, Sendable, CaseIterable {
  /// The knob's press: choose the focused element.
  case select
  /// Back: pop, dismiss, leave pan mode, unfocus the map. Held: home.
  case back
  /// Home: back to the map (pop to root, dismiss, leave pan mode).
  case home
  /// Toggle voice guidance.
  case mute
}
