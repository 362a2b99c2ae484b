import Core
import JSON
import Templates

extension BridgeDecoder {
  /// The longest name, subtitle, detail line, time or button title a contact card or a
  /// message item takes, in characters.
  static let communicationTextLimit = 200

  /// A string of at most `limit` characters (`nonEmpty`: and at least one).
  static func capped(_ node: JSONNode, _ limit: Int, nonEmpty: Bool = false)
    throws(JSONError) -> String
  {
    let text = nonEmpty ? try node.nonEmptyString() : try node.string()
    guard text.count <= limit else {
      throw node.error(expected: "at most \(limit) characters", code: .outOfRange)
    }
    return text
  }

  /// An array of at most `limit` entries, read one by one; absent is empty.
  static func capped<T>(
    _ f: BridgeFields, _ key: String, _ limit: Int, _ what: String,
    _ read: (JSONNode) throws(JSONError) -> T
  ) throws(JSONError) -> [T] {
    if let node = f[key]?.nonNull, case .array(let items) = node.value, items.count > limit {
      throw node.error(expected: "at most \(limit) \(what)", code: .outOfRange)
    }
    return try f.list(key, read)
  }

  /// A contact card:
  ///
  ///     {"type": "contact", "id": "anna", "name": "Anna Virtanen", "subtitle": "Mobile",
  ///      "details": ["+358 40 123 4567"], "actions": [{"id": "call", "kind": "call"}]}
  static func contact(_ node: JSONNode) throws(JSONError) -> ContactTemplate {
    let f = BridgeFields(
      node, try node.object(keys: ["type", "id", "name", "subtitle", "details", "actions"]),
      what: "a contact template")
    let limit = communicationTextLimit
    return ContactTemplate(
      id: try f.required("id").nonEmptyString(),
      name: try capped(f.required("name"), limit, nonEmpty: true),
      subtitle: try f["subtitle"]?.nonNull.map { n throws(JSONError) in try capped(n, limit) },
      details: try capped(f, "details", ContactTemplate.maximumDetailCount, "detail lines") {
        n throws(JSONError) in try capped(n, limit)
      },
      actions: try capped(f, "actions", ContactTemplate.maximumActionCount, "buttons") {
        n throws(JSONError) in try contactAction(n)
      })
  }

  static func contactAction(_ node: JSONNode) throws(JSONError) -> ContactTemplate.Action {
    let f = BridgeFields(
      node, try node.object(keys: ["id", "kind", "title", "enabled"]), what: "a contact button")
    let name = try f.required("kind").string(
      oneOf: ContactTemplate.Action.Kind.allCases.map(\.rawValue))
    let kind = ContactTemplate.Action.Kind(rawValue: name) ?? .custom
    let title = try f["title"]?.nonNull.map { n throws(JSONError) in
      try capped(n, communicationTextLimit, nonEmpty: true)
    }
    if kind == .custom, title == nil {
      _ = try f.required("title")  // "missing: a contact button needs one"
    }
    return ContactTemplate.Action(
      id: try f.required("id").nonEmptyString(), kind: kind, title: title,
      isEnabled: try f["enabled"]?.bool() ?? true)
  }

  /// What makes a list row a message item:
  ///
  ///     {"conversationId": "c1", "unread": true, "time": "09:41", "leading": "unread"}
  static func messageItem(_ node: JSONNode) throws(JSONError) -> MessageItem {
    let f = BridgeFields(
      node, try node.object(keys: ["conversationId", "unread", "time", "leading"]),
      what: "a message item")
    let leading = try f["leading"]?.string(oneOf: MessageItem.Leading.allCases.map(\.rawValue))
    return MessageItem(
      conversationID: try capped(
        f.required("conversationId"), communicationTextLimit, nonEmpty: true),
      isUnread: try f["unread"]?.bool() ?? false,
      timeText: try f["time"]?.nonNull.map { n throws(JSONError) in try capped(n, 40) },
      leading: leading.flatMap(MessageItem.Leading.init(rawValue:)) ?? .none)
  }

  /// A list row's `handler`: `app` or `unit`; nil when absent (the row's default).
  static func handler(_ node: JSONNode?) throws(JSONError) -> ListItem.Handler? {
    guard let node else { return nil }
    return ListItem.Handler(
      rawValue: try node.string(oneOf: ListItem.Handler.allCases.map(\.rawValue)))
  }

  /// An incoming message's alert:
  ///
  ///     {"id": "m17", "conversationId": "c1", "sender": "Anna", "text": "Running late",
  ///      "actions": [{"id": "reply", "title": "Reply"}], "duration": 10}
  static func messageAlert(_ node: JSONNode) throws(JSONError) -> MessageAlert {
    let f = BridgeFields(
      node,
      try node.object(keys: ["id", "conversationId", "sender", "text", "actions", "duration"]),
      what: "a message alert")
    return MessageAlert(
      id: try capped(f.required("id"), communicationTextLimit, nonEmpty: true),
      conversationID: try f["conversationId"]?.nonNull.map { n throws(JSONError) in
        try capped(n, communicationTextLimit, nonEmpty: true)
      },
      sender: try capped(f.required("sender"), MessageAlert.maximumSenderLength, nonEmpty: true),
      text: try capped(f.required("text"), MessageAlert.maximumTextLength),
      actions: try capped(f, "actions", MessageAlert.maximumActionCount, "actions") {
        n throws(JSONError) in try action(n)
      },
      duration: try f["duration"]?.number(in: 0...MessageAlert.maximumDuration)
        ?? MessageAlert.defaultDuration)
  }
}
