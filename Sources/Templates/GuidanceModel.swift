import Foundation
import Geo
import Navigation

/// What the guidance screen knows of a navigation session: the route it draws, the
/// session's state, the latest guidance update and when it came, where the vehicle left
/// the route, and the speed along it.
///
/// A value fed by one owner with the session's effects in order (`apply(_:at:)`); the
/// renderer turns it into a picture (`NavigationScreenModel` in Rendering). Pure: the same
/// effects at the same instants give the same model.
public struct GuidanceModel: Sendable {
  /// The route the session guides along.
  public let route: Route
  public var destinationName: String?
  /// The map template of guidance: its buttons (mute shows its state).
  public var template: MapTemplate = .guidance()
  public var isMuted = false

  public private(set) var state: NavigationSession.State = .idle
  public private(set) var latest: GuidanceUpdate?
  /// When `latest` came.
  public private(set) var latestAt: Date?
  /// Where the vehicle left the route, while guidance waits for it to come back.
  public private(set) var offRoutePosition: Coordinate?
  /// Speed along the route from the last two updates, m/s.
  public private(set) var speed = 0.0

  public init(route: Route, destinationName: String? = nil) {
    self.route = route
    self.destinationName = destinationName
  }

  /// Takes in one effect of the session, which happened at `instant`.
  public mutating func apply(_ effect: NavigationSession.Effect, at instant: Date) {
    switch effect {
    case .stateChanged(let new):
      state = new
      if new == .navigating { offRoutePosition = nil }
    case .offRoute(let position): offRoutePosition = position
    case .publish(let update):
      if let previous = latest, let previousAt = latestAt {
        let dt = instant.timeIntervalSince(previousAt)
        if dt > 0 { speed = max(0, (update.offset - previous.offset) / dt) }
      }
      latest = update
      latestAt = instant
    default: break
    }
  }
}
