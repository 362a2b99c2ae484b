/// One row of a list (CarPlay's `CPListItem`): text, detail text, an image named by a
/// symbol, an accessory, and a handler the app answers.
///
/// Choosing the row emits `UIEffect.selected(listID, itemID)`; the list shows the row as
/// loading until the app sends `UIEvent.itemHandled(itemID)`, the counterpart of
/// calling CarPlay's handler completion.
public struct ListItem: Hashable, Sendable, Identifiable {
  /// The mark at the trailing edge of the row.
  public enum Accessory: Hashable, Sendable {
    case none
    /// A chevron: choosing the row opens more.
    case disclosureIndicator
    /// A cloud: choosing the row downloads something.
    case cloud
    /// A checkmark: the row is the chosen one of a set.
    case checkmark
  }

  /// Who answers the row's choice.
  public enum Handler: String, Hashable, Sendable, CaseIterable {
    /// The app's handler (CarPlay's `CPListItem` handler): the app hears the choice.
    case app
    /// The unit's own, with no handler of the app's (a message item's, CarPlay's
    /// `CPMessageListItem`).
    case unit
  }

  /// Identifies the row and its handler.
  public var id: String
  public var text: String
  public var detailText: String?
  /// The name of a symbol the screen draws at the leading edge (nil: no image).
  public var image: String?
  public var accessory: Accessory
  public var isEnabled: Bool
  /// Set for a message item (communication apps' rows): `text` is the sender or the
  /// conversation, `detailText` the last message's first words.
  public var message: MessageItem?
  /// `.unit` for a message item, `.app` for every other row (the interface controller
  /// refuses a message item with the app's handler, and a plain row without it).
  public var handler: Handler

  public init(
    id: String, text: String, detailText: String? = nil, image: String? = nil,
    accessory: Accessory = .none, isEnabled: Bool = true, message: MessageItem? = nil,
    handler: Handler? = nil
  ) {
    self.id = id
    self.text = text
    self.detailText = detailText
    self.image = image
    self.accessory = accessory
    self.isEnabled = isEnabled
    self.message = message
    self.handler = handler ?? (message == nil ? .app : .unit)
  }
}
