import Geo

/// A trip offered to the driver: where from, where to, and the routes to choose from
/// (CarPlay's `CPTrip` with its `CPRouteChoice`s).
public struct Trip: Sendable, Equatable, Codable {
  /// Most choices a trip preview offers.
  public static let maximumRouteChoices = 3

  public var origin: Coordinate
  public var destination: Coordinate
  /// Names for the destination, most to least verbose.
  public var destinationNameVariants: [String]
  public var routeChoices: [RouteChoice]

  public init(
    origin: Coordinate, destination: Coordinate, destinationNameVariants: [String] = [],
    routeChoices: [RouteChoice]
  ) {
    self.origin = origin
    self.destination = destination
    self.destinationNameVariants = destinationNameVariants
    self.routeChoices = routeChoices
  }

  /// A trip along `route`, its only choice.
  public init(route: Route, name: String? = nil) {
    let steps = route.steps
    self.init(
      origin: route.origin ?? steps.first?.maneuver.location
        ?? Coordinate(latitude: 0, longitude: 0),
      destination: route.destination ?? steps.last?.maneuver.location
        ?? Coordinate(latitude: 0, longitude: 0),
      destinationNameVariants: name.map { [$0] } ?? [],
      routeChoices: [RouteChoice(route: route)])
  }
}

/// One way to drive a trip.
public struct RouteChoice: Sendable, Equatable, Codable {
  /// The route, or nil when it still has to be computed (the session pauses `loading`).
  public var route: Route?
  /// "1.8 km", most to least verbose.
  public var summaryVariants: [String]
  /// "Fastest", "Avoids tolls".
  public var additionalInformationVariants: [String]
  /// "5 min".
  public var selectionSummaryVariants: [String]

  public init(
    route: Route?, summaryVariants: [String] = [], additionalInformationVariants: [String] = [],
    selectionSummaryVariants: [String] = []
  ) {
    self.route = route
    self.summaryVariants = summaryVariants
    self.additionalInformationVariants = additionalInformationVariants
    self.selectionSummaryVariants = selectionSummaryVariants
  }
}
