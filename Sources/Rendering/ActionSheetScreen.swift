/// A modal choice over a dimmed screen: a title, a message and a column of actions
/// (CarPlay's `CPActionSheetTemplate`).
public struct ActionSheetScreen: Hashable, Sendable {
  public var title: String?
  public var message: String?
  public var actions: [AlertAction]

  public init(title: String? = nil, message: String? = nil, actions: [AlertAction]) {
    self.title = title
    self.message = message
    self.actions = actions
  }
}
