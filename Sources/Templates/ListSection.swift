/// A titled group of list rows (CarPlay's `CPListSection`).
public struct ListSection: Hashable, Sendable {
  /// Shown above the rows; nil for no header.
  public var header: String?
  public var items: [ListItem]

  public init(header: String? = nil, items: [ListItem]) {
    self.header = header
    self.items = items
  }
}
