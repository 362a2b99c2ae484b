/// The `gpsd` section: where positions come from.
public struct GPSSettings: ConfigurationSection {
  /// Whether positions are read from gpsd at all.
  public var enabled = true
  /// The gpsd host.
  public var host = "127.0.0.1"
  /// The gpsd port.
  public var port = 2947

  /// Every setting at its default.
  public init() {}

  static let name = "gpsd"

  static var keys: [ConfigurationKey<Self>] {
    [
      .sectionSwitch("enabled", \.enabled),
      .text("host", \.host, allowed: "a host name or address, not empty"),
      .integer("port", \.port, in: 1...65_535),
    ]
  }
}
