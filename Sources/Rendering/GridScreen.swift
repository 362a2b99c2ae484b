/// A grid template: up to eight large buttons, each a symbol over a title
/// (CarPlay's `CPGridTemplate`).
public struct GridScreen: Hashable, Sendable {
  public static let maximumButtons = 8

  public struct Button: Hashable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var symbol: TemplateSymbol
    public var isEnabled: Bool

    public init(id: String, title: String, symbol: TemplateSymbol, isEnabled: Bool = true) {
      self.id = id
      self.title = title
      self.symbol = symbol
      self.isEnabled = isEnabled
    }
  }

  public var title: String
  public var backTitle: String?
  /// The first eight are shown.
  public var buttons: [Button]

  public init(title: String, backTitle: String? = nil, buttons: [Button]) {
    self.title = title
    self.backTitle = backTitle
    self.buttons = Array(buttons.prefix(Self.maximumButtons))
  }
}
