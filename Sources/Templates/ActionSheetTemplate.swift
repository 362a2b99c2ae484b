/// A modal choice among actions (CarPlay's `CPActionSheetTemplate`); presented, never
/// pushed.
public struct ActionSheetTemplate: Hashable, Sendable, Identifiable {
  /// CarPlay sets no documented limit; more than this would not fit a 480-pixel screen.
  public static let maximumActionCount = 5

  public var id: String
  public var title: String?
  public var message: String?
  public var actions: [TemplateAction]

  public init(id: String, title: String? = nil, message: String? = nil, actions: [TemplateAction]) {
    self.id = id
    self.title = title
    self.message = message
    self.actions = actions
  }

  /// Actions top to bottom.
  public var focusOrder: [String] { actions.map(\.id) }

  /// Checks that there are between one and `maximumActionCount` actions.
  public func validate(for verb: String) throws(TemplateError) {
    if actions.count > Self.maximumActionCount {
      throw .rule(
        .tooManyActions, verb, .actionSheet, id,
        "\(actions.count) actions, an action sheet has at most \(Self.maximumActionCount)")
    }
    if actions.isEmpty {
      throw .rule(
        .missingContent, verb, .actionSheet, id, "an action sheet needs at least one action")
    }
  }
}
