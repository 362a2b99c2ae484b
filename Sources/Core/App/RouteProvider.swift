import Geo
import Navigation

/// Where the navigation app gets its places and routes. Today the embedded route files
/// (`EmbeddedRouteProvider`); later the offline router plugs in here.
///
/// Implementations answer synchronously and must not block for long: the app calls them
/// while handling a knob press.
public protocol RouteProvider: Sendable {
  /// Every place the driver can search for or find nearby.
  var places: [Place] { get }

  /// The trip to `place` with its route choices (at most `Trip.maximumRouteChoices`),
  /// nil when there is no way there.
  func trip(to place: Place, from origin: Coordinate?) -> Navigation.Trip?
}
