import Core
import Foundation
import Geo
import MapFile
import Navigation
import Routing
import Search

/// Places and routes from an offline map: its addresses, streets, places and points of
/// interest through the map's search index (`AddressSearch`), Nearby from its points of
/// interest, and up to three route choices to any of them from the offline router.
///
/// Nothing is built or decoded when it is made: every answer reads the map's records, so
/// a country's map costs no more to open than a town's. Nearby walks the place records
/// (two fields each) per question; the house numbers a number typed first is matched
/// against are gathered the first time one is typed, then kept. `trip(to:from:)` routes
/// on the calling thread: a few milliseconds offline, and with a routing server up to
/// ``tripTimeout`` more before falling back to the offline router.
public struct MapRouteProvider: RouteProvider {
  public let map: RoadMap
  /// Also answers the session's reroutes.
  public let router: Router<RoadMap>
  /// The routing server first, then `router`.
  public let service: RoutingService
  /// Answers `search`, `nextLetters` and `houseNumbers` over the map's addresses.
  public let addressSearch: AddressSearch
  /// Every house number of the map, folded, gathered when first asked: the speller's
  /// letters for a number typed first.
  let foldedHouseNumbers = OnFirstUse<Set<String>>()

  /// The longest a trip waits for the routing server: the app asks while handling a knob
  /// press, so less than the server's own timeout when that is longer.
  public static let tripTimeout: Duration = .milliseconds(1500)

  /// - Parameters:
  ///   - server: Asked first for trips; nil for the offline router only.
  ///   - logger: Told which router answered.
  public init(map: RoadMap, server: RemoteRouter? = nil, logger: Logger? = nil) {
    self.map = map
    router = Router(graph: map)
    service = RoutingService(server: server, offline: router, logger: logger)
    addressSearch = AddressSearch(map: map)
  }

  /// The trip from `origin` to `place` keeping off `avoid` where it can; nil without a
  /// position to start from or a way there. Blocks: with a routing server, up to the
  /// shorter of its timeout and ``tripTimeout``, then the offline router.
  public func trip(to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads)
    -> Navigation.Trip?
  {
    guard let origin else { return nil }
    guard let routes = routes(to: place, from: origin, avoiding: avoid), !routes.isEmpty
    else { return nil }
    // The router's choice comes first; an alternative on smaller roads may still arrive a
    // little sooner by the estimate, so the first is "Fastest" only when it is. The notes
    // are the English catalog's; the app words the trip in the screen's language.
    let english = ScreenText()
    let quickest = routes.map(\.duration).min() ?? 0
    let choices = routes.enumerated().map { index, route in
      Navigation.RouteChoice(
        route: route, summaryVariants: [EmbeddedRouteProvider.distanceText(route.distance)],
        selectionSummaryVariants: [EmbeddedRouteProvider.durationText(route.duration)],
        additionalInformationVariants: index > 0
          ? [Self.via(route)] : [english[route.duration <= quickest ? .fastest : .recommended]])
    }
    return Navigation.Trip(
      origin: origin, destination: place.coordinate, destinationNameVariants: [place.name],
      routeChoices: choices, avoid: avoid)
  }

  /// The routes to `place` through `service`: to its road point, facing the address, when
  /// the search gave one, else to its coordinate.
  func routes(to place: Place, from origin: Coordinate, avoiding avoid: AvoidableRoads = [])
    -> ArraySlice<Route>?
  {
    let alternatives = Navigation.Trip.maximumRouteChoices - 1
    let timeout = service.server.map { min($0.timeout, Self.tripTimeout) }
    let answer: RoutingService.Answer?
    if let edge = place.roadEdge, let offset = place.roadOffset {
      let roadPoint = RoadPoint(edge: edge, offset: offset, side: nil, coordinate: place.coordinate)
      answer = try? service.routes(
        from: origin, to: roadPoint, facing: place.entrance ?? place.coordinate,
        alternatives: alternatives, avoid: avoid, timeout: timeout)
    } else {
      answer = try? service.routes(
        from: origin, to: place.coordinate, alternatives: alternatives, avoid: avoid,
        timeout: timeout)
    }
    return answer?.routes.prefix(Navigation.Trip.maximumRouteChoices)
  }

  /// "Via Mannerheimintie": the longest named road of a route.
  static func via(_ route: Route) -> String {
    var lengths: [String: Double] = [:]
    for step in route.steps where !step.name.isEmpty {
      lengths[step.name, default: 0] += step.distance
    }
    return lengths.max { $0.value < $1.value }.map { "Via \($0.key)" } ?? "Alternative"
  }
}
