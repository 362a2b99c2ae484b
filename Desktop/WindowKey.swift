/// The keys a desktop window reads, whatever the keyboard's layout calls them.
public enum WindowKey: Sendable, Equatable {
  case right, left, down, up
  case enter, space
  case backspace, escape
  case home
  /// M: mute.
  case mute
  /// I: ignition.
  case ignition
  /// L: headlights.
  case headlights
  /// + and -: zoom, as a pinch.
  case zoomIn, zoomOut
}
