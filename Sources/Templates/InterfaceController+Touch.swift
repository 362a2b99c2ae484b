import Foundation

extension InterfaceController {
  /// The id of the back button a pushed screen shows in its header.
  public static let backElementID = "back"
  /// The id of the Done button the panning screen shows, which leaves pan mode.
  public static let panExitElementID = "pan.exit"

  /// A tap on `element`, an element the screen showed: the same as the knob's press on it.
  ///
  /// An element of the top template's focus order gets the focus, then the press selects
  /// it (a list row, a grid button, a letter of the speller, a tab, an alert's action, a
  /// map or bar button, a trip preview's choice or start). The header's back button is the
  /// back button's press. In pan mode, where the knob pans and nothing is focusable, the
  /// Done button leaves pan mode and a map button shown acts as its press would. Anything
  /// else (an element no longer on screen) does nothing.
  mutating func tap(_ element: String, at now: Date) {
    if mapIsTop, isPanning {
      if element == Self.panExitElementID {
        stopPanning()
      } else if map?.shownMapButton(element) != nil {
        chooseOnMap(element, at: now)
        if isPanning { touchPanning(at: now) }
      }
      return
    }
    guard let top = topTemplate else { return }
    if top.focusOrder.contains(element) {
      setFocus(element)
      select(at: now)
    } else if element == Self.backElementID {
      back()
    }
  }

  /// A finger dragged the map by `offset`: the view moves the other way, so the ground
  /// under the finger stays under it, and stops following the vehicle. Only while the map
  /// is on top; in pan mode it counts as input, so pan mode stays.
  mutating func drag(_ offset: ScreenOffset, at now: Date) {
    guard mapIsTop, var m = map, offset != .zero, offset.dx.isFinite, offset.dy.isFinite else {
      return
    }
    let moved = ScreenOffset(dx: -offset.dx, dy: -offset.dy)
    m.viewport.offset = m.viewport.offset + moved
    m.viewport.isFollowing = false
    stack[0] = .map(m)
    outbox.append(.panned(PanDirection(moved), offset: moved))
    outbox.append(.cameraChanged(m.viewport))
    render(.viewport)
    if m.isPanning { touchPanning(at: now) }
  }

  /// Two fingers zoomed the map by `levels`. Only while the map is on top.
  mutating func pinch(_ levels: Double, at now: Date) {
    guard mapIsTop, levels.isFinite, levels != 0 else { return }
    zoom(by: levels)
    if isPanning { touchPanning(at: now) }
  }
}
