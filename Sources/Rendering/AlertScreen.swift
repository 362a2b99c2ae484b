/// A modal alert over a dimmed screen: a title and at most two actions
/// (CarPlay's `CPAlertTemplate`).
public struct AlertScreen: Hashable, Sendable {
  public static let maximumActions = 2

  /// Titles, preferred (longest) first; the screen shows the first that fits.
  public var titleVariants: [String]
  public var actions: [AlertAction]

  public init(titleVariants: [String], actions: [AlertAction]) {
    self.titleVariants = titleVariants
    self.actions = Array(actions.prefix(Self.maximumActions))
  }
}
