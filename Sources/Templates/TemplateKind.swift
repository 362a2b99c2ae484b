/// The kinds of template the head unit shows, named as the error messages name them.
public enum TemplateKind: String, Hashable, Sendable, CaseIterable {
  case map
  case list
  case grid
  case alert
  case actionSheet = "action sheet"
  case information
  case search
  case pointOfInterest = "point of interest"
  case tabBar = "tab bar"
  case nowPlaying = "now playing"
  /// A person's card (communication apps).
  case contact

  /// The kinds that may be pushed at all: the built-in app's (`AppCategory` has every
  /// category's, `InterfaceConfiguration.pushKinds` an app's).
  public static let pushable: Set<TemplateKind> = [
    .list, .grid, .search, .information, .pointOfInterest, .nowPlaying,
  ]
  /// The kinds `present` accepts.
  public static let presentable: Set<TemplateKind> = [.alert, .actionSheet]
}
