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

  /// Identifies the row and its handler.
  public var id: String
  public var text: String
  public var detailText: String?
  /// The name of a symbol the screen draws at the leading edge (nil: no image).
  public var image: String?
  public var accessory: Accessory
  public var isEnabled: Bool

  public init(
    id: String, text: String, detailText: String? = nil, image: String? = nil,
    accessory: Accessory = .none, isEnabled: Bool = true
  ) {
    self.id = id
    self.text = text
    self.detailText = detailText
    self.image = image
    self.accessory = accessory
    self.isEnabled = isEnabled
  }
}
