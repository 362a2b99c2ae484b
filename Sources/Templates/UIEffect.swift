import Foundation
import Navigation

/// What the interface controller asks its owner to do. Data only; the owner carries them
/// out in order.
public enum UIEffect: Sendable, Equatable {
  /// The request with this id finished. Emitted exactly once per request, on every path
  /// (for a held-back navigation alert dismissal, when the alert goes down).
  case completion(RequestID, Result<Void, TemplateError>)
  /// The driver chose element `elementID` of template `templateID` (a list item, grid
  /// button, action, map or bar button, point, search result, tab).
  case selected(templateID: String, elementID: String)
  /// Redraw this part of the screen.
  case render(RenderArea)
  /// The map moved in `direction` by `offset` pixels: one pan step (knob, nudge) or a
  /// finger's drag.
  case panned(PanDirection, offset: ScreenOffset)
  /// Pan mode began (true) or ended (false).
  case panningChanged(Bool)
  /// The viewport (pan offset, zoom, following) is now this.
  case cameraChanged(MapViewport)
  /// Voice guidance is now muted (true) or on (false).
  case muteToggled(Bool)
  /// A navigation alert went away, and why.
  case navigationAlertDismissed(alertID: String, NavigationAlert.DismissalContext)
  /// The driver chose a trip-preview route choice.
  case previewSelected(tripID: String, choiceIndex: Int)
  /// The driver pressed start on the preview.
  case tripStarted(tripID: String, choiceIndex: Int)
  /// The presented template was dismissed by the driver (back or home).
  case dismissedByUser(templateID: String)
  /// The driver typed on the speller of search template `templateID`; `text` is what it
  /// holds now (CarPlay's `updatedSearchText`). The app answers with the template's
  /// `appResults` and `allowedLetters`.
  case searchTextChanged(templateID: String, text: String)
  /// Driving limits came on (true) or went off (false).
  case drivingLimitsChanged(Bool)
  /// The driver scrubbed Now Playing's progress bar with the knob to `seconds` (the
  /// template shows it already; the app seeks).
  case nowPlayingSeek(templateID: String, seconds: Double)
  /// The driver chose message item `itemID` of list `templateID`, of conversation
  /// `conversationID`: the unit answers it (the row has no handler and does not load).
  case messageSelected(templateID: String, itemID: String, conversationID: String)
  /// Deliver `UIEvent.timer(id)` at the instant, replacing any earlier one with this id;
  /// or forget the timer with this id.
  case timer(TimerChange<TimerID>)

  public static func == (a: UIEffect, b: UIEffect) -> Bool {
    switch (a, b) {
    case (.completion(let i, let r), .completion(let j, let s)):
      switch (r, s) {
      case (.success, .success): i == j
      case (.failure(let e), .failure(let f)): i == j && e == f
      default: false
      }
    case (.selected(let t, let e), .selected(let u, let f)): t == u && e == f
    case (.render(let x), .render(let y)): x == y
    case (.panned(let d, let o), .panned(let e, let p)): d == e && o == p
    case (.panningChanged(let x), .panningChanged(let y)): x == y
    case (.cameraChanged(let x), .cameraChanged(let y)): x == y
    case (.muteToggled(let x), .muteToggled(let y)): x == y
    case (.navigationAlertDismissed(let i, let c), .navigationAlertDismissed(let j, let d)):
      i == j && c == d
    case (.previewSelected(let t, let c), .previewSelected(let u, let d)): t == u && c == d
    case (.tripStarted(let t, let c), .tripStarted(let u, let d)): t == u && c == d
    case (.dismissedByUser(let x), .dismissedByUser(let y)): x == y
    case (.drivingLimitsChanged(let x), .drivingLimitsChanged(let y)): x == y
    case (.searchTextChanged(let t, let x), .searchTextChanged(let u, let y)): t == u && x == y
    case (.timer(let x), .timer(let y)): x == y
    case (.nowPlayingSeek(let t, let x), .nowPlayingSeek(let u, let y)): t == u && x == y
    case (.messageSelected(let t, let i, let c), .messageSelected(let u, let j, let d)):
      t == u && i == j && c == d
    default: false
    }
  }
}

extension UIEffect: TimerEffect {
  public var timerChange: TimerChange<TimerID>? {
    if case .timer(let change) = self { change } else { nil }
  }
}

extension UIEvent: TimerEvent {}

/// The interface controller is one of the program's machines (`StateMachine`).
extension InterfaceController: StateMachine {}
