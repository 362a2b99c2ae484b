/// A modal message with one or two actions (CarPlay's `CPAlertTemplate`); presented, never
/// pushed.
public struct AlertTemplate: Hashable, Sendable, Identifiable {
  public static let maximumActionCount = 2

  public var id: String
  /// Title variants, longest first; the screen shows the first that fits.
  public var titleVariants: [String]
  public var actions: [TemplateAction]

  public init(id: String, titleVariants: [String], actions: [TemplateAction]) {
    self.id = id
    self.titleVariants = titleVariants
    self.actions = actions
  }

  /// Actions leading to trailing.
  public var focusOrder: [String] { actions.map(\.id) }

  /// Checks that there are one or two actions.
  public func validate(for verb: String) throws(TemplateError) {
    if actions.count > Self.maximumActionCount {
      throw .rule(
        .tooManyActions, verb, .alert, id,
        "\(actions.count) actions, an alert has at most \(Self.maximumActionCount)")
    }
    if actions.isEmpty {
      throw .rule(.missingContent, verb, .alert, id, "an alert needs at least one action")
    }
  }
}
