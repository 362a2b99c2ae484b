/// Any template the interface controller can hold: one case per kind, each a value type
/// with an `id`.
public enum Template: Hashable, Sendable, Identifiable {
  case map(MapTemplate)
  case list(ListTemplate)
  case grid(GridTemplate)
  case alert(AlertTemplate)
  case actionSheet(ActionSheetTemplate)
  case information(InformationTemplate)
  case search(SearchTemplate)
  case pointOfInterest(PointOfInterestTemplate)
  case tabBar(TabBarTemplate)
  /// The one shared Now Playing screen; pushed, never presented or the root.
  case nowPlaying(NowPlayingTemplate)
  /// A person's card; communication apps' root or push.
  case contact(ContactTemplate)

  public var id: String {
    switch self {
    case .map(let t): t.id
    case .list(let t): t.id
    case .grid(let t): t.id
    case .alert(let t): t.id
    case .actionSheet(let t): t.id
    case .information(let t): t.id
    case .search(let t): t.id
    case .pointOfInterest(let t): t.id
    case .tabBar(let t): t.id
    case .nowPlaying(let t): t.id
    case .contact(let t): t.id
    }
  }

  public var kind: TemplateKind {
    switch self {
    case .map: .map
    case .list: .list
    case .grid: .grid
    case .alert: .alert
    case .actionSheet: .actionSheet
    case .information: .information
    case .search: .search
    case .pointOfInterest: .pointOfInterest
    case .tabBar: .tabBar
    case .nowPlaying: .nowPlaying
    case .contact: .contact
    }
  }

  /// Checks the template's own limits (item, button, action and point counts).
  ///
  /// - Parameter verb: the request being checked, for the message ("push", "present").
  /// - Throws: the first broken rule.
  public func validate(for verb: String) throws(TemplateError) {
    switch self {
    case .map: return
    case .list(let t): try t.validate(for: verb)
    case .grid(let t): try t.validate(for: verb)
    case .alert(let t): try t.validate(for: verb)
    case .actionSheet(let t): try t.validate(for: verb)
    case .information(let t): try t.validate(for: verb)
    case .search: return
    case .pointOfInterest(let t): try t.validate(for: verb)
    case .tabBar(let t): try t.validate(for: verb)
    case .nowPlaying(let t): try t.validate(for: verb)
    case .contact(let t): try t.validate(for: verb)
    }
  }

  /// The ids the knob can focus, in reading order (top to bottom, leading to trailing).
  public var focusOrder: [String] {
    switch self {
    case .map(let t): t.focusOrder
    case .list(let t): t.focusOrder
    case .grid(let t): t.focusOrder
    case .alert(let t): t.focusOrder
    case .actionSheet(let t): t.focusOrder
    case .information(let t): t.focusOrder
    case .search(let t): t.focusOrder
    case .pointOfInterest(let t): t.focusOrder
    case .tabBar(let t): t.focusOrder
    case .nowPlaying(let t): t.focusOrder
    case .contact(let t): t.focusOrder
    }
  }

  /// Builds the error for a broken rule about this template.
  func error(_ code: TemplateError.Code, _ verb: String, _ rule: String) -> TemplateError {
    TemplateError(
      code: code, kind: kind, templateID: id, message: "cannot \(verb) \(kind.rawValue): \(rule)")
  }
}

extension TemplateError {
  /// "cannot <verb> <kind>: <rule>" for a template of `kind` with `id`.
  static func rule(
    _ code: Code, _ verb: String, _ kind: TemplateKind, _ id: String?, _ rule: String
  ) -> TemplateError {
    TemplateError(
      code: code, kind: kind, templateID: id, message: "cannot \(verb) \(kind.rawValue): \(rule)")
  }
}
