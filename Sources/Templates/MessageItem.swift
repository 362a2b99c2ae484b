/// What makes a list row a message item (CarPlay's `CPMessageListItem`): the conversation it
/// opens, whether it is unread, the time of its last message, and a mark before it.
///
/// A message item has no handler of the app's: the unit answers its choice (see
/// `UIEffect.messageSelected`). The row's `text` is the sender or the conversation's title
/// and its `detailText` the last message's first words.
public struct MessageItem: Hashable, Sendable {
  /// The mark at the leading edge of the row.
  public enum Leading: String, Hashable, Sendable, CaseIterable {
    case none
    /// A pin: the conversation is kept at the top.
    case pinned
    /// A dot: unread messages.
    case unread
  }

  /// The app's id of the conversation, named in the event when the row is chosen.
  public var conversationID: String
  public var isUnread: Bool
  /// The time of the last message as the app words it ("09:41", "Yesterday").
  public var timeText: String?
  public var leading: Leading

  public init(
    conversationID: String, isUnread: Bool = false, timeText: String? = nil,
    leading: Leading = .none
  ) {
    self.conversationID = conversationID
    self.isUnread = isUnread
    self.timeText = timeText
    self.leading = leading
  }
}
