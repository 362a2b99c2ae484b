import Core
import JSON

/// Bridge messages on the wire: the one place they become JSON (see docs/bridge.md).
extension BridgeMessage {
  /// The message as a JSON object whose first key is `type`.
  public var json: JSONValue {
    switch self {
    case .reply(let id, .done):
      .object([("type", "reply"), ("id", id.json), ("ok", true)])
    case .reply(let id, .hello(let version, let unit, let screen, let heartbeat, let timeout)):
      .object([
        ("type", "hello"), ("id", id.json), ("ok", true),
        ("version", .number(Double(version))), ("unit", .string(unit)),
        (
          "screen",
          .object([
            ("width", .number(Double(screen.width))), ("height", .number(Double(screen.height))),
          ])
        ),
        ("heartbeatSeconds", .number(heartbeat.seconds)),
        ("timeoutSeconds", .number(timeout.seconds)),
      ])
    case .reply(let id, .builtInNavigation(let navigating, let choices)):
      .object([
        ("type", "reply"), ("id", id.json), ("ok", true),
        ("state", .string(navigating ? "navigating" : "previewing")),
        ("routeChoices", .number(Double(choices))),
      ])
    case .error(let id, let error):
      .object(
        [
          ("type", "error"), ("id", id.json), ("code", .string(error.code)),
          ("message", .string(error.message)),
        ] + (error.path.map { [("path", JSONValue.string($0))] } ?? []))
    case .event(let notice):
      notice.json
    }
  }

  /// The `type` field.
  public var type: String {
    if case .object(let fields) = json, case .string(let type)? = fields.first?.1 { return type }
    return ""
  }

  /// The value of top-level field `key`, nil when absent.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let fields) = json else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  /// The line, without the newline.
  public var serialized: String { json.serialized }
}

extension BridgeNotice {
  /// The event as a JSON object: `{"type":NAME,…}`.
  var json: JSONValue {
    switch self {
    case .heartbeat: .object([("type", "heartbeat")])
    case .screenLost(let reason): .object([("type", "screenLost"), ("reason", .string(reason))])
    case .navigationCancelled(let reason):
      .object([("type", "navigationCancelled"), ("reason", .string(reason))])
    case .tripStarted(let trip, let choice, let summary):
      .object(
        [
          ("type", "tripStarted"), ("tripId", .string(trip)),
          ("routeChoice", .number(Double(choice))),
        ] + (summary.map { [("summary", JSONValue.string($0))] } ?? []))
    case .routeChoiceSelected(let trip, let choice):
      .object([
        ("type", "routeChoiceSelected"), ("tripId", .string(trip)),
        ("routeChoice", .number(Double(choice))),
      ])
    case .panned(let direction, let dx, let dy):
      .object([
        ("type", "panned"), ("direction", .array(direction.map(JSONValue.string))),
        ("dx", .number(dx)), ("dy", .number(dy)),
      ])
    case .alertDismissed(let alert, let context):
      .object([
        ("type", "alertDismissed"), ("alertId", .string(alert)), ("context", .string(context)),
      ])
    case .itemSelected(let template, let item):
      .object([
        ("type", "itemSelected"), ("templateId", .string(template)), ("itemId", .string(item)),
      ])
    case .buttonPressed(let template, let button):
      .object([
        ("type", "buttonPressed"), ("templateId", .string(template)), ("buttonId", .string(button)),
      ])
    case .nowPlayingSeek(let seconds):
      .object([("type", "nowPlayingSeek"), ("seconds", .number(seconds))])
    case .messageSelected(let template, let item, let conversation):
      .object([
        ("type", "messageSelected"), ("templateId", .string(template)),
        ("itemId", .string(item)), ("conversationId", .string(conversation)),
      ])
    case .pointNavigation(let template, let point, let state, let reason):
      .object(
        [
          ("type", "pointNavigation"), ("templateId", .string(template)),
          ("pointId", .string(point)), ("state", .string(state)),
        ] + (reason.map { [("reason", JSONValue.string($0))] } ?? []))
    }
  }
}

extension BridgeRequestID? {
  /// The id as JSON, `null` when the line had none.
  var json: JSONValue {
    switch self {
    case .number(let n)?: .number(Double(n))
    case .string(let s)?: .string(s)
    case nil: .null
    }
  }
}
