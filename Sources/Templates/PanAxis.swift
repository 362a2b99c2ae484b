/// The axis the knob pans along in pan mode; the knob's press switches it.
public enum PanAxis: Hashable, Sendable {
  /// Clockwise pans right.
  case horizontal
  /// Clockwise pans down.
  case vertical

  /// The other axis.
  public var toggled: PanAxis { self == .horizontal ? .vertical : .horizontal }
}
