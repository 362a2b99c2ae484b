import Geo

/// A trip offered to the driver: where from, where to, and the routes to choose from
/// (CarPlay's `CPTrip` with its `CPRouteChoice`s).
///
/// One type for the session's trip and the trip a preview shows: a trip from a bridge app
/// carries no routes (its choices' `route` is nil), since the app guides itself.
public struct Trip: Hashable, Sendable, Identifiable, Codable {
  /// Most choices a trip preview offers.
  public static let maximumRouteChoices = 3

  /// Names the trip in a preview. Not saved: a resumed trip is named by its place.
  public var id: String = ""
  public var origin: Coordinate
  public var destination: Coordinate
  /// Names for the destination, most to least verbose.
  public var destinationNameVariants: [String]
  /// A preview needs at least one.
  public var routeChoices: [RouteChoice]
  /// The kinds of road its routes keep off where they can (the driver's route options);
  /// a reroute keeps off them too. Saved with the trip (absent in an older save: none).
  public var avoid: AvoidableRoads = []

  private enum CodingKeys: String, CodingKey {
    case origin, destination, destinationNameVariants, routeChoices, avoid
  }

  public init(
    id: String = "", origin: Coordinate, destination: Coordinate,
    destinationNameVariants: [String] = [], routeChoices: [RouteChoice],
    avoid: AvoidableRoads = []
  ) {
    self.id = id
    self.origin = origin
    self.destination = destination
    self.destinationNameVariants = destinationNameVariants
    self.routeChoices = routeChoices
    self.avoid = avoid
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    origin = try c.decode(Coordinate.self, forKey: .origin)
    destination = try c.decode(Coordinate.self, forKey: .destination)
    destinationNameVariants = try c.decode([String].self, forKey: .destinationNameVariants)
    routeChoices = try c.decode([RouteChoice].self, forKey: .routeChoices)
    avoid = try c.decodeIfPresent(AvoidableRoads.self, forKey: .avoid) ?? []
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

/// One way to drive a trip, as the preview shows it.
public struct RouteChoice: Hashable, Sendable, Codable {
  /// The route, or nil when it still has to be computed (the session pauses `loading`)
  /// or a bridge app guides along it itself.
  public var route: Route?
  /// Distance, most to least verbose ("1.8 km").
  public var summaryVariants: [String]
  /// Driving time, most to least verbose ("5 min").
  public var selectionSummaryVariants: [String]
  /// A note such as "Fastest" or "Avoids tolls", most to least verbose.
  public var additionalInformationVariants: [String]
  /// The roads it takes ("via Mannerheimintie"), most to least verbose. Not saved: only a
  /// preview shows it.
  public var viaVariants: [String] = []

  private enum CodingKeys: String, CodingKey {
    case route, summaryVariants, selectionSummaryVariants, additionalInformationVariants
  }

  public init(
    route: Route? = nil, summaryVariants: [String] = [], selectionSummaryVariants: [String] = [],
    additionalInformationVariants: [String] = [], viaVariants: [String] = []
  ) {
    self.route = route
    self.summaryVariants = summaryVariants
    self.selectionSummaryVariants = selectionSummaryVariants
    self.additionalInformationVariants = additionalInformationVariants
    self.viaVariants = viaVariants
  }
}
