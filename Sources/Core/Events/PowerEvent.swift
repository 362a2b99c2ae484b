/// What the power monitor reports.
public enum PowerEvent: Sendable, Equatable {
  /// Ignition (ACC) after its debounce.
  case ignition(on: Bool)
  /// External power present or lost, from the supplies' `online` / battery `status`.
  case externalPower(present: Bool)
  /// A battery's charge, percent.
  case battery(capacity: Int, charging: Bool)
}
