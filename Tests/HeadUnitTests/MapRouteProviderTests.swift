import Foundation
import Geo
import MapFile
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

  @Test("\"toolon\" finds Töölönlahdenkatu; Nearby: the driver's categories, nearest first")
  func places() throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    let found = provider.search("toolon", near: nil, limit: 12)
    #expect(found.contains { $0.name.hasPrefix("Töölönlahdenkatu") }, "\(found.map(\.name))")
    let categories = provider.categories()
    #expect(categories.count == GridTemplate.maximumButtonCount)
    #expect(!categories.contains(PlaceCategories.other), "\(categories)")
    let driverFirst = PlaceCategories.driverCategories.filter(categories.contains)
    #expect(Array(categories.prefix(driverFirst.count)) == driverFirst, "\(categories)")
    let here = Coordinate(latitude: 60.1699, longitude: 24.9384)
    for category in categories {
      let near = provider.places(inCategory: category, near: here, limit: 12)
      #expect(!near.isEmpty && near.count <= 12, "\(category)")
      #expect(near.allSatisfy { $0.category == category })
      #expect(Set(near.map(\.id)).count == near.count, "ids are unique")
      let distances = near.map { Earth.distance($0.coordinate, here) }
      #expect(distances == distances.sorted(), "\(category): nearest first")
      // None of the category left out is nearer than the farthest shown.
      let all = provider.places(inCategory: category, near: nil, limit: .max)
      #expect(all.count >= near.count)
      if let farthest = distances.last, all.count > near.count {
        let nearer = all.filter { Earth.distance($0.coordinate, here) < farthest }
        #expect(nearer.count <= near.count, "\(category)")
      }
    }
    #expect(provider.places(inCategory: nil, near: nil, limit: 3).count == 3)
    #expect(provider.places(inCategory: "No such category", near: here, limit: 5).isEmpty)
  }

  @Test("a trip has one to three route choices, the router's first, each a real route")
  func trip() throws {
    let provider = try #require(Self.provider, "the embedded map does not open")
    let place = try #require(
      provider.search("Töölönlahdenkatu", near: nil, limit: 1).first { $0.street != nil })
    let origin = Coordinate(latitude: 60.16678, longitude: 24.94956)
    let trip = try #require(provider.trip(to: place, from: origin))
    #expect((1...3).contains(trip.routeChoices.count))
    let routes = trip.routeChoices.compactMap(\.route)
    #expect(routes.count == trip.routeChoices.count)
    // The first is the router's preferred route, called "Fastest" only when it is.
    let quickest = try #require(routes.map(\.duration).min())
    #expect(
      trip.routeChoices[0].additionalInformationVariants == [
        routes[0].duration <= quickest ? "Fastest" : "Recommended"
      ])
    let first = try #require(routes.first)
    #expect(Earth.distance(try #require(first.destination), place.coordinate) < 60)
    #expect(first.steps.first?.maneuver.kind == .depart)
    #expect(first.steps.last?.maneuver.kind == .arrive)
    #expect(provider.trip(to: place, from: nil) == nil, "no position, no route")
  }
}
