import Foundation

/// Everything the interface controller reacts to: app requests (each with a request id
/// whose completion comes back exactly once), driver input, timers and vehicle state.
public enum UIEvent: Hashable, Sendable {
  // App requests.
  /// Replaces the whole stack with `template` (a map or a tab bar); dismisses nothing.
  case setRoot(RequestID, Template)
  /// Pushes a list, grid, search, information or point-of-interest template.
  case push(RequestID, Template)
  case pop(RequestID)
  case popToRoot(RequestID)
  /// Pops to the template with this id, which must be in the stack.
  case popTo(RequestID, templateID: String)
  /// Presents an alert or action sheet over everything; one at a time.
  case present(RequestID, Template)
  /// Dismisses the presented template; with nothing presented, does nothing and succeeds.
  case dismiss(RequestID)
  /// Replaces a template in the stack (same id, same kind) after checking its limits, e.g.
  /// new list sections. Keeps the focus when the focused element still exists.
  case update(RequestID, Template)
  /// Replaces the map's buttons (more than 4 map buttons: the first 4 shown; more than 2
  /// bar buttons a side: error).
  case setMapButtons(
    RequestID, mapButtons: [MapButton], leading: [BarButton], trailing: [BarButton])
  case showTripPreviews(RequestID, TripPreview)
  case hideTripPreviews(RequestID)
  /// Shows a navigation alert on the map; fails when one is visible.
  case presentNavigationAlert(RequestID, NavigationAlert)
  /// Takes the navigation alert down (not before its minimum time; the completion comes
  /// when it is down). With no alert shown, does nothing and succeeds.
  case dismissNavigationAlert(RequestID)
  /// Shows (true) or dismisses (false) the panning interface.
  case setPanning(RequestID, Bool)

  // Driver input.
  /// The knob turned by this many detents (positive: clockwise).
  case encoder(Int)
  /// A button was pressed; `long` for a long press.
  case press(InputRole, long: Bool)
  /// A direction nudge (a knob that tilts): one pan step.
  case nudge(PanDirection)
  /// A tap on element `elementID` of the screen: what the knob's press on it does (see
  /// `InterfaceController.tap`).
  case tap(String)
  /// A finger dragged the map by this offset (x right, y down): the map follows the finger.
  case drag(ScreenOffset)
  /// Two fingers zoomed the map by this many levels (positive: in).
  case zoom(Double)

  // Answers, timers, vehicle.
  /// The app finished handling the choice of list item `itemID`.
  case itemHandled(String)
  case timer(TimerID)
  /// The vehicle's speed, metres per second.
  case vehicleSpeed(Double)

  /// The request id, for app requests.
  public var requestID: RequestID? {
    switch self {
    case .setRoot(let id, _), .push(let id, _), .pop(let id), .popToRoot(let id),
      .popTo(let id, _), .present(let id, _), .dismiss(let id), .update(let id, _),
      .setMapButtons(let id, _, _, _), .showTripPreviews(let id, _), .hideTripPreviews(let id),
      .presentNavigationAlert(let id, _), .dismissNavigationAlert(let id),
      .setPanning(let id, _):
      id
    case .encoder, .press, .nudge, .tap, .drag, .zoom, .itemHandled, .timer, .vehicleSpeed:
      nil
    }
  }
}
