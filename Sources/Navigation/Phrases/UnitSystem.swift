/// Which units spoken and displayed distances use.
public enum UnitSystem: String, Sendable {
  /// Metres and kilometres.
  case metric
  /// Feet and miles.
  case imperial
}
