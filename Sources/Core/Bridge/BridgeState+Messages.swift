import Templates

extension BridgeState {
  /// An incoming message of a communication app, waiting or on screen.
  public struct HeldMessage: Sendable, Equatable {
    public var client: BridgeClientID
    public var alert: MessageAlert

    /// The id of its navigation alert over the built-in map: the app's id made unique
    /// among clients.
    public var alertID: String {
      "\(NavigationApp.foreignAlertPrefix)message.\(client.rawValue).\(alert.id)"
    }
  }

  /// The most incoming messages kept waiting; one more drops the oldest.
  public static let maximumHeldMessages = 4
}
