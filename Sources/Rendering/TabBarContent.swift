/// The tabs along the screen's edge (CarPlay's `CPTabBarTemplate`); the selected tab's
/// screen fills the rest.
public struct TabBarContent: Hashable, Sendable {
  public struct Tab: Hashable, Sendable, Identifiable {
    /// The tab's focus id.
    public var id: String
    public var title: String
    public var symbol: TemplateSymbol
    /// A count shown on the tab, nil for none.
    public var badge: Int?

    public init(id: String, title: String, symbol: TemplateSymbol, badge: Int? = nil) {
      self.id = id
      self.title = title
      self.symbol = symbol
      self.badge = badge
    }
  }

  public var tabs: [Tab]
  public var selectedID: String?

  public init(tabs: [Tab], selectedID: String? = nil) {
    self.tabs = tabs
    self.selectedID = selectedID
  }
}
