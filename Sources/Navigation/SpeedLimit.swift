/// The legal speed limit of an edge in its direction, as the driver sees it signed.
public struct SpeedLimit: Sendable, Hashable, Codable {
  public enum Unit: UInt8, Sendable, Hashable, Codable {
    case kilometresPerHour = 0
    case milesPerHour = 1
  }

  /// Where the limit comes from.
  public enum Source: UInt8, Sendable, Hashable, Codable {
    /// `maxspeed` (or `maxspeed:forward`/`:backward`) with a number.
    case tagged = 1
    /// A zone or type tag (`maxspeed=DE:urban`, `zone:maxspeed=DE:30`, `source:maxspeed`).
    case zone = 2
    /// The country's implicit limit for the road's class inside a built-up area.
    case implicitUrban = 3
    /// The same outside one.
    case implicitRural = 4
  }

  /// The number on the sign, in `unit`.
  public var value: Int
  public var unit: Unit
  public var source: Source

  public init(value: Int, unit: Unit, source: Source) {
    self.value = value
    self.unit = unit
    self.source = source
  }

  /// The limit in km/h.
  public var kilometresPerHour: Double {
    unit == .milesPerHour ? Double(value) * 1.609_344 : Double(value)
  }

  /// The limit in miles per hour.
  public var milesPerHour: Double {
    unit == .milesPerHour ? Double(value) : Double(value) / 1.609_344
  }

  /// The largest limit read from a map or a server, per unit: anything above is a typing
  /// error (`maxspeed=5000`), not a road.
  public static let largest: [Unit: Int] = [.kilometresPerHour: 300, .milesPerHour: 200]

  /// Whether the limit is one a sign states (rather than the country's rule for the road).
  public var isSigned: Bool { source == .tagged || source == .zone }
}
