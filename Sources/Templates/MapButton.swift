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
    /// Up to four letters (shrunk to fit), for buttons that have no symbol yet.
    case letters(String)
  }

  /// What pressing the button does. The interface controller carries out every role but
  /// `app` itself (and still reports the press); `app` buttons are only reported.
  public enum Role: Hashable, Sendable {
    /// Reported to the app as `UIEffect.selected`; nothing else.
    case app
    /// Enters pan mode.
    case pan
    case zoomIn
    case zoomOut
    /// "My location": back to following the vehicle at zoom 15.
    case recentre
    /// Toggles voice guidance.
    case mute

    /// The role a symbol implies: speakers mute, zoom symbols zoom, recenter recentres.
    public init(symbol: Symbol) {
      switch symbol {
      case .speaker, .speakerMuted: self = .mute
      case .recenter: self = .recentre
      case .zoomIn: self = .zoomIn
      case .zoomOut: self = .zoomOut
      case .overview, .endRoute, .letters: self = .app
      }
    }
  }

  /// What the owner reacts to when the button is pressed.
  public var id: String
  public var symbol: Symbol
  public var isEnabled: Bool
  public var role: Role

  /// - Parameter role: nil takes the role the symbol implies (`Role(symbol:)`).
  public init(id: String, symbol: Symbol, isEnabled: Bool = true, role: Role? = nil) {
    self.id = id
    self.symbol = symbol
    self.isEnabled = isEnabled
    self.role = role ?? Role(symbol: symbol)
  }
}
