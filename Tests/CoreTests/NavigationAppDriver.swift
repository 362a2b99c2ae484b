import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Core

/// Places and routes for the app tests: two route choices to every place but "Nowhere".
struct FakeRouteProvider: PlaceListProvider {
  static let home = Place(
    id: "home", name: "Kotikatu", coordinate: Coordinate(latitude: 60.20, longitude: 24.90))
  static let work = Place(
    id: "work", name: "Mannerheimintie", coordinate: Coordinate(latitude: 60.17, longitude: 24.94),
    category: "Offices")
  static let market = Place(
    id: "market", name: "Market Square",
    coordinate: Coordinate(latitude: 60.167, longitude: 24.953),
    category: "Sights")
  static let airport = Place(
    id: "airport", name: "Malmi Airport", coordinate: Coordinate(latitude: 60.25, longitude: 25.04),
    category: "Sights")
  static let nowhere = Place(
    id: "nowhere", name: "Nowhere", coordinate: Coordinate(latitude: 61, longitude: 25))

  let places = [work, market, airport, nowhere]

  func trip(
    to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads
  ) -> Navigation.Trip? {
    guard place.id != "nowhere" else { return nil }
    return Navigation.Trip(
      origin: origin ?? Coordinate(latitude: 60.16, longitude: 24.93),
      destination: place.coordinate, destinationNameVariants: [place.name],
      routeChoices: [
        Navigation.RouteChoice(
          route: nil, summaryVariants: ["4.2 km"], selectionSummaryVariants: ["9 min"],
          additionalInformationVariants: ["Fastest"]),
        Navigation.RouteChoice(
          route: nil, summaryVariants: ["3.8 km"], selectionSummaryVariants: ["12 min"]),
      ])
  }
}

/// Drives a `NavigationApp` with knob events the way a driver would, keeping every effect.
struct AppDriver {
  var app = NavigationApp(provider: FakeRouteProvider())
  var now = Date(timeIntervalSince1970: 2_000_000)
  /// Effects of the last event.
  var last: [NavigationApp.Effect] = []

  init(lists: PlaceLists? = nil, room: MapControlRoom = MapControlRoom(), music: Bool = false) {
    app = NavigationApp(
      provider: FakeRouteProvider(), configuration: InterfaceConfiguration(mapControls: room),
      music: music)
    send(.launch)
    if let lists { send(.restore(lists)) }
  }

  mutating func send(_ event: NavigationApp.Event) {
    now.addTimeInterval(1)
    last = app.handle(event, at: now)
  }

  mutating func press() { send(.interface(.press(.select, long: false))) }
  mutating func back() { send(.interface(.press(.back, long: false))) }
  mutating func home() { send(.interface(.press(.home, long: false))) }
  mutating func turn(_ detents: Int) { send(.interface(.encoder(detents))) }

  /// The knob's way from the map to a trip to the first favourite: Destinations,
  /// Favourites, the place, then Start on its preview.
  mutating func startTripToFirstFavourite() {
    for _ in 0..<4 { press() }
    turn(to: TripPreview.startElementID)
    press()
  }

  /// Turns the knob from the focused element to `element` of the top template by the
  /// shortest number of detents, the way a driver would.
  mutating func turn(to element: String) {
    let order = app.controller.topTemplate?.focusOrder ?? []
    guard let target = order.firstIndex(of: element) else {
      Issue.record("\(element) is not focusable in \(order)")
      return
    }
    let from = focused.flatMap { order.firstIndex(of: $0) } ?? -1
    turn(target - from)
  }

  /// The ids of the template stack, root first, then the presented template.
  var screens: [String] {
    app.controller.stack.map(\.id) + (app.controller.presented.map { [$0.id] } ?? [])
  }

  var focused: String? { app.controller.focusedElementID }
  var map: MapTemplate? { app.controller.map }
  var mapButtonIDs: [String] { map?.mapButtons.map(\.id) ?? [] }

  /// The effects of the last event that are not interface effects.
  var appEffects: [NavigationApp.Effect] {
    last.filter { if case .interface = $0 { false } else { true } }
  }
}
