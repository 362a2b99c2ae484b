/// A scrolling list of sections of rows (CarPlay's `CPListTemplate`).
///
/// Limits: at most `maximumItemCount` rows in all and `maximumSectionCount` sections.
/// While the car moves the controller sets `itemLimit` and only the first rows show
/// (CarPlay's limited user interface for lists).
public struct ListTemplate: Hashable, Sendable, Identifiable {
  public static let maximumItemCount = 24
  public static let maximumSectionCount = 12

  public var id: String
  public var title: String
  public var sections: [ListSection]
  /// The row whose handler has not completed yet; the screen shows it as loading and
  /// ignores further choices until `UIEvent.itemHandled` arrives. Set by the controller.
  public internal(set) var loadingItemID: String?
  /// At most this many rows are shown (nil: all); set by the controller while driving.
  public internal(set) var itemLimit: Int?

  public init(id: String, title: String, sections: [ListSection]) {
    self.id = id
    self.title = title
    self.sections = sections
  }

  /// Every row, sections in order.
  public var allItems: [ListItem] { sections.flatMap(\.items) }

  /// The sections as shown: cut after `itemLimit` rows, empty sections dropped.
  public var visibleSections: [ListSection] {
    guard var remaining = itemLimit else { return sections }
    var shown: [ListSection] = []
    for section in sections where remaining > 0 {
      let items = Array(section.items.prefix(remaining))
      remaining -= items.count
      if !items.isEmpty { shown.append(ListSection(header: section.header, items: items)) }
    }
    return shown
  }

  /// True when `itemLimit` hides some rows.
  public var isTruncated: Bool { itemLimit.map { allItems.count > $0 } ?? false }

  /// Enabled visible rows, in order.
  public var focusOrder: [String] {
    visibleSections.flatMap(\.items).filter(\.isEnabled).map(\.id)
  }

  /// Checks the item and section limits.
  public func validate(for verb: String) throws(TemplateError) {
    let count = allItems.count
    if count > Self.maximumItemCount {
      throw .rule(
        .tooManyItems, verb, .list, id,
        "\(count) items, a list holds at most \(Self.maximumItemCount)")
    }
    if sections.count > Self.maximumSectionCount {
      throw .rule(
        .tooManySections, verb, .list, id,
        "\(sections.count) sections, a list holds at most \(Self.maximumSectionCount)")
    }
    if Set(allItems.map(\.id)).count != count {
      throw .rule(.duplicateID, verb, .list, id, "two items share an id")
    }
  }
}
