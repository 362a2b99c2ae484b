/// Up to eight buttons in a grid (CarPlay's `CPGridTemplate`), read row by row.
public struct GridTemplate: Hashable, Sendable, Identifiable {
  public static let maximumButtonCount = 8

  public var id: String
  public var title: String
  public var buttons: [GridButton]

  public init(id: String, title: String, buttons: [GridButton]) {
    self.id = id
    self.title = title
    self.buttons = buttons
  }

  /// Enabled buttons in reading order.
  public var focusOrder: [String] { buttons.filter(\.isEnabled).map(\.id) }

  /// Checks the button limit.
  public func validate(for verb: String) throws(TemplateError) {
    if buttons.count > Self.maximumButtonCount {
      throw .rule(
        .tooManyItems, verb, .grid, id,
        "\(buttons.count) buttons, a grid holds at most \(Self.maximumButtonCount)")
    }
  }
}
