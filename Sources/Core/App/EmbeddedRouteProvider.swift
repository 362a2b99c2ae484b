import Foundation
import Geo
import Navigation

/// Places and routes from prerecorded route files: each route's end is a place, and the
/// route is the only way there. Stands in for the offline router.
public struct EmbeddedRouteProvider: PlaceListProvider {
  public let places: [Place]
  /// Place id → the routes to it.
  let routes: [String: [Route]]

  /// - Parameters:
  ///   - routes: the routes; a route's destination name is its last named step.
  ///   - categories: Nearby category by place name (places not named have none).
  public init(routes: [Route], categories: [String: String] = [:]) {
    var places: [Place] = []
    var byID: [String: [Route]] = [:]
    for route in routes {
      guard let destination = route.destination else { continue }
      let name = Self.destinationName(of: route)
      let id = "embedded." + Place.slug(name)
      if byID[id] == nil {
        places.append(
          Place(id: id, name: name, coordinate: destination, category: categories[name]))
      }
      byID[id, default: []].append(route)
    }
    self.places = places
    self.routes = byID
  }

  /// The routes to `place`, the first noted as the fastest, worded in English (the app words
  /// the trip in the screen's language).
  public func trip(to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads)
    -> Navigation.Trip?
  {
    guard let found = routes[place.id], let first = found.first else { return nil }
    let choices = found.prefix(Navigation.Trip.maximumRouteChoices).enumerated().map {
      index, route in
      Navigation.RouteChoice(
        route: route, summaryVariants: [Self.distanceText(route.distance)],
        selectionSummaryVariants: [Self.durationText(route.duration)],
        additionalInformationVariants: index == 0 ? [ScreenText()[.fastest]] : [])
    }
    return Navigation.Trip(
      origin: origin ?? first.origin ?? place.coordinate, destination: place.coordinate,
      destinationNameVariants: [place.name], routeChoices: Array(choices))
  }

  /// The last step with a name, else "Destination".
  static func destinationName(of route: Route) -> String {
    route.steps.last { !$0.name.isEmpty }?.name ?? "Destination"
  }

  /// "1.8 km", or "450 m" under a kilometre.
  public static func distanceText(_ metres: Double) -> String {
    metres < 1000
      ? "\(Int((metres / 10).rounded()) * 10) m"
      : String(format: "%.1f km", metres / 1000)
  }

  /// "7 min", at least one minute.
  public static func durationText(_ seconds: Double) -> String {
    "\(max(1, Int((seconds / 60).rounded()))) min"
  }
}
