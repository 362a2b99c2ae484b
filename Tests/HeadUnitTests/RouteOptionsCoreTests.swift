import Bridge
import Foundation
import Geo
import MapFile
import MapImport
import Navigation
import Routing
import Templates
import Testing

@testable import Core
@testable import HeadUnit

/// The route options through the car's core, over a map with a toll motorway and a free
/// road round it: the driver opens Route options from the trip preview (by knob, and by
/// touch during guidance), avoids tolls, and the preview, the trip, its reroutes, the saved
/// choice and a resumed trip all keep off the toll road.
@Suite("Route options through the core")
struct RouteOptionsCoreTests {
  static func at(_ east: Double, _ north: Double = 0) -> Coordinate {
    Coordinate(latitude: 60 + north / 100, longitude: 25 + east / 100)
  }

  /// A toll motorway straight from west to east, and a free road round by the north twice
  /// as long, its surface `detour` (none: paved).
  static func builder(detour surface: String? = nil) -> RoadMapBuilder {
    var b = RoadMapBuilder(country: "FI")
    let nodes: [Int64: (Double, Double)] = [
      1: (0, 0), 2: (1, 0), 3: (9, 0), 4: (10, 0), 5: (1, 4), 6: (9, 4),
    ]
    for (id, p) in nodes.sorted(by: { $0.key < $1.key }) {
      b.addNode(id: id, coordinate: at(p.0, p.1), tags: [:])
    }
    var free = ["highway": "primary"]
    free["surface"] = surface
    let ways: [([Int64], [String: String])] = [
      ([1, 2], ["highway": "primary"]),
      ([2, 3], ["highway": "motorway", "toll": "yes", "oneway": "no"]),
      ([3, 4], ["highway": "primary"]),
      ([2, 5, 6, 3], free),
    ]
    for (i, way) in ways.enumerated() {
      b.addWay(id: Int64(100 + i), nodes: way.0, tags: way.1)
    }
    return b
  }

  static let map: RoadMap? = try? builder().map()

  static let start = at(0.5)
  static let place = Place(id: "east", name: "East end", coordinate: at(9.5))

  /// The core over `map` with a router, and a clock on it with one fix at the start.
  static func clock(places: PlaceLists = PlaceLists(), trip: TripSnapshot? = nil) throws
    -> CoreClock
  {
    let map = try #require(Self.map, "the map does not build")
    var configuration = HeadUnitCore.Configuration()
    configuration.session.hasRouter = true
    let core = HeadUnitCore(
      provider: MapRouteProvider(map: map), phrases: DriveFixtures.phrases,
      configuration: configuration)
    var clock = CoreClock(core: core, places: places, trip: trip)
    clock.send(.position(.fix(fix(at: start, t: 1))), at: 1)
    return clock
  }

  static func fix(at coordinate: Coordinate, t: TimeInterval) -> Fix {
    Fix(
      time: Date(timeIntervalSince1970: 1_800_000_000 + t), mode: .threeD,
      coordinate: coordinate, speed: 12, course: 90, horizontalError: 3)
  }

  /// Turns the knob from the focused element to `element` of the top template and presses.
  static func choose(_ element: String, on clock: inout CoreClock, at t: TimeInterval) throws {
    let controller = clock.core.app.controller
    let order = controller.topTemplate?.focusOrder ?? []
    let target = try #require(order.firstIndex(of: element), "\(element) is not in \(order)")
    let from = controller.focusedElementID.flatMap { order.firstIndex(of: $0) } ?? -1
    if target != from {
      clock.send(.input(.rotated(detents: target - from, at: .zero)), at: t)
    }
    clock.send(.input(.button(role: .select, action: .press, at: .zero)), at: t + 0.05)
    clock.send(.input(.button(role: .select, action: .release, at: .zero)), at: t + 0.1)
  }

  static func back(_ clock: inout CoreClock, at t: TimeInterval) {
    clock.send(.input(.button(role: .back, action: .press, at: .zero)), at: t)
    clock.send(.input(.button(role: .back, action: .release, at: .zero)), at: t + 0.1)
  }

  /// The route of the preview's first choice.
  static func previewed(_ clock: CoreClock) -> Route? {
    clock.core.app.previewTrip?.routeChoices.first?.route
  }

  /// Answers every route request logged from `t` on with the offline router, as the
  /// daemon's routing queue does.
  static func answerRoutes(_ clock: inout CoreClock, from t: TimeInterval, at now: TimeInterval)
    throws -> [RouteRequest]
  {
    let map = try #require(Self.map)
    let service = RoutingService(server: nil, offline: Router(graph: map))
    let requests = clock.log.filter { $0.t >= t }.compactMap { entry -> RouteRequest? in
      if case .requestRoute(let request) = entry.effect { request } else { nil }
    }
    for request in requests {
      if case .routeComputed(let route) = service.answer(request).event {
        clock.send(.routeComputed(route), at: now)
      }
    }
    return requests
  }

  @Test(
    "avoid tolls by knob on a preview whose route had one; the trip and its reroute keep off it")
  func avoidTollsByKnob() throws {
    var clock = try Self.clock()
    clock.send(.navigate(Self.place, start: false), at: 2)
    let direct = try #require(Self.previewed(clock))
    #expect(direct.classes.contains(.tolls), "the fastest route takes the toll motorway")
    let preview = clock.core.app.controller.map?.tripPreview
    #expect(preview?.focusOrder.last == TripPreview.optionsElementID)
    #expect(preview?.optionsButtonTitle == "Options")

    try Self.choose(TripPreview.optionsElementID, on: &clock, at: 3)
    #expect(clock.core.app.controller.topTemplate?.id == NavigationApp.ID.routeOptions)
    try Self.choose(NavigationApp.optionID(.tolls), on: &clock, at: 4)
    guard case .list(let list)? = clock.core.app.controller.topTemplate else {
      Issue.record("the Route options screen is not on top")
      return
    }
    let tolls = list.allItems.first { $0.id == NavigationApp.optionID(.tolls) }
    #expect(tolls?.accessory == .checkmark)
    #expect(tolls?.text == "Avoid tolls")
    #expect(
      clock.log.contains {
        if case .savePlaces(let lists) = $0.effect { lists.avoid == .tolls } else { false }
      }, "the choice is saved at once")

    Self.back(&clock, at: 5)
    let around = try #require(Self.previewed(clock))
    #expect(!around.classes.contains(.tolls), "the preview is routed again without tolls")
    #expect(around.distance > direct.distance * 1.5)
    #expect(clock.core.app.previewTrip?.avoid == .tolls)

    try Self.choose(TripPreview.startElementID, on: &clock, at: 6)
    #expect(clock.core.session.trip?.avoid == .tolls)
    #expect(clock.core.session.route?.classes.contains(.tolls) == false)

    // Off the route, onto the toll road after all: the reroute asks to keep off tolls (and,
    // on the toll road already, goes on along it rather than back).
    clock.send(.position(.fix(Self.fix(at: Self.at(1.5), t: 10))), at: 10)
    for s in 11...20 {
      clock.send(
        .position(.fix(Self.fix(at: Self.at(1.5 + Double(s - 10) * 0.1), t: Double(s)))),
        at: Double(s))
    }
    let requests = try Self.answerRoutes(&clock, from: 10, at: 21)
    let reroute = try #require(requests.first { $0.reason == .reroute }, "no reroute was asked")
    #expect(reroute.avoid == .tolls)
  }

  @Test("during guidance, Route options by touch: turning tolls off reroutes onto the toll road")
  func changeDuringGuidanceByTouch() throws {
    var clock = try Self.clock(places: PlaceLists(avoid: .tolls))
    clock.send(.navigate(Self.place, start: true), at: 2)
    clock.send(.position(.fix(Self.fix(at: Self.at(0.6), t: 2.5))), at: 2.5)
    #expect(clock.core.session.route?.classes.contains(.tolls) == false)
    clock.send(.input(.tap(elementID: NavigationApp.ID.openRouteOptions, at: .zero)), at: 3)
    #expect(clock.core.app.controller.topTemplate?.id == NavigationApp.ID.routeOptions)
    clock.send(.input(.tap(elementID: NavigationApp.optionID(.tolls), at: .zero)), at: 4)
    Self.back(&clock, at: 5)
    let requests = try Self.answerRoutes(&clock, from: 5, at: 6)
    #expect(requests.map(\.avoid) == [[]], "one reroute, with no roads avoided")
    #expect(clock.core.session.route?.classes.contains(.tolls) == true)
    clock.send(.position(.fix(Self.fix(at: Self.at(0.7), t: 7))), at: 7)
    #expect(clock.core.session.state == .navigating, "\(clock.core.session.state)")
  }

  @Test("a resumed trip keeps its route options")
  func resumeKeepsOptions() throws {
    var clock = try Self.clock(places: PlaceLists(avoid: .tolls))
    clock.send(.navigate(Self.place, start: true), at: 2)
    clock.send(.position(.fix(Self.fix(at: Self.at(0.6, 0.1), t: 3))), at: 3)
    clock.send(.position(.fix(Self.fix(at: Self.at(0.7, 0.2), t: 14))), at: 14)
    let saved = try #require(clock.saves.last?.snapshot, "the trip was not saved")
    #expect(saved.trip.avoid == .tolls)
    let data = try JSONEncoder().encode(saved)
    let restored = try JSONDecoder().decode(TripSnapshot.self, from: data)
    #expect(restored.trip.avoid == .tolls)
    let resumed = try Self.clock(places: PlaceLists(avoid: .tolls), trip: restored)
    #expect(resumed.core.session.trip?.avoid == .tolls)
  }
}

/// Route options a bridge app or a dispatcher sends with a destination: that trip keeps
/// off those roads; the driver's own options are left as they were.
@Suite("Route options from a bridge app and a dispatch")
struct RouteOptionsHandedOverTests {
  static let client = BridgeClientID(1)

  static func line(_ text: String) -> HeadUnitCore.Event {
    .bridge(.line(client, BridgeDecoder.decode(Array(text.utf8))))
  }

  @Test("navigateTo with avoid: [tolls] previews the free road; the driver's options stay none")
  func bridgeTrip() throws {
    var clock = try RouteOptionsCoreTests.clock()
    clock.send(.bridge(.connected(Self.client)), at: 2)
    clock.send(Self.line(#"{"type":"hello","id":1,"version":1,"app":"t"}"#), at: 2)
    let end = RouteOptionsCoreTests.place.coordinate
    clock.send(
      Self.line(
        #"{"type":"navigateTo","id":2,"destination":{"latitude":\#(end.latitude),"longitude":\#(end.longitude),"name":"East"},"avoid":["tolls"]}"#
      ), at: 3)
    let route = try #require(RouteOptionsCoreTests.previewed(clock))
    #expect(!route.classes.contains(.tolls))
    #expect(clock.core.app.previewTrip?.avoid == .tolls)
    #expect(clock.core.app.lists.avoid == nil, "the driver's own options are not changed")
    // Cancelled, the next trip the driver picks has the driver's options again.
    RouteOptionsCoreTests.back(&clock, at: 4)
    #expect(clock.core.app.avoid == [])
  }

  @Test("a bridge app's avoid that is not a list of kinds is refused, naming the path")
  func bridgeBadAvoid() {
    let decoded = BridgeDecoder.decode(
      Array(
        #"{"type":"navigateTo","id":2,"destination":{"latitude":60,"longitude":25},"avoid":["boats"]}"#
          .utf8))
    guard case .failure(let error) = decoded.request else {
      Issue.record("decoded: \(decoded)")
      return
    }
    #expect(error.path == "$.avoid[0]", "\(error)")
    #expect(error.message.contains(#""tolls", "motorways", "ferries" or "unpaved""#), "\(error)")
  }

  @Test("a dispatch with avoid: the trip it offers keeps off the toll road")
  func dispatchTrip() throws {
    let dispatch = try FleetDispatch(
      payload: Data(
        #"{"id": "job-7", "lat": 60, "lon": 25.095, "name": "Depot", "avoid": ["tolls", "ferries"]}"#
          .utf8))
    #expect(dispatch.avoid == [.tolls, .ferries])
    var clock = try RouteOptionsCoreTests.clock()
    clock.send(.dispatch(dispatch), at: 2)
    let route = try #require(RouteOptionsCoreTests.previewed(clock))
    #expect(!route.classes.contains(.tolls))
    #expect(clock.core.app.previewTrip?.avoid == [.tolls, .ferries])
    #expect(throws: FleetCommandReply.self) {
      try FleetDispatch(payload: Data(#"{"lat": 60, "lon": 25, "avoid": "tolls"}"#.utf8))
    }
  }
}
