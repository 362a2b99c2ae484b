/// A broken template rule, as a value: which template, which rule, and a sentence naming
/// both ("cannot push tab bar: a tab bar can only be the root").
///
/// The interface controller never traps on a broken rule; it reports one of these in the
/// request's completion and leaves its state as it was.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which rule was broken.
  public enum Code: String, Hashable, Sendable {
    /// Only list, grid, search, information and point-of-interest templates can be pushed.
    case unsupportedPush
    /// Only alert and action-sheet templates can be presented.
    case unsupportedPresent
    /// Only a map or a tab bar can be the root.
    case unsupportedRoot
    /// A tab bar can only be the root.
    case tabBarNotRoot
    /// A template is already presented; one at a time.
    case alreadyPresenting
    /// The stack would be deeper than the maximum (5 including the root).
    case depthExceeded
    /// More list items, grid buttons, information items or points than allowed.
    case tooManyItems
    /// More list sections than allowed.
    case tooManySections
    /// More alert, action-sheet or information actions than allowed.
    case tooManyActions
    /// More bar buttons on one side of the navigation bar than allowed.
    case tooManyButtons
    /// More trip previews than allowed.
    case tooManyTrips
    /// A template needs something it lacks (an alert with no actions, a trip with no route).
    case missingContent
    /// Two templates in the stack, or two elements in a template, share an id.
    case duplicateID
    /// An update gave a template of another kind than the one with its id.
    case kindChanged
    /// `popTo` named a template that is not in the stack.
    case notInStack
    /// `pop` with only the root on the stack.
    case cannotPopRoot
    /// A request needs a root and none has been set.
    case noRoot
    /// A map request with no map template at the root.
    case noMapTemplate
    /// A navigation alert is already visible; CarPlay shows one at a time.
    case navigationAlertVisible
    /// A request about a navigation alert or trip preview that is not shown.
    case nothingShown
    /// A list row of a kind the app's category may not use: a plain row in a communication
    /// app's list, a message item elsewhere, or a message item with a handler of its own.
    case unsupportedItem
    /// A value out of its range (a negative or non-finite time, elapsed past the duration).
    case invalidValue
  }

  public var code: Code
  /// The kind of template the rule is about (nil when the rule is about no template).
  public var kind: TemplateKind?
  /// The id of the template the rule is about, when there is one.
  public var templateID: String?
  /// A whole sentence for logs and tests: "cannot <verb> <kind>: <rule>".
  public var message: String

  public init(code: Code, kind: TemplateKind?, templateID: String?, message: String) {
    self.code = code
    self.kind = kind
    self.templateID = templateID
    self.message = message
  }

  public var description: String { message }
}
