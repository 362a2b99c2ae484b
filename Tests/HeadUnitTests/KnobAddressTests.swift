import Foundation
import Geo
import MapFile
import Navigation
import Routing
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// The built-in app over the embedded Helsinki map reaches addresses with the knob alone:
/// spell the street, choose it, choose its number (through a group of ten when the street
/// has many), start guidance.
@Suite("Addresses by knob")
struct KnobAddressTests {
  static let map: RoadMap? = EmbeddedData.mapURL.flatMap { try? RoadMap(contentsOf: $0) }
  static let centre = Coordinate(latitude: 60.1699, longitude: 24.9384)

  /// Three addresses from the map itself: on its street with the most numbers, on one
  /// with a dozen or fewer, and on one in between; each with a road point the offline
  /// router reaches from the centre (a few road points sit on edges that turn
  /// restrictions or one-way pieces cut off; routes there end on the nearest road, which
  /// the search's own route tests count apart).
  static func addresses(of map: RoadMap) -> [(street: Int, address: Int)] {
    let router = Router(graph: map)
    func reachable(_ address: Int) -> Bool {
      let a = map.address(address)
      guard let road = a.roadPoint,
        let path = try? router.paths(from: centre, to: road, facing: a.coordinate).first
      else { return false }
      return Earth.distance(path.end, road.coordinate) < 1
    }
    let streets = (0..<map.streetCount).filter { s in
      let street = map.street(s)
      return !street.addresses.isEmpty && street.name.allSatisfy { $0.isLetter || $0 == " " }
    }
    .sorted { map.street($0).addresses.count > map.street($1).addresses.count }
    let candidates: [Int?] = [
      streets.first, streets.first { map.street($0).addresses.count <= 12 },
      streets[streets.count / 4],
    ]
    return candidates.compactMap { street -> (street: Int, address: Int)? in
      guard let street else { return nil }
      let numbers = Array(map.street(street).addresses)
      let middleOut = numbers.indices.sorted {
        abs($0 - numbers.count / 2) < abs($1 - numbers.count / 2)
      }
      return middleOut.lazy.map { numbers[$0] }.first(where: reachable).map { (street, $0) }
    }
  }

  @Test("three Helsinki addresses by knob: spelled, chosen, numbered, guided to within 30 m")
  func threeAddresses() throws {
    let map = try #require(Self.map, "the embedded map does not open")
    let provider = MapRouteProvider(map: map)
    let picks = Self.addresses(of: map)
    #expect(picks.count == 3)
    #expect(map.street(picks[0].street).addresses.count > NavigationApp.numbersPerList)
    for (street, index) in picks {
      let address = map.address(index)
      var knob = Knob(app: NavigationApp(provider: provider))
      knob.send(.launch)
      knob.send(.position(Self.centre))
      try knob.drive(toStreet: street, named: map.street(street).name, number: address.number)
      let trip = try #require(knob.startedTrip, "\(address.street) \(address.number)")
      let end = try #require(trip.routeChoices.first?.route?.destination)
      let roadPoint = try #require(address.roadPoint)
      #expect(
        Earth.distance(end, roadPoint.coordinate) <= 30,
        "\(address.street) \(address.number): the route ends \(Earth.distance(end, roadPoint.coordinate)) m away"
      )
      guard case .navigating(let place) = knob.app.phase else {
        Issue.record("not navigating to \(address.street) \(address.number)")
        continue
      }
      #expect(place.houseNumber == address.number)
      // A street of many numbers went through a group of them.
      let many = map.street(street).addresses.count > NavigationApp.numbersPerList
      #expect(knob.screens.contains { $0.hasPrefix("\(NavigationApp.ID.houseNumbers).") } == many)
      var session = NavigationSession(phrases: try Phrasebook(language: "en"))
      for case .session(let event) in knob.effects { _ = session.handle(event, at: knob.now) }
      #expect(session.state.isActive)
      #expect(session.route?.destination == end)
    }
  }

  @Test("a number typed first (\"13 manner…\"): the ring offers the street's letters")
  func numberFirst() throws {
    let map = try #require(Self.map, "the embedded map does not open")
    let index = try #require(
      (0..<map.addressCount).first {
        let a = map.address($0)
        return a.number.allSatisfy(\.isNumber) && a.street.count > 6
          && a.street.allSatisfy { $0.isLetter }
      })
    let address = map.address(index)
    var knob = Knob(app: NavigationApp(provider: MapRouteProvider(map: map)))
    knob.send(.launch)
    knob.press()
    try knob.choose(NavigationApp.ID.destinations)
    try knob.choose(NavigationApp.ID.search)
    let typed = "\(address.number) \(PlaceMatcher.fold(address.street).prefix(5))"
    for c in typed {
      try knob.choose(
        c == " " ? RotarySpeller.Key.space.elementID : RotarySpeller.Key.letter(c).elementID)
    }
    guard case .search(let search)? = knob.app.controller.topTemplate else {
      Issue.record("search is not on top")
      return
    }
    #expect(
      search.results.contains { $0.text.hasPrefix("\(address.street) \(address.number)") },
      "\(typed): \(search.results.map(\.text))")
    // Only letters that still lead to an address with that number.
    let letters = search.speller.keys.compactMap {
      if case .letter(let c) = $0 { c } else { nil }
    }
    #expect(
      Set(letters) == Set(knob.app.provider.nextLetters(after: typed).keys).subtracting([" "]))
  }
}

extension KnobAddressTests {
  @Test("Nearby by knob on the map: the first category's nearest place previews its trip")
  func nearbyByKnob() throws {
    let map = try #require(Self.map, "the embedded map does not open")
    var knob = Knob(app: NavigationApp(provider: MapRouteProvider(map: map)))
    knob.send(.launch)
    knob.send(.position(Self.centre))
    knob.press()
    try knob.choose(NavigationApp.ID.destinations)
    try knob.choose(NavigationApp.ID.nearby)
    guard case .grid(let grid)? = knob.app.controller.topTemplate else {
      Issue.record("Nearby is not on top")
      return
    }
    let category = try #require(grid.buttons.first)
    try knob.choose(category.id)
    guard case .pointOfInterest(let points)? = knob.app.controller.topTemplate else {
      Issue.record("the category's places are not on top")
      return
    }
    let distances = points.points.map { Earth.distance($0.coordinate, Self.centre) }
    #expect(!distances.isEmpty && distances == distances.sorted(), "nearest first")
    let nearest = try #require(points.points.first)
    try knob.choose(nearest.id)
    guard case .previewing(let place) = knob.app.phase else {
      Issue.record("no preview: \(knob.app.phase)")
      return
    }
    #expect(place.name == nearest.title && place.category == category.title)
  }
}

/// Rotations and presses for a `NavigationApp`, keeping every effect.
struct Knob {
  var app: NavigationApp
  var now = Date(timeIntervalSince1970: 3_000_000)
  var effects: [NavigationApp.Effect] = []
  /// The top template after each press.
  var screens: [String] = []

  mutating func send(_ event: NavigationApp.Event) {
    now.addTimeInterval(1)
    effects += app.handle(event, at: now)
  }

  mutating func press() {
    send(.interface(.press(.select, long: false)))
    screens.append(app.controller.topTemplate?.id ?? "")
  }

  /// Turns from the focused element to `element` of the top template, then presses.
  mutating func choose(_ element: String) throws {
    let order = app.controller.topTemplate?.focusOrder ?? []
    let target = try #require(order.firstIndex(of: element), "\(element) is not in \(order)")
    let from = app.controller.focusedElementID.flatMap { order.firstIndex(of: $0) } ?? -1
    if target != from { send(.interface(.encoder(target - from))) }
    press()
  }

  var topList: ListTemplate? {
    if case .list(let list)? = app.controller.topTemplate { list } else { nil }
  }

  /// From the bare map: Destinations, Search, the street spelled until it is a result,
  /// the street, its number (through its group), Start.
  mutating func drive(toStreet street: Int, named name: String, number: String) throws {
    press()
    try choose(NavigationApp.ID.destinations)
    try choose(NavigationApp.ID.search)
    let result = SearchTemplate.resultElementID("street.\(street)")
    for c in PlaceMatcher.fold(name) {
      guard case .search(let search)? = app.controller.topTemplate else { break }
      if search.results.contains(where: { $0.id == result }) { break }
      try choose(
        c == " " ? RotarySpeller.Key.space.elementID : RotarySpeller.Key.letter(c).elementID)
    }
    try choose(result)
    let target = try #require(app.houseNumbers.firstIndex { $0.houseNumber == number })
    // Through the groups (of hundreds, then tens) holding the number.
    while let list = topList,
      !list.allItems.contains(where: { $0.id == NavigationApp.ID.number("\(target)") })
    {
      let rows = Set(list.allItems.map(\.id))
      let group = try #require(
        app.numberGroups.first { rows.contains($0.key) && $0.value.indices.contains(target) })
      try choose(group.key)
    }
    try choose(NavigationApp.ID.number("\(target)"))
    try choose(TripPreview.startElementID)
  }

  /// The trip handed to the session when guidance started.
  var startedTrip: Navigation.Trip? {
    effects.compactMap {
      if case .session(.preview(let trip)) = $0 { trip } else { nil }
    }.last
  }
}
