import Geo

/// Why the offline router could not answer: the one error type of the Routing module.
public struct RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, Sendable, Equatable {
    /// No drivable road within the snapping radius of the start.
    case noRoadNearStart
    /// No drivable road within the snapping radius of the destination.
    case noRoadNearDestination
    /// Both ends are on the map, but no legal way leads from one to the other.
    case noRoute
    /// A coordinate is not a valid latitude/longitude.
    case invalidCoordinate
    /// A map file could not be read or is not a map.
    case badMap
  }

  public var code: Code
  /// What happened, for a person: "no road near the start (within 200 m)".
  public var message: String
  /// The lower-level error, when there is one.
  public var underlying: String?

  public init(_ code: Code, _ message: String, underlying: String? = nil) {
    self.code = code
    self.message = message
    self.underlying = underlying
  }

  public var description: String { message + (underlying.map { ": \($0)" } ?? "") }
}
