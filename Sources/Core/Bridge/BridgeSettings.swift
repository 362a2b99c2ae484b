import Templates

/// The core's side of the bridge: timing, whether a bridge client counts for the
/// lifecycle, and what `hello` tells a client about the unit.
public struct BridgeSettings: Sendable, Equatable {
  /// The protocol versions this head unit speaks.
  public static let supportedVersions = [1]

  /// How often the unit sends each client a heartbeat; clients are asked to send theirs
  /// at the same pace.
  public var heartbeatInterval: Duration = .seconds(2)
  /// A client silent this long (no heartbeat, no hello) is disconnected. The daemon sets
  /// it to the lifecycle's `heartbeatTimeout`, so a client and the lifecycle agree on
  /// when the bridge went quiet.
  public var timeout: Duration = .seconds(5)
  /// Whether clients' heartbeats and goodbyes feed the lifecycle: the last client gone
  /// starts draining, as ignition off does.
  public var disconnectDrains = true
  /// The unit's name in `hello`.
  public var unitName = "headunit"
  /// The screen's size in `hello`.
  public var screen = ScreenSize.standard

  public init() {}
}
