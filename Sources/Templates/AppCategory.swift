/// What kind of app holds the screen, CarPlay's app categories: the category decides which
/// templates the app may set as its root and push, and how deep its stack may grow.
///
/// | category | root | push | depth |
/// |---|---|---|---|
/// | navigation | map, tab bar | list, grid, search, information, point of interest (the built-in app: now playing too) | 5 |
/// | audio | list, grid, tab bar | list, grid, now playing | 5 |
/// | communication | list, grid, contact, tab bar | list, grid, information, contact | 5 |
/// | charging, parking | point of interest, list, grid, tab bar | point of interest, list, grid, information | 5 |
/// | fueling | as charging | as charging | 3 |
/// | quick food, driving task | as charging | as charging | 2 |
///
/// Alerts and action sheets are presented by every category; a tab bar's tabs are the
/// kinds its category may use as a root, the tab bar itself aside. Only navigation apps
/// have a map, and so trip previews, navigation alerts and a navigation session. Only
/// communication apps show the contact card and message items (CarPlay's rule), and their
/// lists hold message items only.
public enum AppCategory: String, Hashable, Sendable, CaseIterable {
  case navigation
  case audio
  case communication
  case charging
  case parking
  case quickFood
  case fueling
  case drivingTask

  /// The kinds the app may set as its root.
  public var rootKinds: Set<TemplateKind> {
    switch self {
    case .navigation: [.map, .tabBar]
    case .audio: [.list, .grid, .tabBar]
    case .communication: [.list, .grid, .contact, .tabBar]
    case .charging, .parking, .quickFood, .fueling, .drivingTask:
      [.pointOfInterest, .list, .grid, .tabBar]
    }
  }

  /// The kinds the app may push.
  public var pushKinds: Set<TemplateKind> {
    switch self {
    // Now Playing is the system's screen: the built-in app shows it
    // (`InterfaceConfiguration.isBuiltIn`), a bridge navigation app does not.
    case .navigation: TemplateKind.pushable.subtracting([.nowPlaying])
    case .audio: [.list, .grid, .nowPlaying]
    case .communication: [.list, .grid, .information, .contact]
    case .charging, .parking, .quickFood, .fueling, .drivingTask:
      [.pointOfInterest, .list, .grid, .information]
    }
  }

  /// The kinds a tab of the app's tab bar may be.
  public var tabKinds: Set<TemplateKind> {
    rootKinds.subtracting([.tabBar]).union(self == .navigation ? pushKinds : [])
      .subtracting([.nowPlaying])
  }

  /// Templates in the stack at most, the root included.
  public var maximumDepth: Int {
    switch self {
    case .quickFood, .drivingTask: 2
    case .fueling: 3
    default: 5
    }
  }

  /// "a navigation app", "an audio app", "a quick food app", for error messages.
  public var appPhrase: String {
    let words: String =
      switch self {
      case .quickFood: "quick food"
      case .drivingTask: "driving task"
      default: rawValue
      }
    return Self.withArticle("\(words) app")
  }

  /// "an information", "a list".
  static func withArticle(_ words: String) -> String {
    ("aeiou".contains(words.first ?? "x") ? "an " : "a ") + words
  }

  /// "list, grid or tab bar": `kinds` in the order the rules name them.
  static func words(_ kinds: Set<TemplateKind>, joiner: String = "or") -> String {
    let order: [TemplateKind] = [
      .list, .grid, .search, .information, .pointOfInterest, .nowPlaying, .contact, .map, .tabBar,
      .alert, .actionSheet,
    ]
    let names = order.filter(kinds.contains).map(\.rawValue)
    guard names.count > 1 else { return names.first ?? "nothing" }
    return names.dropLast().joined(separator: ", ") + " \(joiner) " + names.last!
  }
}
