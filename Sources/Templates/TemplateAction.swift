/// A text button on an alert, action sheet, information template or navigation alert
/// (CarPlay's `CPAlertAction` / `CPTextButton`).
public struct TemplateAction: Hashable, Sendable, Identifiable {
  /// How the button is drawn.
  public enum Style: Hashable, Sendable {
    case normal
    /// The one to press (drawn filled with the highlight colour).
    case primary
    case cancel
    case destructive
  }

  /// What the app reacts to when the action is chosen.
  public var id: String
  public var title: String
  public var style: Style

  public init(id: String, title: String, style: Style = .normal) {
    self.id = id
    self.title = title
    self.style = style
  }
}
