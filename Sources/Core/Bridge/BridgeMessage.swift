import Templates

/// One line the head unit sends a bridge client, as data: a reply, an error, or an event.
/// The app encodes it at the edge (`BridgeMessage+JSON.swift`): a JSON object whose first
/// key is `type`; the core never builds JSON.
public enum BridgeMessage: Sendable, Equatable {
  /// The request `id` succeeded (`{"type":"reply","id":…,"ok":true,…}`; `hello` answers
  /// with `{"type":"hello",…}`).
  case reply(BridgeRequestID?, BridgeReply = .done)
  /// The request `id` failed (`id` nil when the line had none readable).
  case error(BridgeRequestID?, BridgeError)
  /// Something the client hears of unasked.
  case event(BridgeNotice)
}

/// What a successful request answers beyond "done".
public enum BridgeReply: Sendable, Equatable {
  case done
  /// The answer to `hello`: the protocol version agreed, the unit, its screen and the
  /// heartbeat timing.
  case hello(
    version: Int, unit: String, screen: ScreenSize, heartbeat: Duration,
    timeout: Duration)
  /// `navigateTo` handed the destination to the built-in app: previewing or navigating,
  /// with this many route choices.
  case builtInNavigation(navigating: Bool, routeChoices: Int)
}

/// The events a bridge client hears (see docs/bridge.md).
public enum BridgeNotice: Sendable, Equatable {
  case heartbeat
  /// The driver took the screen back (`reason` "driver").
  case screenLost(reason: String)
  /// The app's navigation session ended because the head unit's did.
  case navigationCancelled(reason: String)
  case tripStarted(tripID: String, routeChoice: Int, summary: String?)
  case routeChoiceSelected(tripID: String, routeChoice: Int)
  /// The map was panned: the directions' names, and the offset in points.
  case panned(direction: [String], dx: Double, dy: Double)
  case alertDismissed(alertID: String, context: String)
  case itemSelected(templateID: String, itemID: String)
  case buttonPressed(templateID: String, buttonID: String)
  /// The driver scrubbed Now Playing's progress bar to `seconds`: seek there.
  case nowPlayingSeek(seconds: Double)
  /// The driver chose message item `itemID` (of conversation `conversationID`) of list
  /// `templateID`; the unit has no handler of the app's to run for it.
  case messageSelected(templateID: String, itemID: String, conversationID: String)
  /// What became of "Navigate" on point `pointID` of template `templateID`: `state`
  /// `requested` (handed to the built-in router), `started` (the driver started guidance)
  /// or `declined`, with `reason` `driver`, `noRoute` or `replaced`.
  case pointNavigation(templateID: String, pointID: String, state: String, reason: String? = nil)
}
