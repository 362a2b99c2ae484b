/// Read-only facts as title/detail pairs, with up to three actions (CarPlay's
/// `CPInformationTemplate`). Only the actions take the knob's focus.
public struct InformationTemplate: Hashable, Sendable, Identifiable {
  /// One fact: a title and its detail.
  public struct Item: Hashable, Sendable {
    public var title: String
    public var detail: String

    public init(title: String, detail: String) {
      self.title = title
      self.detail = detail
    }
  }

  public static let maximumItemCount = 10
  public static let maximumActionCount = 3

  public var id: String
  public var title: String
  public var items: [Item]
  public var actions: [TemplateAction]

  public init(id: String, title: String, items: [Item], actions: [TemplateAction] = []) {
    self.id = id
    self.title = title
    self.items = items
    self.actions = actions
  }

  /// Actions leading to trailing.
  public var focusOrder: [String] { actions.map(\.id) }

  /// Checks the item and action limits.
  public func validate(for verb: String) throws(TemplateError) {
    if items.count > Self.maximumItemCount {
      throw .rule(
        .tooManyItems, verb, .information, id,
        "\(items.count) items, an information template holds at most \(Self.maximumItemCount)")
    }
    if actions.count > Self.maximumActionCount {
      throw .rule(
        .tooManyActions, verb, .information, id,
        "\(actions.count) actions, an information template has at most \(Self.maximumActionCount)"
      )
    }
  }
}
