import Foundation
import Geo
import Navigation
import Templates
import Testing

@testable import Core

/// A provider with one street of many numbers, searched through the default over places.
struct StreetRouteProvider: PlaceListProvider {
  static let street = Place(
    id: "street.kotikatu", name: "Kotikatu",
    coordinate: Coordinate(latitude: 60.2, longitude: 24.9),
    street: 7)
  /// In order, as a map keeps them.
  static let numbers: [String] =
    (1...11).map(String.init) + ["11 a", "11 b"] + (12...30).map(String.init)

  let places = [street]

  func houseNumbers(onStreet place: Place) -> [Place] {
    guard place.street == 7 else { return [] }
    return Self.numbers.enumerated().map { i, number in
      Place(
        id: "address.7.\(Place.slug(number))", name: "Kotikatu \(number)",
        coordinate: Coordinate(latitude: 60.2 + Double(i) * 0.0001, longitude: 24.9),
        street: 7, houseNumber: number)
    }
  }

  func trip(
    to place: Place, from origin: Coordinate?, avoiding avoid: AvoidableRoads
  ) -> Navigation.Trip? {
    FakeRouteProvider().trip(to: place, from: origin)
  }
}

@Suite("House numbers in the app")
struct NavigationAppNumbersTests {
  /// The app on Kotikatu's provider, at its Search screen (from `position` when given),
  /// with `letters` spelled on the ring.
  static func searching(_ letters: String, from position: Coordinate? = nil) -> AppDriver {
    var d = AppDriver()
    d.app = NavigationApp(provider: StreetRouteProvider())
    d.send(.launch)
    if let position { d.send(.position(position)) }
    d.press()
    d.press()
    d.turn(to: "search")
    d.press()
    for c in letters {
      d.turn(to: RotarySpeller.Key.letter(c).elementID)
      d.press()
    }
    return d
  }

  /// The street chosen among the results.
  static func chooseStreet(_ d: inout AppDriver) {
    d.turn(to: SearchTemplate.resultElementID(StreetRouteProvider.street.id))
    d.press()
  }

  /// Search, "kot", the street.
  static func atStreet() -> AppDriver {
    var d = searching("kot")
    chooseStreet(&d)
    return d
  }

  static func rows(_ d: AppDriver) -> [String] {
    guard case .list(let list)? = d.app.controller.topTemplate else { return [] }
    return list.allItems.map(\.text)
  }

  @Test("the ring offers only letters that lead on; a street result has a chevron")
  func ringAndChevron() {
    let d = Self.searching("k")
    guard case .search(let search)? = d.app.controller.topTemplate else {
      Issue.record("search is not on top")
      return
    }
    #expect(search.speller.keys.map(\.label) == ["o", "␣", "⌫"])
    #expect(search.results.map(\.accessory) == [.disclosureIndicator])
  }

  @Test("32 numbers come in tens; a ten lists its numbers; a number previews its trip")
  func tens() {
    var d = Self.atStreet()
    #expect(d.app.controller.topTemplate?.id == NavigationApp.ID.houseNumbers)
    #expect(Self.rows(d) == ["1–9", "10–19", "20–29", "30–39"])
    d.turn(to: "\(NavigationApp.ID.houseNumbers).10")
    d.press()
    #expect(
      Self.rows(d) == ["10", "11", "11 a", "11 b", "12", "13", "14", "15", "16", "17", "18", "19"])
    let index = d.app.houseNumbers.firstIndex { $0.houseNumber == "11 a" }!
    d.turn(to: NavigationApp.ID.number("\(index)"))
    d.press()
    #expect(d.screens == ["map"])
    #expect(d.app.phase == .previewing(d.app.houseNumbers[index]))
  }

  @Test("while driving the speller is locked but the numbers still work, nearest first")
  func driving() {
    // Beside number 25 (the 27th of the street).
    var d = Self.searching("kot", from: Coordinate(latitude: 60.2 + 26 * 0.0001, longitude: 24.9))
    d.send(.interface(.vehicleSpeed(15)))
    Self.chooseStreet(&d)
    #expect(d.app.controller.isDrivingLimited)
    #expect(Self.rows(d).prefix(1) == ["25"])
    #expect(Self.rows(d).suffix(4) == ["1–9", "10–19", "20–29", "30–39"])
    d.turn(to: "\(NavigationApp.ID.houseNumbers).20")
    d.press()
    let index = d.app.houseNumbers.firstIndex { $0.houseNumber == "20" }!
    d.turn(to: NavigationApp.ID.number("\(index)"))
    d.press()
    #expect(d.app.phase == .previewing(d.app.houseNumbers[index]))
  }
}

@Suite("Search results in the app")
struct NavigationAppSearchResultsTests {
  @Test("a favourite the provider does not know is found by its name too")
  func favourites() {
    let garage = Place(
      id: "garage", name: "Kotigarage", coordinate: Coordinate(latitude: 60.21, longitude: 24.91))
    var d = AppDriver()
    d.app = NavigationApp(provider: StreetRouteProvider())
    d.send(.launch)
    d.send(.restore(PlaceLists(favourites: [garage])))
    #expect(d.app.found("koti").map(\.id) == [StreetRouteProvider.street.id, "garage"])
    #expect(d.app.found("kotig").map(\.id) == ["garage"])
    #expect(Set(d.app.nextLetters(after: "koti").keys) == ["k", "g"])
  }
}
