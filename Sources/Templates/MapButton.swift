/// A round button over the map (CarPlay's `CPMapButton`): an icon, no text.
public struct MapButton: Hashable, Sendable, Identifiable {
  /// What the button shows; screens draw each symbol as vectors.
  public enum Symbol: Hashable, Sendable {
    /// Voice guidance is on; pressing mutes it.
    case speaker
    /// Voice guidance is muted; pressing unmutes it.
    case speakerMuted
    /// Show the whole route.
    case overview
    /// Back to following the vehicle.
    case recenter
    case zoomIn
    case zoomOut
    /// End the trip.
    case endRoute
    /// Up to three letters, for buttons that have no symbol yet.
    case letters(String)
  }

  /// What the owner reacts to when the button is pressed.
  public var id: String
  public var symbol: Symbol
  public var isEnabled: Bool

  public init(id: String, symbol: Symbol, isEnabled: Bool = true) {
    self.id = id
    self.symbol = symbol
    self.isEnabled = isEnabled
  }
}
