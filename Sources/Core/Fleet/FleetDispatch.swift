import Foundation
import Geo

/// A destination a dispatcher sent down (MQTT `fleet/{vehicleId}/destination`), checked at
/// the transport: shown to the driver as a trip preview, never started without them.
public struct FleetDispatch: Sendable, Equatable {
  /// The dispatcher's name for the command, echoed in every reply; nil when it gave none.
  public var id: String?
  /// Where to go; its `id` starts with ``placePrefix``, or, handed to the app, that of a
  /// place the app knows within 50 m.
  public var place: Place

  /// A dispatch to `coordinate` called `name` (its coordinates when nil).
  public init(id: String?, coordinate: Coordinate, name: String?) {
    self.id = id
    let label =
      name
      ?? String(format: "%.5f, %.5f", coordinate.latitude, coordinate.longitude)
    let key = id ?? String(format: "%.6f,%.6f", coordinate.latitude, coordinate.longitude)
    place = Place(id: Self.placePrefix + key, name: label, coordinate: coordinate)
  }

  /// Starts the id of a place a dispatcher sent.
  public static let placePrefix = "dispatch:"
}
