/// The unit's answer to a command from the fleet (MQTT: on the reply topic): what became of
/// it, with the command's id. Thrown by a command's reader for a command it refuses.
public struct FleetCommandReply: Error, Sendable, Equatable {
  public enum Status: String, Sendable {
    /// The destination's preview is on screen (or, while guiding, the driver is asked
    /// whether to see it).
    case shown
    /// The driver started guidance to it.
    case accepted
    /// The driver dismissed it, chose another destination, or a newer dispatch replaced
    /// it.
    case declined
    /// The unit cannot show it now (no position, no route, the screen held by a phone
    /// app); `message` says why. Nothing changed.
    case unavailable
    /// The command arrived after its `expires` time (held by the broker while the unit was
    /// off); `message` says when. Nothing changed.
    case expired
    /// The command was malformed or unknown; `message` says what was expected. Nothing
    /// changed.
    case error
  }

  /// The command's `id`, nil when it had none (or none could be read).
  public var id: String?
  public var status: Status
  /// Why, for `declined`, `unavailable` and `error`.
  public var message: String?

  public init(id: String?, status: Status, message: String? = nil) {
    self.id = id
    self.status = status
    self.message = message
  }
}
