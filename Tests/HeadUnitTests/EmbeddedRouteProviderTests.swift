import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Core
@testable import HeadUnit

@Suite("Embedded route provider")
struct EmbeddedRouteProviderTests {
  @Test func eachEmbeddedRouteEndIsAPlaceWithARoute() throws {
    let provider = try EmbeddedRouteProvider.loadEmbedded()
    #expect(EmbeddedRouteProvider.embeddedRouteURLs.count == 6)
    #expect(!provider.places.isEmpty)
    #expect(Set(provider.places.map(\.id)).count == provider.places.count)
    for place in provider.places {
      let trip = try #require(provider.trip(to: place, from: nil))
      #expect(!trip.routeChoices.isEmpty)
      #expect(trip.routeChoices.count <= Navigation.Trip.maximumRouteChoices)
      #expect(trip.routeChoices.allSatisfy { $0.route != nil && !$0.summaryVariants.isEmpty })
      #expect(trip.destinationNameVariants == [place.name])
    }
  }

  @Test func theAppPreviewsAnEmbeddedPlaceFoundBySearch() throws {
    let provider = try EmbeddedRouteProvider.loadEmbedded()
    let place = try #require(provider.places.first)
    var app = NavigationApp(provider: provider)
    let t = Date(timeIntervalSince1970: 0)
    _ = app.handle(.launch, at: t)
    app.choose(place, at: t)
    #expect(app.phase == .previewing(place))
    #expect(app.controller.map?.tripPreview?.trips.first?.id == place.id)
  }

  @Test func textForms() {
    #expect(EmbeddedRouteProvider.distanceText(452) == "450 m")
    #expect(EmbeddedRouteProvider.distanceText(1849) == "1.8 km")
    #expect(EmbeddedRouteProvider.durationText(20) == "1 min")
    #expect(EmbeddedRouteProvider.durationText(430) == "7 min")
    #expect(Place.slug("Töölönlahden katu 3") == "toolonlahden-katu-3")
  }
}

@Suite("Navigation app tour")
struct NavigationAppTourTests {
  @Test func theTourReachesEveryScreen() throws {
    let provider = try EmbeddedRouteProvider.loadEmbedded()
    let frames = NavigationAppTour.run(
      provider: provider, phrases: try Phrasebook(language: "en"),
      position: Coordinate(latitude: 60.1699, longitude: 24.9384),
      start: Date(timeIntervalSince1970: 0))
    let tops = frames.map { $0.controller.topTemplate?.id }
    #expect(
      tops == [
        "map", "map", "destinations", "favourites", "map", "route-options", "map", "end-trip",
        "map", "search", "search", "map",
      ])
    #expect(frames[4].controller.map?.tripPreview != nil)
    // Route options from the preview's Options button, tolls turned on by the knob.
    guard case .list(let options)? = frames[5].controller.topTemplate else {
      Issue.record("no Route options list")
      return
    }
    #expect(
      options.allItems.first { $0.id == NavigationApp.optionID(.tolls) }?.accessory == .checkmark)
    #expect(
      frames[6].controller.map?.mapButtons.map(\.id) == ["mute", "overview", "recenter", "end"])
    #expect(frames.last?.controller.map?.tripPreview != nil)
    // The knob's presses went to the whole core: Start began guidance, End Trip ended it.
    #expect(frames[6].core.session.state.isActive)
    #expect(frames[6].core.guidance != nil)
    #expect(frames[6].core.session.trip?.avoid == .tolls)
    #expect(frames[8].core.guidance == nil)
    #expect(frames.allSatisfy { $0.core.screen == .live })
  }
}
