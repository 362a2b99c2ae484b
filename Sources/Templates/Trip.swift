import Geo

/// A journey the driver may start, with its route choices (CarPlay's `CPTrip`).
public struct Trip: Hashable, Sendable, Identifiable {
  public var id: String
  public var origin: Coordinate
  public var destination: Coordinate
  /// The destination's name, longest form first.
  public var destinationNameVariants: [String]
  /// At least one.
  public var routeChoices: [RouteChoice]

  public init(
    id: String, origin: Coordinate, destination: Coordinate, destinationNameVariants: [String],
    routeChoices: [RouteChoice]
  ) {
    self.id = id
    self.origin = origin
    self.destination = destination
    self.destinationNameVariants = destinationNameVariants
    self.routeChoices = routeChoices
  }
}
