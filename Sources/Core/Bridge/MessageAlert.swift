import Templates

/// An incoming message a communication app announces (`showMessageAlert`): shown as a
/// navigation alert over the built-in map — never while a maneuver is near (see
/// `HeadUnitCore+Messages.swift`).
public struct MessageAlert: Sendable, Equatable {
  /// The most characters of a sender read; the alert shows fewer when it must.
  public static let maximumSenderLength = 100
  /// The most characters of a message's text read.
  public static let maximumTextLength = 500
  /// The most buttons of the app's (a navigation alert has two).
  public static let maximumActionCount = 2
  /// The longest time on screen an app may ask for, seconds.
  public static let maximumDuration = 60.0
  /// The time on screen when the app names none, seconds.
  public static let defaultDuration = 10.0

  /// The app's id of the alert: named by `buttonPressed` and `alertDismissed`.
  public var id: String
  public var conversationID: String?
  public var sender: String
  public var text: String
  /// The app's buttons (at most two); none gives one "Close" button of the unit's.
  public var actions: [TemplateAction]
  /// Seconds on screen (at least `NavigationAlert.minimumDuration`); 0 keeps it until the
  /// driver answers it.
  public var duration: Double

  public init(
    id: String, conversationID: String? = nil, sender: String, text: String,
    actions: [TemplateAction] = [], duration: Double = MessageAlert.defaultDuration
  ) {
    self.id = id
    self.conversationID = conversationID
    self.sender = sender
    self.text = text
    self.actions = actions
    self.duration = duration
  }
}
