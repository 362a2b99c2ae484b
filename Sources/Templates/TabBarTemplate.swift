/// Tabs along the top, each with its own root template (CarPlay's `CPTabBarTemplate`).
///
/// Only ever the root. The knob reaches the tabs first, then the selected tab's content;
/// pushes go on the interface controller's one stack above the tab bar.
public struct TabBarTemplate: Hashable, Sendable, Identifiable {
  public static let maximumTabCount = 4

  public var id: String
  /// Each tab's root: a map, list, grid, information, search or point-of-interest template.
  public var tabs: [Template]
  public var selectedIndex: Int

  public init(id: String, tabs: [Template], selectedIndex: Int = 0) {
    self.id = id
    self.tabs = tabs
    self.selectedIndex = selectedIndex
  }

  /// The focus id of the tab at `index`.
  public static func tabElementID(_ index: Int) -> String { "tab.\(index)" }

  /// The selected tab's template, nil when there are no tabs.
  public var selectedTab: Template? {
    tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil
  }

  /// Tabs leading to trailing, then the selected tab's elements.
  public var focusOrder: [String] {
    tabs.indices.map(Self.tabElementID) + (selectedTab?.focusOrder ?? [])
  }

  /// Checks the tab count and that every tab is a kind a tab may hold.
  public func validate(for verb: String) throws(TemplateError) {
    if tabs.count > Self.maximumTabCount {
      throw .rule(
        .tooManyItems, verb, .tabBar, id,
        "\(tabs.count) tabs, a tab bar holds at most \(Self.maximumTabCount)")
    }
    if tabs.isEmpty {
      throw .rule(.missingContent, verb, .tabBar, id, "a tab bar needs at least one tab")
    }
    for tab in tabs {
      if tab.kind == .tabBar || TemplateKind.presentable.contains(tab.kind) {
        throw .rule(
          .unsupportedRoot, verb, .tabBar, id, "a tab cannot hold a \(tab.kind.rawValue)")
      }
      try tab.validate(for: verb)
    }
  }
}
