import Foundation
import Navigation
import Templates

// Incoming messages of communication apps (`showMessageAlert`), as navigation alerts over
// the built-in map. The rule, CarPlay's for notifications during guidance: a message never
// shows while a maneuver is near — from the next maneuver's early prompt through its final
// approach (the session's `prepare` and `execute` states). It waits and shows after the
// maneuver; one on screen when a maneuver comes near steps back and returns after it. It
// also waits while the map is not free (another alert, a preview, panning, a list, a bridge
// app on screen), and steps back for the built-in app's own alerts (arrival, notices).

extension HeadUnitCore {
  /// The unit's own button on a message alert with no buttons of the app's.
  public static let closeMessageID = "unit.close"
  /// The most characters of a message's text the alert shows.
  static let messageScreenLimit = 200

  /// A communication app announces an incoming message: it waits its turn (at most
  /// `BridgeState.maximumHeldMessages` wait; one more drops the oldest, whose app hears
  /// `alertDismissed` with `systemDismissed`). The same id again replaces a waiting one.
  mutating func messageAlert(
    _ alert: MessageAlert, id: BridgeRequestID?, from client: BridgeClientID, at now: Date
  ) {
    let category = bridge.clients[client]?.category ?? .navigation
    guard category == .communication else {
      let error = BridgeError(
        code: BridgeError.Code.invalidRequest,
        message: "\(category.appPhrase) has no message alerts: only communication apps "
          + "announce messages")
      effects.append(.bridge(.send(client, .error(id, error))))
      return
    }
    bridge.messages.removeAll { $0.client == client && $0.alert.id == alert.id }
    bridge.messages.append(BridgeState.HeldMessage(client: client, alert: alert))
    if bridge.messages.count > BridgeState.maximumHeldMessages {
      let dropped = bridge.messages.removeFirst()
      tell(dropped, .alertDismissed(alertID: dropped.alert.id, context: "systemDismissed"))
    }
    effects.append(.bridge(.send(client, .reply(id))))
  }

  /// Whether the built-in guidance's next maneuver is near: within its early prompt's
  /// distance, or in its final approach.
  public var isManeuverNear: Bool {
    guard app.phase.isNavigating, let state = guidance?.latest?.maneuverState else {
      return false
    }
    return state == .prepare || state == .execute
  }

  /// Whether a message may show: the unit is live, the built-in map is all there is on
  /// screen, with no alert, preview or panning on it.
  var isMapFreeForMessages: Bool {
    let controller = app.controller
    guard screen == .live, bridge.screen == nil, controller.mapIsTop, let map = controller.map
    else { return false }
    return map.navigationAlert == nil && map.tripPreview == nil && !map.isPanning
  }

  /// After every event: a message on screen steps back when a maneuver is near; else the
  /// oldest waiting one shows when it may.
  mutating func settleMessages(at now: Date) {
    if let shown = bridge.shownMessage {
      guard isManeuverNear else { return }
      bridge.shownMessage = nil
      bridge.messages.insert(shown, at: 0)
      app(.withdrawForeignAlert, at: now)
      return
    }
    guard !bridge.messages.isEmpty, !isManeuverNear, isMapFreeForMessages else { return }
    let next = bridge.messages.removeFirst()
    bridge.shownMessage = next
    app(.showForeignAlert(navigationAlert(for: next)), at: now)
    if app.controller.map?.navigationAlert?.id != next.alertID {
      bridge.shownMessage = nil
      effects.append(.log(.warning, "bridge: message \"\(next.alert.id)\" could not be shown"))
    }
  }

  /// The message's navigation alert: "Message from Anna" (or just the sender where that is
  /// too long), its text, the app's buttons or the unit's Close.
  func navigationAlert(for held: BridgeState.HeldMessage) -> NavigationAlert {
    let text = app.text
    let alert = held.alert
    let shown = String(alert.text.prefix(Self.messageScreenLimit))
    let actions =
      alert.actions.isEmpty
      ? [TemplateAction(id: Self.closeMessageID, title: text[.close])] : alert.actions
    return NavigationAlert(
      id: held.alertID, titleVariants: text.variants(.messageFrom, ["sender": alert.sender]),
      subtitleVariants: shown.isEmpty ? [] : [shown], primaryAction: actions[0],
      secondaryAction: actions.count > 1 ? actions[1] : nil, duration: alert.duration)
  }

  /// An effect of the built-in app's controller about the message on screen: a button
  /// becomes `buttonPressed` for its app, the alert's end `alertDismissed` — or, taken down
  /// to make room (`systemDismissed`), the message waits again at the head of the line.
  /// Returns false for every other effect.
  mutating func messageReacted(to effect: UIEffect) -> Bool {
    guard let shown = bridge.shownMessage else { return false }
    switch effect {
    case .selected(let templateID, let elementID) where templateID == shown.alertID:
      if elementID != Self.closeMessageID {
        tell(shown, .buttonPressed(templateID: shown.alert.id, buttonID: elementID))
      }
    case .navigationAlertDismissed(let alertID, let context) where alertID == shown.alertID:
      bridge.shownMessage = nil
      switch context {
      case .systemDismissed: bridge.messages.insert(shown, at: 0)
      case .timeout: tell(shown, .alertDismissed(alertID: shown.alert.id, context: "timeout"))
      case .userDismissed:
        tell(shown, .alertDismissed(alertID: shown.alert.id, context: "userDismissed"))
      }
    default:
      return false
    }
    effects.append(.redraw)
    return true
  }

  /// A client went away: its messages go, the one on screen too.
  mutating func forgetMessages(of client: BridgeClientID, at now: Date) {
    bridge.messages.removeAll { $0.client == client }
    if bridge.shownMessage?.client == client {
      bridge.shownMessage = nil
      app(.withdrawForeignAlert, at: now)
    }
  }

  private mutating func tell(_ held: BridgeState.HeldMessage, _ notice: BridgeNotice) {
    effects.append(.bridge(.send(held.client, .event(notice))))
  }
}
