import Templates

/// A request the bridge refused, as its client sees it: a code to branch on, a sentence a
/// person can act on, and the JSON path of the value at fault when there is one
/// (`$.template.sections[0].items[2].title`).
///
/// The connection stays up after any of these (only the request failed), except
/// `tooManyClients` and `notPermitted`, sent once before the connection is closed.
public struct BridgeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Protocol-level codes; template rules use the interface controller's own codes
  /// (`depthExceeded`, `alreadyPresenting`, …).
  public enum Code {
    /// The line is not JSON, or not a JSON object.
    public static let badJSON = "badJSON"
    /// The line is longer than `BridgeLineReader.maximumLineLength`.
    public static let lineTooLong = "lineTooLong"
    /// `type` names no request this version knows.
    public static let unknownType = "unknownType"
    /// A field is missing, has the wrong type or an out-of-range value.
    public static let invalidRequest = "invalidRequest"
    /// A request came before `hello`.
    public static let helloFirst = "helloFirst"
    /// `hello` asked for a protocol version the unit does not speak.
    public static let unsupportedVersion = "unsupportedVersion"
    /// Another app (or the built-in one) holds the screen: set a root template first.
    public static let notOnScreen = "notOnScreen"
    /// A navigation request with no navigation session of this client running.
    public static let noNavigation = "noNavigation"
    /// The built-in router found no route to the destination.
    public static let noRoute = "noRoute"
    /// The connection was refused: as many clients are connected as the unit serves.
    public static let tooManyClients = "tooManyClients"
    /// The connection was refused: the connecting user may not use the bridge.
    public static let notPermitted = "notPermitted"
  }

  public var code: String
  public var message: String
  /// JSONPath of the offending value, nil when the request as a whole is at fault.
  public var path: String?

  public init(code: String, message: String, path: String? = nil) {
    self.code = code
    self.message = message
    self.path = path
  }

  /// A broken template rule, with the controller's code and sentence.
  public init(_ error: TemplateError) {
    self.init(code: error.code.rawValue, message: error.message)
  }

  public var description: String {
    path.map { "\(code) at \($0): \(message)" } ?? "\(code): \(message)"
  }
}
