import Core
import JSON

/// The `lifecycle` section: how long the unit keeps going once a cause to stop appears, and
/// how it powers off (see `LifecycleMachine`).
public struct LifecycleSettings: ConfigurationSection {
  /// How long guidance keeps running after the last cause to stop appeared.
  public var gracePeriod: Duration = .seconds(10)
  /// Delay after teardown before the shutdown command runs; zero means never.
  public var shutdownDelay: Duration = .seconds(60)
  /// The command that powers the unit off, as argv; `nil` for none.
  public var shutdownCommand: [String]?
  /// Longest silence after a bridge heartbeat before the bridge counts as gone.
  public var heartbeatTimeout: Duration = .seconds(5)
  /// How long the Parked screen shows before the screen blanks.
  public var parkedScreen: Duration = .seconds(5)

  /// Every setting at its default.
  public init() {}

  static let name = "lifecycle"

  static var keys: [ConfigurationKey<Self>] {
    [
      .duration(
        "gracePeriodSeconds", \.gracePeriod, in: 0...600,
        doc: "how long guidance keeps running after ignition off, power lost or the bridge gone"),
      .duration(
        "shutdownDelaySeconds", \.shutdownDelay, in: 0...86_400, zeroIsNever: true,
        doc: "delay after teardown before the shutdown command runs"),
      .optional(
        "shutdownCommand", \.shutdownCommand,
        allowed:
          "a non-empty array of non-empty strings, run as argv: `[\"systemctl\", \"poweroff\"]`",
        read: { node throws(JSONError) in try node.nonEmptyStrings() },
        write: { .array($0.map(JSONValue.string)) }),
      .duration(
        "heartbeatTimeoutSeconds", \.heartbeatTimeout, in: 0.5...300,
        doc: "longest silence after a bridge heartbeat before the bridge counts as gone"),
      .duration(
        "parkedScreenSeconds", \.parkedScreen, in: 0...600,
        doc: "how long the Parked screen shows before the screen blanks"),
    ]
  }

  /// The lifecycle machine's timings and shutdown command, in the machine's seconds.
  public var machine: LifecycleMachine.Configuration {
    LifecycleMachine.Configuration(
      gracePeriod: gracePeriod, shutdownDelay: shutdownDelay,
      shutdownCommand: shutdownCommand, heartbeatTimeout: heartbeatTimeout)
  }
}
