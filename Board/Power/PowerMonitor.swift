import Core

/// Turns ignition events and power-supply snapshots into deduplicated ``PowerEvent``s.
///
/// A pure state machine: no I/O, no clock. The owner feeds it the decoded ignition events
/// (already debounced by ``InputDecoder``) and each supply snapshot from a
/// ``PowerSupplySource``; it reports only changes.
///
/// Rules:
/// - Ignition: reported when it differs from the last reported state.
/// - External power is present if any evidence says so: a non-battery supply (Mains, USB,
///   UPS) with `online` = 1, or a battery whose status is Charging, Full or Not charging.
///   It is lost when there is evidence and all of it says absent (`online` = 0, battery
///   Discharging). With no evidence at all (no supplies, only Unknown statuses) nothing is
///   reported.
/// - Battery: the first battery by name that reports a capacity. Reported when first seen,
///   when its capacity has moved by at least `capacityStep` percent from the last reported
///   value, or when it starts or stops charging (`charging` means status Charging).
/// - In one snapshot, external power comes before battery.
public struct PowerMonitor: Sendable, Equatable {
  /// The capacity change, in percent, that is worth reporting.
  public let capacityStep: Int
  /// The last reported ignition state.
  public private(set) var ignitionOn: Bool?
  /// The last reported external-power state.
  public private(set) var externalPower: Bool?
  /// The last reported battery capacity and charging flag.
  public private(set) var battery: (capacity: Int, charging: Bool)?

  public init(capacityStep: Int = 1) {
    precondition(capacityStep >= 1, "capacityStep must be at least 1")
    self.capacityStep = capacityStep
  }

  /// Takes an input event; only ignition events matter.
  public mutating func handle(_ event: InputEvent) -> [PowerEvent] {
    guard case .ignition(let on, _) = event, on != ignitionOn else { return [] }
    ignitionOn = on
    return [.ignition(on: on)]
  }

  /// Takes a snapshot of every supply.
  public mutating func handle(supplies: [PowerSupplyState]) -> [PowerEvent] {
    var events: [PowerEvent] = []
    if let present = Self.externalPower(in: supplies), present != externalPower {
      externalPower = present
      events.append(.externalPower(present: present))
    }
    let cell = supplies.sorted { $0.name < $1.name }.first { $0.isBattery && $0.capacity != nil }
    if let cell, let capacity = cell.capacity {
      let charging = cell.status == "Charging"
      let changed =
        battery.map { abs($0.capacity - capacity) >= capacityStep || $0.charging != charging }
        ?? true
      if changed {
        battery = (capacity, charging)
        events.append(.battery(capacity: capacity, charging: charging))
      }
    }
    return events
  }

  /// Whether external power is present by the rules above, or `nil` with no evidence.
  public static func externalPower(in supplies: [PowerSupplyState]) -> Bool? {
    var evidence: [Bool] = []
    for supply in supplies {
      if supply.isBattery {
        switch supply.status {
        case "Charging", "Full", "Not charging": evidence.append(true)
        case "Discharging": evidence.append(false)
        default: break
        }
      } else if let online = supply.online {
        evidence.append(online)
      }
    }
    return evidence.isEmpty ? nil : evidence.contains(true)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.capacityStep == rhs.capacityStep && lhs.ignitionOn == rhs.ignitionOn
      && lhs.externalPower == rhs.externalPower && lhs.battery?.capacity == rhs.battery?.capacity
      && lhs.battery?.charging == rhs.battery?.charging
  }
}
