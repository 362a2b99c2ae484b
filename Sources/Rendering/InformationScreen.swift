/// Label and value pairs with a few actions under them (CarPlay's
/// `CPInformationTemplate`): at most ten items and three actions.
public struct InformationScreen: Hashable, Sendable {
  public static let maximumItems = 10
  public static let maximumActions = 3

  public struct Item: Hashable, Sendable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
      self.label = label
      self.value = value
    }
  }

  public var title: String
  public var backTitle: String?
  public var items: [Item]
  public var actions: [AlertAction]

  public init(title: String, backTitle: String? = nil, items: [Item], actions: [AlertAction]) {
    self.title = title
    self.backTitle = backTitle
    self.items = Array(items.prefix(Self.maximumItems))
    self.actions = Array(actions.prefix(Self.maximumActions))
  }
}
