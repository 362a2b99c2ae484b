/// A button of an alert, an action sheet, an information screen or a navigation alert.
public struct AlertAction: Hashable, Sendable, Identifiable {
  public enum Style: Hashable, Sendable {
    case normal
    /// The one to press (filled with the highlight colour).
    case primary
    case cancel
    case destructive
  }

  public var id: String
  public var title: String
  public var style: Style

  public init(id: String, title: String, style: Style = .normal) {
    self.id = id
    self.title = title
    self.style = style
  }
}
