import Bridge
import Core
import JSON

/// The `bridge` section: the app bridge's socket, its pace and its limits (see
/// `BridgeServer`, `docs/bridge.md`).
public struct BridgeServerSettings: ConfigurationSection {
  /// Whether the app bridge's socket is served.
  public var enabled = true
  /// The bridge's Unix socket.
  public var socket = "/run/headunit/bridge.sock"
  /// The group whose members may connect; nil for the daemon's own.
  public var group: String?
  /// Time between two heartbeats to each client.
  public var heartbeat: Duration = .seconds(2)
  /// Whether the last bridge client gone starts draining.
  public var disconnectDrains = true
  /// Unsent messages to one client before it is disconnected.
  public var maxQueuedMessages = 1024
  /// Unsent bytes to one client before it is disconnected.
  public var maxQueuedBytes = 4 << 20
  /// Clients connected at once.
  public var maxClients = 16

  /// Every setting at its default.
  public init() {}

  static let name = "bridge"

  static var keys: [ConfigurationKey<Self>] {
    [
      .sectionSwitch(
        "enabled", \.enabled,
        doc: "serve the app bridge's socket (see [The app bridge](#the-app-bridge))"),
      .value(
        "socket", \.socket,
        allowed: "an absolute path of at most \(UnixSocketAddress.longestPath) bytes (what a "
          + "socket address holds)",
        doc: "its directory is created if missing",
        read: { node throws(JSONError) in
          let path = try node.absolutePath()
          guard path.utf8.count <= UnixSocketAddress.longestPath else {
            throw node.error(
              "the path is \(path.utf8.count) bytes; a socket address holds at most "
                + "\(UnixSocketAddress.longestPath)")
          }
          return path
        }, write: JSONValue.string),
      .text(
        "group", \.group,
        allowed: "a group name: the socket's group, whose members may connect (mode 0660)",
        none: "none: the daemon's own group"),
      .duration(
        "heartbeatSeconds", \.heartbeat, in: 0.5...60,
        doc: "how often the unit sends each client a heartbeat (and asks for theirs); a client "
          + "silent for `lifecycle.heartbeatTimeoutSeconds` is disconnected"),
      .bool(
        "disconnectDrains", \.disconnectDrains,
        doc: "the last client gone counts as the lifecycle's \"bridge client gone\" and starts "
          + "draining"),
      .integer(
        "maxQueuedMessages", \.maxQueuedMessages, in: 16...100_000,
        doc: "unsent messages to one client before it is disconnected as too slow a reader"),
      .integer(
        "maxQueuedBytes", \.maxQueuedBytes, in: 65_536...268_435_456, unit: "bytes",
        doc: "unsent bytes to one client before the same"),
      .integer(
        "maxClients", \.maxClients, in: 1...256,
        doc: "clients connected at once; one more is refused (`tooManyClients`) and logged"),
    ]
  }

  /// The server's limits.
  public var limits: BridgeServer.Limits {
    var limits = BridgeServer.Limits()
    limits.maximumQueuedMessages = maxQueuedMessages
    limits.maximumQueuedBytes = maxQueuedBytes
    limits.maximumClients = maxClients
    return limits
  }
}
