/// A list template as the screen shows it: sections of rows, the focused row kept in
/// view (CarPlay's `CPListTemplate`).
public struct ListScreen: Hashable, Sendable {
  /// One row.
  public struct Item: Hashable, Sendable, Identifiable {
    /// What sits at the trailing edge of a row.
    public enum Accessory: Hashable, Sendable {
      case none
      /// Opens something further (a chevron).
      case disclosure
      /// The chosen one of a set.
      case checkmark
      /// Comes from elsewhere when chosen (CarPlay's cloud accessory).
      case cloud
      /// The row's handler is running (a spinner until it calls back).
      case loading
    }

    public var id: String
    public var text: String
    public var detailText: String?
    public var symbol: TemplateSymbol?
    public var accessory: Accessory
    public var isEnabled: Bool

    public init(
      id: String, text: String, detailText: String? = nil, symbol: TemplateSymbol? = nil,
      accessory: Accessory = .none, isEnabled: Bool = true
    ) {
      self.id = id
      self.text = text
      self.detailText = detailText
      self.symbol = symbol
      self.accessory = accessory
      self.isEnabled = isEnabled
    }
  }

  /// Rows under an optional header.
  public struct Section: Hashable, Sendable {
    public var header: String?
    public var items: [Item]

    public init(header: String? = nil, items: [Item]) {
      self.header = header
      self.items = items
    }
  }

  public var title: String
  public var sections: [Section]
  /// Shown instead of rows when there are none ("No recent destinations").
  public var emptyText: String?

  public init(
    title: String, sections: [Section], emptyText: String? = nil
  ) {
    self.title = title
    self.sections = sections
    self.emptyText = emptyText
  }
}
