/// A person's card (CarPlay's `CPContactTemplate`): a name, an optional subtitle, up to four
/// lines of numbers or details, and up to four buttons — call, message, directions (titled
/// by the unit in its language) or custom ones titled by the app.
///
/// Only the buttons take the knob's focus; a press on one is a `.selected` with the
/// button's id, like any button. Communication apps only (see `AppCategory`).
public struct ContactTemplate: Hashable, Sendable, Identifiable {
  /// One button of the card.
  public struct Action: Hashable, Sendable, Identifiable {
    /// What the button does, CarPlay's contact buttons.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
      /// CarPlay's `CPContactCallButton`: the unit titles it "Call".
      case call
      /// `CPContactMessageButton`: "Message".
      case message
      /// `CPContactDirectionsButton`: "Directions".
      case directions
      /// A `CPButton` with the app's own title.
      case custom
    }

    /// What the app hears when the button is pressed.
    public var id: String
    public var kind: Kind
    /// The app's title; the unit's word for the kind when nil (a custom button needs one).
    public var title: String?
    public var isEnabled: Bool

    public init(id: String, kind: Kind, title: String? = nil, isEnabled: Bool = true) {
      self.id = id
      self.kind = kind
      self.title = title
      self.isEnabled = isEnabled
    }
  }

  public static let maximumDetailCount = 4
  public static let maximumActionCount = 4

  public var id: String
  public var name: String
  public var subtitle: String?
  /// Numbers, addresses or notes, one line each, top to bottom.
  public var details: [String]
  public var actions: [Action]

  public init(
    id: String, name: String, subtitle: String? = nil, details: [String] = [],
    actions: [Action] = []
  ) {
    self.id = id
    self.name = name
    self.subtitle = subtitle
    self.details = details
    self.actions = actions
  }

  /// Enabled buttons, leading to trailing.
  public var focusOrder: [String] { actions.filter(\.isEnabled).map(\.id) }

  /// Checks the detail and button limits, that buttons have distinct ids and that custom
  /// ones have a title.
  public func validate(for verb: String) throws(TemplateError) {
    if details.count > Self.maximumDetailCount {
      throw .rule(
        .tooManyItems, verb, .contact, id,
        "\(details.count) detail lines, a contact card has at most \(Self.maximumDetailCount)")
    }
    if actions.count > Self.maximumActionCount {
      throw .rule(
        .tooManyActions, verb, .contact, id,
        "\(actions.count) buttons, a contact card has at most \(Self.maximumActionCount)")
    }
    if Set(actions.map(\.id)).count != actions.count {
      throw .rule(.duplicateID, verb, .contact, id, "two buttons share an id")
    }
    if let untitled = actions.first(where: { $0.kind == .custom && ($0.title ?? "").isEmpty }) {
      throw .rule(
        .missingContent, verb, .contact, id,
        "custom button \"\(untitled.id)\" needs a title")
    }
  }
}
