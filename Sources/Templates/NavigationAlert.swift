/// A banner over the map asking for a quick decision (CarPlay's `CPNavigationAlert`):
/// title, optional subtitle and image, a primary action and an optional secondary one.
///
/// `duration` 0 keeps it until dismissed; otherwise it is dismissed by timeout after
/// `max(duration, minimumDuration)` seconds. The app cannot take it down sooner than
/// `minimumDuration` after it appeared; the driver can.
public struct NavigationAlert: Hashable, Sendable, Identifiable {
  /// The least time an alert stays up unless the driver dismisses it, seconds.
  public static let minimumDuration = 5.0

  public var id: String
  /// Longest first.
  public var titleVariants: [String]
  public var subtitleVariants: [String]
  /// The name of a symbol drawn beside the title.
  public var image: String?
  public var primaryAction: TemplateAction
  public var secondaryAction: TemplateAction?
  /// Seconds; 0 = until dismissed.
  public var duration: Double

  public init(
    id: String, titleVariants: [String], subtitleVariants: [String] = [], image: String? = nil,
    primaryAction: TemplateAction, secondaryAction: TemplateAction? = nil, duration: Double = 0
  ) {
    self.id = id
    self.titleVariants = titleVariants
    self.subtitleVariants = subtitleVariants
    self.image = image
    self.primaryAction = primaryAction
    self.secondaryAction = secondaryAction
    self.duration = duration
  }

  /// Primary action then secondary.
  public var focusOrder: [String] { [primaryAction.id] + (secondaryAction.map { [$0.id] } ?? []) }

  /// Why a navigation alert went away (CarPlay's `CPNavigationAlertDismissalContext`).
  public enum DismissalContext: Hashable, Sendable {
    /// Its duration ran out.
    case timeout
    /// The driver chose an action or pressed back.
    case userDismissed
    /// The app asked (or the head unit went home).
    case systemDismissed
  }
}
