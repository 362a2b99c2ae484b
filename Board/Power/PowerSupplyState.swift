/// The state of a power supply as `/sys/class/power_supply/*` reports it.
public struct PowerSupplyState: Sendable, Equatable {
  /// The supply's directory name (e.g. `BAT0`, `ups`, `ACAD`).
  public var name: String
  /// `online` for mains/USB supplies: whether external power is present.
  public var online: Bool?
  /// `status` for batteries: Charging, Discharging, Full, Not charging, Unknown.
  public var status: String?
  /// `capacity` for batteries, percent.
  public var capacity: Int?
  /// `type`: Mains, USB, Battery, UPS, … (`nil` if the node has none).
  public var type: String?

  public init(
    name: String, online: Bool? = nil, status: String? = nil, capacity: Int? = nil,
    type: String? = nil
  ) {
    self.name = name
    self.online = online
    self.status = status
    self.capacity = capacity
    self.type = type
  }

  /// Whether this is a battery (by `type`, or by having a charge status and capacity).
  public var isBattery: Bool {
    if let type { return type == "Battery" }
    return status != nil && capacity != nil
  }
}
