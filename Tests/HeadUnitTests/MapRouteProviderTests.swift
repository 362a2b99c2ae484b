import Foundation
import Geo
import Navigation
import Routing
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// Destinations and route choices from the embedded Helsinki map.
@Suite("Places and routes from the offline map")
struct MapRouteProviderTests {
  static let provider: MapRouteProvider? = {
    guard let url = EmbeddedData.mapURL, let map = try? RoadMap(contentsOf: url) else {
      return nil
    }
    return MapRouteProvider(map: map)
  }()

  @Test("streets and points of interest are places; \"toolon\" finds Töölönlahdenkatu")
  func places() throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    let names = provider.places.map(\.name)
    #expect(names.contains("Töölönlahdenkatu"))
    #expect(names.contains("Mannerheimintie"))
    #expect(Set(provider.places.map(\.id)).count == provider.places.count, "ids are unique")
    #expect(PlaceMatcher(names: names).matches("toolon").contains("Töölönlahdenkatu"))
    let categories = NavigationApp.categories(of: provider.places)
    #expect(categories.count == GridTemplate.maximumButtonCount)
    #expect(!categories.contains(NavigationApp.otherCategory), "\(categories)")
  }

  @Test("a trip has one to three route choices, the first the fastest, each a real route")
  func trip() throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    let place = try #require(provider.places.first { $0.name == "Töölönlahdenkatu" })
    let origin = Coordinate(latitude: 60.16678, longitude: 24.94956)
    let trip = try #require(provider.trip(to: place, from: origin))
    #expect((1...3).contains(trip.routeChoices.count))
    let routes = trip.routeChoices.compactMap(\.route)
    #expect(routes.count == trip.routeChoices.count)
    #expect(routes.map(\.duration) == routes.map(\.duration).sorted())
    let first = try #require(routes.first)
    #expect(Earth.distance(try #require(first.destination), place.coordinate) < 60)
    #expect(first.steps.first?.maneuver.kind == .depart)
    #expect(first.steps.last?.maneuver.kind == .arrive)
    #expect(provider.trip(to: place, from: nil) == nil, "no position, no route")
  }
}
