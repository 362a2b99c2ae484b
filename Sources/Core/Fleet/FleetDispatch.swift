import Foundation
import Geo
import Navigation

/// A destination a dispatcher sent down (MQTT `fleet/{vehicleId}/destination`), checked at
/// the transport: shown to the driver as a trip preview, never started without them.
public struct FleetDispatch: Sendable, Equatable {
  /// The dispatcher's name for the command, echoed in every reply; nil when it gave none.
  public var id: String?
  /// Where to go; its `id` starts with ``placePrefix``, or, handed to the app, that of a
  /// place the app knows within 50 m.
  public var place: Place
  /// When the dispatcher no longer wants it shown; nil for never. A dispatch that arrives
  /// after it (held by the broker while the unit was off) is answered `expired` and never
  /// reaches the screen.
  public var expires: Date?
  /// The kinds of road the trip keeps off, instead of the driver's route options; nil for
  /// the driver's.
  public var avoid: AvoidableRoads?

  /// A dispatch to `coordinate` called `name` (its coordinates when nil).
  public init(
    id: String?, coordinate: Coordinate, name: String?, expires: Date? = nil,
    avoid: AvoidableRoads? = nil
  ) {
    self.id = id
    self.expires = expires
    self.avoid = avoid
    let label =
      name
      ?? String(format: "%.5f, %.5f", coordinate.latitude, coordinate.longitude)
    let key = id ?? String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude)
    place = Place(id: Self.placePrefix + key, name: label, coordinate: coordinate)
  }

  /// Starts the id of a place a dispatcher sent.
  public static let placePrefix = "dispatch:"
}
